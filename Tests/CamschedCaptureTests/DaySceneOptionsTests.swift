import CamschedCapture
import CamschedCore
import Foundation
import Testing

/// `test:?scene=day&…`: its options, their limits and messages, and the gain controls the test
/// camera lists (as `camsched devices --probe test:` prints them).
@Suite struct DaySceneOptionsTests {
    static func options(_ uri: String) throws -> SyntheticCameraOptions {
        guard case .test(let options) = try DeviceURI(parsing: uri) else { throw CameraError.invalidState("not test:") }
        return options
    }

    @Test func theDaySceneTakesAPlaceAStartAndATimeScale() throws {
        let day = try #require(try Self.options("test:?scene=day&latitude=-55.5&longitude=-68.3&start=2026-06-21T05:00:00%2B02:00&timeScale=144").dayScene)
        #expect(day.location == GeoLocation(latitude: -55.5, longitude: -68.3))
        #expect(day.start == Date(timeIntervalSince1970: 1_782_010_800))
        #expect(day.timeScale == 144)
        let defaults = try #require(try Self.options("test:?scene=day").dayScene)
        #expect(defaults.location == GeoLocation(latitude: 52.52, longitude: 13.40))
        #expect(defaults.start == nil && defaults.timeScale == 1)
        #expect(try Self.options("test:").dayScene == nil)
        #expect(try Self.options("test:?scene=pattern&pattern=noise").dayScene == nil)
        #expect(try Self.options("test:?scene=day&start=2026-06-21T03:00:00.250Z").dayScene?.start
            == Date(timeIntervalSince1970: 1_782_010_800.25))
    }

    @Test(arguments: [
        ("test:?scene=night", "scene=night: scene is day"),
        ("test:?scene=day&latitude=91", "latitude=91: latitude is degrees from -90 to 90"),
        ("test:?scene=day&longitude=181", "longitude=181: longitude is degrees from -180 to 180"),
        ("test:?scene=day&latitude=nan", "latitude=nan"),
        ("test:?scene=day&start=yesterday", "start=yesterday: start is an RFC 3339 time"),
        ("test:?scene=day&start=2026-06-21", "start=2026-06-21: start is an RFC 3339 time"),
        ("test:?scene=day&timeScale=0", "timeScale=0: timeScale is scene seconds per camera second"),
        ("test:?scene=day&timeScale=1e9", "timeScale=1e9"),
        ("test:?latitude=10", "latitude applies to the day scene only: add scene=day"),
        ("test:?timeScale=2", "timeScale applies to the day scene only"),
        ("test:?sun=1", "test: takes size, fps, format, gop, pattern, pace, card, disconnectAfter, returnAfter, disconnects, errorAfter, dropPercent, busy, controls, audio, audioRate, audioLostAfter, audioReturnAfter, scene, latitude, longitude, start, timeScale"),
    ])
    func badOptionsAreNamed(uri: String, message: String) {
        do {
            _ = try DeviceURI(parsing: uri)
            Issue.record("\(uri) was accepted")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    @Test func theTestCameraListsGainAndAutoGain() throws {
        let camera = Camera.synthetic(options: SyntheticCameraOptions(), uri: "test:gain-controls")
        try camera.open()
        defer { camera.close() }
        let controls = try camera.controls()
        let gain = try #require(controls.first { $0.meaning == .gain })
        #expect(gain.name == "gain" && gain.kind == .integer)
        #expect(gain.minimum == 100 && gain.maximum == 1600 && gain.defaultValue == .integer(100) && gain.value == .integer(100))
        let auto = try #require(controls.first { $0.meaning == .autoGain })
        #expect(auto.name == "gain_automatic" && auto.kind == .boolean && auto.value == .integer(1))
        #expect(V4L2ControlTable.gain == 0x0098_0913 && V4L2ControlTable.autoGain == 0x0098_0912)
        #expect(try camera.setControl(.meaning(.gain), to: .integer(5000)) == .integer(1600))
        #expect(try camera.getControl(.meaning(.gain)) == .integer(1600))
        var bare = SyntheticCameraOptions()
        bare.controls = false
        let plain = Camera.synthetic(options: bare, uri: "test:gain-none")
        try plain.open()
        defer { plain.close() }
        #expect(try plain.controls().allSatisfy { $0.meaning != .gain && $0.meaning != .autoGain })
    }
}
