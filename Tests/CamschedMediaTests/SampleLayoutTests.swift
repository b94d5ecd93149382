import CamschedMedia
import Testing

/// A decoder's samples, whatever their layout, become 16-bit interleaved samples.
@Suite struct SampleLayoutTests {
    @Test func planarFloatsAreInterleavedAndScaled() {
        let left: [Float] = [0, 0.5, -1, 1.5]
        let right: [Float] = [-0.5, 1, 0.25, -2]
        let out = left.withUnsafeBytes { l in
            right.withUnsafeBytes { r in
                SampleLayout(.float, planar: true).interleavedInt16(planes: [l.baseAddress!, r.baseAddress!], frames: 4, channels: 2)
            }
        }
        // ±1 is ±32767; beyond is clipped.
        #expect(out == [0, -16384, 16384, 32767, -32767, 8192, 32767, -32768])
    }

    @Test func packedIntegersKeepTheirOrderAndTopBits() {
        let s16: [Int16] = [1, -2, 300, -400]
        let packed = s16.withUnsafeBytes { SampleLayout(.s16, planar: false).interleavedInt16(planes: [$0.baseAddress!], frames: 2, channels: 2) }
        #expect(packed == s16)
        let s32: [Int32] = [0x7FFF_0000, -0x0001_0000, 0x0123_4567]
        let top = s32.withUnsafeBytes { SampleLayout(.s32, planar: false).interleavedInt16(planes: [$0.baseAddress!], frames: 3, channels: 1) }
        #expect(top == [32767, -1, 0x0123])
        let u8: [UInt8] = [128, 255, 0]
        let centred = u8.withUnsafeBytes { SampleLayout(.u8, planar: true).interleavedInt16(planes: [$0.baseAddress!], frames: 3, channels: 1) }
        #expect(centred == [0, 127 << 8, -128 << 8])
    }
}
