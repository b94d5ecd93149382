import Foundation
import Glibc
import Testing
@testable import CamschedFiling

/// A fresh folder under the system's temporary folder, removed by `remove()`.
struct TemporaryFolder {
    let url: URL

    init(_ label: String = #function) throws {
        let name = "camsched-filing-\(label.filter { $0.isLetter || $0.isNumber })-\(UUID().uuidString.prefix(8))"
        url = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var path: String { url.path }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// The names of all regular files and links below the folder, relative, sorted.
    func allFiles() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: path) else { return [] }
        var names: [String] = []
        while let name = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isFolder), isFolder.boolValue { continue }
            names.append(name)
        }
        return names.sorted()
    }

    func write(_ text: String, to relative: String) throws {
        let target = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: target)
    }

    func read(_ relative: String) throws -> String {
        String(decoding: try Data(contentsOf: url.appendingPathComponent(relative)), as: UTF8.self)
    }

    /// Writes a file and gives it camsched's marker attribute, as a killed camsched leaves it.
    func writeMarkedPartial(_ text: String, to relative: String, run: String = "killed-run") throws {
        try write(text, to: relative)
        let fd = open(path + "/" + relative, O_RDONLY | O_CLOEXEC)
        defer { close(fd) }
        #expect(PartialMarker.mark(fd, run: run), "the test folder's filesystem keeps user attributes")
    }
}
