import CamschedCore
import CamschedLibcamera
import Foundation
import Testing

/// How camsched's libcamera module is found and loaded, and what a user is told when it or
/// libcamera is missing: on this machine, without a camera.
@Suite struct LibcameraLoadingTests {
    @Test func aMissingModuleNamesWhereItLookedAndHowToGetIt() throws {
        let searched = ["/nonexistent/lib/camsched/libcamsched-libcamera.so", "/nonexistent/bin/libcamsched-libcamera.so"]
        #expect(throws: LibcameraError.shimMissing(searched: searched)) { try LibcameraLibrary.open(candidates: searched) }
        let text = LibcameraError.shimMissing(searched: searched).description
        #expect(text.contains("(libcamsched-libcamera.so) is not installed"))
        #expect(text.contains(searched[0]) && text.contains(searched[1]))
        #expect(text.contains("make install"))
    }

    /// A module whose libcamera is not installed: a real library that needs a libcamera soname
    /// this system lacks (linked against a stub that is then removed), opened as camsched opens
    /// its module. The loader's own message names the Debian package.
    @Test func aModuleWhoseLibcameraIsMissingNamesThePackage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("camsched-libcamera-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stub = folder.appendingPathComponent("libcamera.so")
        let module = folder.appendingPathComponent("libcamsched-libcamera.so")
        let source = folder.appendingPathComponent("empty.c")
        try "int camsched_test_symbol;\n".write(to: source, atomically: true, encoding: .utf8)
        try compile(["-shared", "-o", stub.path, source.path, "-Wl,-soname,libcamera.so.0.0.97"])
        try compile(["-shared", "-o", module.path, source.path, "-Wl,--no-as-needed", "-L", folder.path, "-lcamera"])
        try FileManager.default.removeItem(at: stub)

        let error = try #require(throws: LibcameraError.self) { try LibcameraLibrary.open(candidates: [module.path]) }
        #expect(error == .libraryMissing(soname: "libcamera.so.0.0.97", package: "libcamera0.0.97"))
        #expect(error.description == "libcamera is not installed (libcamera.so.0.0.97 is missing): libcamera cameras need it; "
                    + "install it with: sudo apt-get install libcamera0.0.97 libcamera-ipa")
    }

    @Test func aLibraryThatIsNotTheModuleIsRefused() throws {
        let error = try #require(throws: LibcameraError.self) { try LibcameraLibrary.open(candidates: ["/lib/x86_64-linux-gnu/libm.so.6"]) }
        guard case .shimUnusable(let path, let reason) = error else { Issue.record("got \(error)"); return }
        #expect(path == "/lib/x86_64-linux-gnu/libm.so.6")
        #expect(reason.contains("camsched_libcamera_api"))
    }

    @Test func theNewerSonamesMapToTheirPackages() {
        let base = LibcameraLibrary.loadError(path: "/x.so", dlerror: "libcamera-base.so.0.4: cannot open shared object file: No such file or directory")
        #expect(base == .libraryMissing(soname: "libcamera-base.so.0.4", package: "libcamera0.4"))
        let other = LibcameraLibrary.loadError(path: "/x.so", dlerror: "/x.so: undefined symbol: foo")
        #expect(other == .shimUnusable(path: "/x.so", reason: "/x.so: undefined symbol: foo"))
    }

    @Test func theModuleIsLookedForUnderLibThenBesideTheBinary() {
        let paths = LibcameraShimLocation.candidates(environment: [:], executable: "/usr/bin/camsched")
        #expect(paths == ["/usr/lib/camsched/libcamsched-libcamera.so", "/usr/bin/libcamsched-libcamera.so"])
        let chosen = LibcameraShimLocation.candidates(environment: ["CAMSCHED_LIBCAMERA_SHIM": "/opt/x.so"], executable: "/usr/bin/camsched")
        #expect(chosen == ["/opt/x.so"])
    }

    /// The module built beside the test bundle, against this machine's libcamera-dev: it loads,
    /// says which libcamera it was compiled against, and its manager starts (this host has no
    /// media devices, so it lists no camera and refuses an id with the count it found).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CAMSCHED_VIVID"] == nil))
    func theBuiltModuleLoadsAndItsManagerStarts() throws {
        let library = try LibcameraLibrary.load()
        #expect(library.path.hasSuffix("libcamsched-libcamera.so"))
        let expected = try String(contentsOfFile: "/usr/include/libcamera/libcamera/version.h", encoding: .utf8)
            .split(separator: "\n").filter { $0.hasPrefix("#define LIBCAMERA_VERSION_") }
            .compactMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).last }.joined(separator: ".")
        #expect(library.compiledVersion == expected)
        #expect(library.runtimeVersion.contains(expected))
        let manager = try LibcameraManager()
        #expect(manager.cameras().isEmpty)
        let error = try #require(throws: LibcameraError.self) { try manager.open(id: "platform/none.0 Sensor Z") }
        #expect(error == .noCamera(id: "platform/none.0 Sensor Z", message: "libcamera has no camera 'platform/none.0 Sensor Z' (0 camera(s) found)"))
    }

    private func compile(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["cc"] + arguments
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "cc \(arguments.joined(separator: " ")) failed")
    }
}
