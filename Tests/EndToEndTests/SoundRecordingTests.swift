import CamschedTestSupport
import Foundation
import Testing

/// A recording with the test microphone, through the binary: every segment has one picture
/// and one sound stream; the sound of all segments is one unbroken run (the clicks of the test
/// microphone exactly one second of samples apart, across every cut: no sample doubled or
/// lost); sound and picture in step within one frame at the start and the end of every
/// segment, measured from the files (the first picture's capture time drawn in its pixels,
/// each click at a whole second of the same clock); the sidecars' counts and offsets agree.
@Suite struct SoundRecordingTests {
    static let (width, height, rate) = (640, 360, 48_000)

    @Test func segmentsCarryGaplessSoundInStepWithThePicture() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("rec.json", """
        {"name": "rec", "camera": {"device": "test:?size=\(Self.width)x\(Self.height)&fps=30&audio=tone", "audio": {}},
         "capture": {"record": {"duration": "13s", "segment": "4s"}},
         "output": {"root": "out"}}
        """)
        let result = try CamschedBinary.run(["run", job.path], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let movies = JobFixtures.filed(dir, ext: "mp4").sorted { $0.path < $1.path }
        #expect(movies.count == 4)
        var carried: Int?  // samples from the last click of the segment before to its end
        for movie in movies {
            let sound = try SoundProbe.probe(movie)
            let sidecar = try JobFixtures.sidecar(movie)
            let audio = try #require(sidecar["audio"] as? [String: Any], "\(movie.lastPathComponent) has no audio in its sidecar")
            #expect(sound.streamTypes.sorted() == ["audio", "video"])
            #expect(sound.rate == Self.rate && audio["rate"] as? Int == Self.rate)
            // What a player hears: every packet's 1024 samples (the last one, of a recording's end, whole).
            let samples = try #require(audio["samples"] as? Int)
            let isLast = movie == movies.last
            #expect(isLast ? (sound.samples.count + 1023) / 1024 == (samples + 1023) / 1024 : sound.samples.count == samples,
                    "\(movie.lastPathComponent): decoded \(sound.samples.count), sidecar \(samples)")
            let offset = try #require(audio["offsetSeconds"] as? Double)
            #expect(abs(offset - sound.startSeconds) < 0.001, "sidecar \(offset), file \(sound.startSeconds)")
            let clicks = sound.clicks
            #expect(clicks.count >= (isLast ? 0 : 3), "\(movie.lastPathComponent): clicks at \(clicks)")
            for (a, b) in zip(clicks, clicks.dropFirst()) { #expect(abs(b - a - Self.rate) <= 48, "clicks \(a) → \(b)") }
            if let carried, let first = clicks.first {
                #expect(abs(carried + first - Self.rate) <= 48, "across the cut into \(movie.lastPathComponent): \(carried) + \(first) (clicks \(clicks), decoded \(sound.samples.count))")
            }
            carried = clicks.last.map { sound.samples.count - $0 }
            // In step: each click is at a whole second of the clock the first picture was stamped with.
            let picture = Double(try SoundProbe.firstPictureMilliseconds(movie, width: Self.width, height: Self.height)) / 1000
            for click in [clicks.first, clicks.last].compactMap({ $0 }) {
                let captured = picture + sound.startSeconds + Double(click) / Double(Self.rate)
                let fromWholeSecond = captured - captured.rounded()
                #expect(abs(fromWholeSecond) < 1.0 / 30, "\(movie.lastPathComponent): a click \(fromWholeSecond) s from its second")
            }
        }
    }
}
