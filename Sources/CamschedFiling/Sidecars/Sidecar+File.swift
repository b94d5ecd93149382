import Foundation
import Glibc

extension Sidecar {
    /// The sidecar as pretty-printed JSON with sorted keys (``JSONDocument/encoder(prettyPrinted:)``).
    package func jsonData() throws(SidecarError) -> Data {
        do {
            var data = try JSONDocument.encoder(prettyPrinted: true).encode(self)
            data.append(UInt8(ascii: "\n"))
            return data
        } catch {
            throw .encoding(file: file, message: String(describing: error))
        }
    }

    /// The sidecar as one line of JSON with sorted keys (for the catalog and `--json`).
    package func compactJSON() throws(SidecarError) -> String {
        do {
            return String(decoding: try JSONDocument.encoder().encode(self), as: UTF8.self)
        } catch {
            throw .encoding(file: file, message: String(describing: error))
        }
    }

    /// Decodes a sidecar from JSON (``JSONDocument/decoder``).
    package static func decode(from data: Data) throws(SidecarError) -> Sidecar {
        do {
            return try JSONDocument.decoder.decode(Sidecar.self, from: data)
        } catch {
            throw .decoding(message: String(describing: error))
        }
    }

    /// Reads the sidecar file at `url`.
    package static func read(from url: URL) throws(SidecarError) -> Sidecar {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, message: String(describing: error))
        }
        return try decode(from: data)
    }

    /// Writes the sidecar atomically to `url` (normally ``FiledLocation/sidecarURL``):
    /// to `url.partial` first, flushed, then renamed over `url`.
    /// - Throws: ``SidecarError/filing(_:)`` with ``FilingError/diskFull(filesystem:freeBytes:path:errno:)``
    ///   when the filesystem is full; the partial is removed then.
    package func write(to url: URL) throws(SidecarError) {
        let data = try jsonData()
        do {
            try AtomicReplace.write(data, to: url.path)
        } catch {
            throw .filing(error)
        }
    }

    /// Writes the sidecar to `url` through the room reserved with its file when there is a
    /// `slot` (no free block needed: a file cut short by a full disk is still described),
    /// else as ``write(to:)``. The slot is in `url`'s folder, named after `url`.
    /// - Throws: ``SidecarError/filing(_:)``.
    package func write(to url: URL, slot: SidecarSlot?) throws(SidecarError) {
        guard let slot else { return try write(to: url) }
        let data = try jsonData()
        do {
            if try slot.fill(with: data, as: url.lastPathComponent) { return }
            try AtomicReplace.write(data, to: url.path)
        } catch {
            throw .filing(error)
        }
    }
}
