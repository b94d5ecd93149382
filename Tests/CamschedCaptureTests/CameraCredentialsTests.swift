import CamschedCore
import CamschedTestSupport
import Foundation
import Testing

/// A network camera's login: `user:password` parsed as documented, percent-encoded into the
/// URL, read only from a file closed to others, and never printed.
@Suite struct CameraCredentialsTests {
    static let source = CameraCredentialsSource.environment("T")

    @Test func theUserEndsAtTheFirstColonAndThePasswordIsTheRestAsItIs() throws {
        let login = try CameraCredentials(parsing: "admin:p:w@d%/x y\n", from: Self.source)
        #expect(login.user == "admin" && login.password == "p:w@d%/x y")
        #expect(try CameraCredentials(parsing: "a:b\r\n", from: Self.source).password == "b")
        #expect(try CameraCredentials(parsing: "a:", from: Self.source).password == "")
        #expect("\(login)" == "admin:***" && String(reflecting: login) == "admin:***")
    }

    @Test(arguments: ["", "\n", "admin", ":pw", "a:b\nc:d", "a:b\u{7}"])
    func textThatIsNotOneLineUserColonPasswordIsRefusedWithoutQuotingIt(text: String) {
        do {
            _ = try CameraCredentials(parsing: text, from: Self.source)
            Issue.record("\(text.debugDescription) was taken")
        } catch {
            #expect(error.description.contains("the environment variable T must hold one line user:password"), "\(error)")
            #expect(text.count < 3 || !error.description.contains(text), "\(error)")
        }
    }

    @Test func theURLCarriesTheLoginPercentEncoded() throws {
        let address = try #require(try NetworkCameraAddress(parsing: "rtsp://cam:554/s?a=1", uri: "rtsp://cam:554/s?a=1"))
        let login = try CameraCredentials(parsing: "ad min:p:w@d%/x é", from: Self.source)
        #expect(address.url(loggingInAs: login) == "rtsp://ad%20min:p%3Aw%40d%25%2Fx%20%C3%A9@cam:554/s?a=1")
        #expect(address.url(loggingInAs: nil) == "rtsp://cam:554/s?a=1")
        #expect(address.url == "rtsp://cam:554/s?a=1")
    }

    @Test func aLibrarysTextIsMaskedWhereverItQuotesTheLogin() throws {
        let login = try CameraCredentials(parsing: "u:se cr/et", from: Self.source)
        let text = "avformat_open_input(rtsp://u:se%20cr%2Fet@cam/s) failed; se cr/et"
        #expect(login.masking(text) == "avformat_open_input(rtsp://***@cam/s) failed; ***")
        #expect(NetworkCameraAddress.maskedEverywhere("a http://x:y@h/p b rtsp://h/q") == "a http://***@h/p b rtsp://h/q")
    }

    @Test func aFileOfMode600Or400IsRead() throws {
        let dir = try TemporaryDirectory()
        for mode in [0o600, 0o400] {
            let file = try dir.write("c\(mode)", "cam:pw\n")
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
            #expect(try CameraCredentialsSource.file(file.path).load().password == "pw")
        }
    }

    @Test(arguments: [0o644, 0o640, 0o604, 0o660, 0o666, 0o700 | 0o001])
    func aFileOthersCanReadIsRefusedWithTheFix(mode: Int) throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("c", "cam:hunter2-pw\n")
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
        #expect(throws: CameraCredentialsError.fileTooOpen(path: file.path, mode: UInt32(mode))) {
            try CameraCredentialsSource.file(file.path).load()
        }
        #expect(throws: CameraCredentialsError.fileTooOpen(path: file.path, mode: UInt32(mode))) {
            try CredentialsFile.checkWithoutReading(file.path)
        }
        let text = CameraCredentialsError.fileTooOpen(path: file.path, mode: UInt32(mode)).description
        #expect(text.contains(String(format: "mode %04o", mode)) && text.contains("chmod 600 \(file.path)"), "\(text)")
    }

    @Test func aLinkIsJudgedByTheFileItLeadsTo() throws {
        let dir = try TemporaryDirectory()
        let open = try dir.write("open", "cam:pw\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: open.path)
        let closed = try dir.write("closed", "cam:pw\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: closed.path)
        try FileManager.default.createSymbolicLink(atPath: dir.file("to-open").path, withDestinationPath: open.path)
        try FileManager.default.createSymbolicLink(atPath: dir.file("to-closed").path, withDestinationPath: closed.path)
        #expect(throws: CameraCredentialsError.fileTooOpen(path: dir.file("to-open").path, mode: 0o644)) {
            try CameraCredentialsSource.file(dir.file("to-open").path).load()
        }
        #expect(try CameraCredentialsSource.file(dir.file("to-closed").path).load().user == "cam")
    }

    @Test func whatIsNotAClosedRegularFileSaysSo() throws {
        let dir = try TemporaryDirectory()
        let missing = dir.file("none").path
        #expect(throws: CameraCredentialsError.fileMissing(path: missing)) { try CameraCredentialsSource.file(missing).load() }
        try FileManager.default.createDirectory(at: dir.file("folder"), withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: dir.file("folder").path)
        #expect(throws: CameraCredentialsError.notRegularFile(path: dir.file("folder").path)) {
            try CameraCredentialsSource.file(dir.file("folder").path).load()
        }
        // A FIFO is refused at once, not waited on.
        #expect(mkfifo(dir.file("fifo").path, 0o600) == 0)
        #expect(throws: CameraCredentialsError.notRegularFile(path: dir.file("fifo").path)) {
            try CameraCredentialsSource.file(dir.file("fifo").path).load()
        }
        let empty = try dir.write("empty", "")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: empty.path)
        #expect(throws: CameraCredentialsError.malformed(source: .file(empty.path), reason: "it is empty")) {
            try CameraCredentialsSource.file(empty.path).load()
        }
    }

    @Test func theDefaultVariableIsTakenWhenTheJobNamesNoSource() throws {
        let variable = CameraCredentialsSource.defaultVariable
        #expect(CameraCredentialsSource.effective(nil, environment: [:]) == nil)
        #expect(CameraCredentialsSource.effective(nil, environment: [variable: "a:b"]) == .environment(variable))
        #expect(CameraCredentialsSource.effective(.file("/f"), environment: [variable: "a:b"]) == .file("/f"))
        #expect(throws: CameraCredentialsError.variableNotSet(name: "SHED")) {
            try CameraCredentialsSource.environment("SHED").load(environment: [:])
        }
        #expect(try CameraCredentialsSource.environment("SHED").load(environment: ["SHED": "u:p@ss"]).password == "p@ss")
    }
}
