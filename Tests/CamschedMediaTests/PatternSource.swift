import CamschedCore
@testable import CamschedMedia
import CamschedV4L2
import Foundation

/// Synthetic camera frames at given times, for the tests.
enum PatternSource {
    /// Frame `number` at `seconds` after an arbitrary monotonic origin.
    static func frame(_ number: Int, at seconds: Double, width: Int = 320, height: Int = 180,
                      format: FourCC = .yu12, metadata: FrameMetadata = FrameMetadata()) throws -> VideoFrame {
        try SyntheticPattern.makeFrame(width: width, height: height, pixelFormat: format, frameNumber: UInt32(number),
                                       timestampNanoseconds: 5_000_000_000 + Int64((seconds * 1e9).rounded()),
                                       wallClock: Date(timeIntervalSince1970: 1_700_000_000 + seconds),
                                       metadata: metadata)
    }

    /// The frame numbers read back from every frame of a movie, in presentation order.
    static func frameNumbers(in url: URL) throws -> [UInt32?] {
        let reader = try MovieReader(url: url)
        var numbers: [UInt32?] = []
        while let frame = try reader.nextFrame() { numbers.append(SyntheticPattern.readFrameNumber(from: frame.picture)) }
        return numbers
    }
}
