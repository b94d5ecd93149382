import CamschedCore
import CamschedCapture
import CamschedMedia
import CamschedTestSupport
import CamschedV4L2
import Foundation
import Testing

/// The cold still's path on vivid (issue 15): the controls a still's EXIF needs read by id,
/// two driver buffers and no capture thread, and a snapshot whose EXIF fields are exactly those
/// of a job's still (run inside the guest by `make test`).
@Suite(.serialized, .enabled(if: VividEnvironment.isPresent))
struct VividStillPathTests {
    @Test func controlValuesByIdAreWhatTheFullListingReads() throws {
        let device = try VividEnvironment.captureDevice()
        defer { device.close() }
        // vivid's volatile controls (gain under auto gain) change between two reads.
        let listed = try device.controls.list().filter { $0.type != .ctrlClass && !$0.isVolatile }
        let integers = listed.filter { $0.type == .integer }.prefix(3)
        let picked = Array(integers) + [listed.first { $0.type == .menu }, listed.first { $0.type == .boolean },
                                        listed.first { $0.type == .button }, listed.first { $0.type == .string }].compactMap { $0 }
        try #require(integers.count == 3 && picked.count >= 6, "vivid's controls: \(listed.map(\.name))")
        var expected: [String: Int64] = [:]
        for control in picked where control.type != .button && control.type != .string {
            let value: Int64 = try #require(control.value, "\(control.name)")
            expected[control.name] = value
        }
        // A button and a string have no integer value; those EXIF asks for vivid lacks.
        let exif = (MetadataControls.exif.keys ?? []).compactMap { key -> UInt32? in
            if case let .meaning(meaning) = key { return V4L2ControlTable.ids[meaning] }
            return nil
        }
        #expect(exif.count == 3)
        #expect(try device.controls.values(ids: picked.map(\.id) + exif) == expected)
        #expect(try device.controls.values(ids: exif).isEmpty)
    }

    /// The values frames carry (read after every warm-up and return) come from a listing
    /// without the menus' items, and are the full listing's values.
    @Test func allControlValuesAreTheFullListingsWithoutReadingMenus() throws {
        let device = try VividEnvironment.captureDevice()
        defer { device.close() }
        let listed = try device.controls.list()
        let bare = try device.controls.list(menus: false)
        #expect(bare.map(\.id) == listed.map(\.id))
        #expect(bare.allSatisfy { $0.menuItems.isEmpty } && listed.contains { !$0.menuItems.isEmpty })
        // vivid's volatile controls (gain under auto gain) change between two reads.
        let volatile = Set(listed.filter(\.isVolatile).map(\.name))

        let camera = Camera.v4l2(path: VividEnvironment.primary)
        try camera.open()
        defer { camera.close() }
        var expected = try camera.controls().reduce(into: [String: Int64]()) { all, control in
            if control.kind != .button, let value = control.value?.integer { all[control.name] = value }
        }
        var values = try camera.allControlValues()
        for name in volatile { values[name] = nil; expected[name] = nil }
        #expect(values == expected)
        #expect(values.count > 20, "vivid's controls: \(values.keys.sorted())")
    }

    @Test func aStillStreamsFromTwoBuffersWithoutACaptureThread() throws {
        try VividEnvironment.captureDevice().close()
        let camera = Camera.v4l2(path: VividEnvironment.primary, bufferCount: 1)
        #expect((camera.backend as? V4L2Backend)?.bufferCount == V4L2Backend.fewestBuffers)
        let session = CaptureSession(camera: camera)
        defer { session.close() }
        var request = CameraRequest()
        request.size = .exact(width: 320, height: 180)
        request.pixelFormat = .yuyv
        request.fps = 30
        try session.configure(request)
        try session.start(warmup: .zero, controls: .exif, deliverFrames: false)
        var sequences: [UInt32] = []
        for _ in 0..<4 {
            let frame = try #require(try session.takeFrame(timeout: .seconds(10)))
            #expect(frame.width == 320 && frame.height == 180 && frame.bytes.count >= 320 * 180 * 2)
            #expect(frame.metadata.controls == [:], "vivid has none of the controls EXIF reads")
            sequences.append(frame.sequence)
        }
        #expect(sequences == sequences.sorted() && Set(sequences).count == 4, "\(sequences)")
        // Each frame went back to the driver when released: none had to be copied.
        #expect(camera.framesCopiedOut == 0)
        // Holding one frame leaves the driver a single buffer: the next frame is copied out
        // and its buffer given back at once, so the stream never stalls.
        let held = try #require(try session.takeFrame(timeout: .seconds(10)))
        try withExtendedLifetime(held) {
            let next = try #require(try session.takeFrame(timeout: .seconds(10)))
            #expect(next.sequence > held.sequence)
            #expect(camera.framesCopiedOut == 1)
            let again = try #require(try session.takeFrame(timeout: .seconds(10)))
            #expect(again.sequence > next.sequence && camera.framesCopiedOut == 2)
        }
        #expect(session.framesDelivered == 7)
    }

    @Test func snapshotIsAJPEGOfTheRequestedSizeWithTheJobStillsEXIF() throws {
        try VividEnvironment.captureDevice().close()
        let dir = try TemporaryDirectory()
        let out = dir.file("snap.jpg")
        let zone = ["TZ": "Asia/Kolkata"]
        let snap = try CamschedBinary.run(["snapshot", "--device", VividEnvironment.primary, "--size", "640x360", "--warmup", "0",
                                           "-o", out.path], environment: zone, timeout: 180)
        #expect(snap.status == 0, "\(snap.stderr)")
        let probe = try MediaProbe.probe(out)
        #expect(probe.codec == "mjpeg" && probe.width == 640 && probe.height == 360)
        let job = try dir.write("one.json", """
        {"name": "one", "camera": {"device": "\(VividEnvironment.primary)", "size": "640x360", "warmup": "0s"},
         "capture": {"interval": {"every": "1s", "count": 1}}, "output": {"root": "out", "path": "{seq}", "catalog": false}}
        """)
        let run = try CamschedBinary.run(["run", job.path, "--no-progress"], environment: zone, timeout: 180)
        #expect(run.status == 0, "\(run.stderr)")
        let snapshot = ExifReader.tags(ofJPEG: try Data(contentsOf: out))
        var still = ExifReader.tags(ofJPEG: try Data(contentsOf: dir.file(try #require(dir.files().first { $0.hasPrefix("out/") && $0.hasSuffix(".jpg") }))))
        #expect(still["0:0x010e"]?.hasPrefix("job one run ") == true, "\(still)")
        still["0:0x010e"] = nil  // ImageDescription: a job's, not a snapshot's
        #expect(Set(snapshot.keys) == Set(still.keys), "snapshot \(snapshot.keys.sorted()), job still \(still.keys.sorted())")
        let times: Set = ["0:0x0132", "EXIF:0x9003", "EXIF:0x9291"]
        for (tag, value) in still where !times.contains(tag) {
            #expect(snapshot[tag] == value, "\(tag): snapshot \(snapshot[tag] ?? "none"), job still \(value)")
        }
        #expect(snapshot["0:0x010f"] == "vivid" && snapshot["0:0x0110"] == "vivid", "Make and Model: \(snapshot)")
        #expect(snapshot["EXIF:0x9011"] == "+05:30", "OffsetTimeOriginal: \(snapshot)")
    }
}
