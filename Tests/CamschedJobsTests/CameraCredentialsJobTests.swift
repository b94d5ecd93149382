import CamschedCore
import Foundation
import Testing
@testable import CamschedJobs

/// `camera.credentials` in a job file: a file's path (relative to the job file), `{"file"}` or
/// `{"environment"}`, checked by validate as far as it can, each problem at its key with the fix.
@Suite struct CameraCredentialsJobTests {
    let dir: URL

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("credjob-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    func credentialsFile(_ name: String, mode: Int, text: String = "cam:pw-9x\n") throws -> String {
        let file = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
        return file.path
    }

    func load(_ camera: String, environment: [String: String] = [:]) throws -> Job {
        try JobLoader.load(data: Data(#"{"name": "c", "camera": \#(camera), "capture": {"record": {"duration": "2s"}}}"#.utf8),
                           sourceURL: dir.appendingPathComponent("job.json"), environment: environment)
    }

    func problems(_ camera: String, environment: [String: String] = [:]) -> String {
        do {
            _ = try load(camera, environment: environment)
            return "no problems"
        } catch {
            return "\(error)"
        }
    }

    @Test func aFileNextToTheJobIsTakenByItsFullPath() throws {
        let path = try credentialsFile("shed.credentials", mode: 0o600)
        let job = try load(#"{"device": "rtsp://cam/s", "credentials": "shed.credentials"}"#)
        #expect(job.camera.credentials == .file(path))
        let object = try load(#"{"device": "rtsp://cam/s", "credentials": {"file": "\#(path)"}}"#)
        #expect(object.camera.credentials == .file(path))
    }

    @Test func aFileOthersCanReadIsRefusedAtItsKeyWithChmod() throws {
        let path = try credentialsFile("open.credentials", mode: 0o644)
        let text = problems(#"{"device": "rtsp://cam/s", "credentials": "open.credentials"}"#)
        #expect(text.contains("camera.credentials") && text.contains("mode 0644") && text.contains("chmod 600 \(path)"), "\(text)")
        #expect(!text.contains("pw-9x"), "\(text)")
    }

    @Test func aMissingOrMalformedFileIsRefusedWithoutQuotingIt() throws {
        let missing = problems(#"{"device": "rtsp://cam/s", "credentials": "none.credentials"}"#)
        #expect(missing.contains("camera.credentials") && missing.contains("does not exist"), "\(missing)")
        _ = try credentialsFile("bad.credentials", mode: 0o600, text: "pw-9x-only\n")
        let malformed = problems(#"{"device": "rtsp://cam/s", "credentials": {"file": "bad.credentials"}}"#)
        #expect(malformed.contains("camera.credentials.file") && malformed.contains("one line user:password"), "\(malformed)")
        #expect(!malformed.contains("pw-9x"), "\(malformed)")
    }

    @Test func aVariableMustBeSetAndHoldALogin() throws {
        let job = try load(#"{"device": "rtsp://cam/s", "credentials": {"environment": "SHED_CAMERA"}}"#,
                           environment: ["SHED_CAMERA": "cam:pw"])
        #expect(job.camera.credentials == .environment("SHED_CAMERA"))
        let unset = problems(#"{"device": "rtsp://cam/s", "credentials": {"environment": "SHED_CAMERA"}}"#)
        #expect(unset.contains("camera.credentials.environment") && unset.contains("SHED_CAMERA is not set"), "\(unset)")
        let name = problems(#"{"device": "rtsp://cam/s", "credentials": {"environment": "1 X"}}"#)
        #expect(name.contains("not an environment variable's name"), "\(name)")
        let both = problems(#"{"device": "rtsp://cam/s", "credentials": {"environment": "A", "file": "f"}}"#)
        #expect(both.contains("either \"file\" or \"environment\""), "\(both)")
    }

    @Test func theDefaultVariableIsCheckedForANetworkCamera() {
        let bad = problems(#"{"device": "http://cam/video.mjpg"}"#, environment: ["CAMSCHED_CAMERA_CREDENTIALS": "no-colon-pw"])
        #expect(bad.contains("camera.device") && bad.contains("CAMSCHED_CAMERA_CREDENTIALS must hold one line user:password"), "\(bad)")
        #expect(!bad.contains("no-colon-pw"))
        #expect(problems(#"{"device": "test:"}"#, environment: ["CAMSCHED_CAMERA_CREDENTIALS": "no-colon-pw"]) == "no problems")
    }

    @Test func credentialsWithoutANetworkCameraAreRefused() throws {
        _ = try credentialsFile("ok.credentials", mode: 0o600)
        let text = problems(#"{"device": ["/dev/video0", "test:"], "credentials": "ok.credentials"}"#)
        #expect(text.contains("camera.credentials") && text.contains("for network cameras"), "\(text)")
        #expect(problems(#"{"device": ["/dev/video0", "rtsp://cam/s"], "credentials": "ok.credentials"}"#) == "no problems")
    }
}
