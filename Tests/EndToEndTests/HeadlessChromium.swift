import CamschedTestSupport
import Foundation

/// Debian's `chromium`, headless: the page's DOM after its script ran, and a screenshot.
enum HeadlessChromium {
    static var path: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func arguments(_ dir: TemporaryDirectory) -> [String] {
        // As root Chromium needs --no-sandbox; the profile is thrown away with the folder.
        ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage",
         "--user-data-dir=\(dir.file("chromium-profile").path)", "--window-size=900,1000", "--virtual-time-budget=6000"]
    }

    /// The DOM once the page's script has fetched and drawn the status.
    static func dumpDOM(_ url: String, in dir: TemporaryDirectory) throws -> String {
        guard let path else { throw HTTPProbe.Failure(description: "chromium is not installed (scripts/install-deps.sh test)") }
        let result = try ProcessRunner.run(path, arguments(dir) + ["--dump-dom", url], timeout: 60)
        guard result.status == 0 else { throw HTTPProbe.Failure(description: "chromium --dump-dom: \(result.stderr)") }
        return result.stdout
    }

    /// A PNG screenshot of the page.
    static func screenshot(_ url: String, in dir: TemporaryDirectory) throws -> URL {
        guard let path else { throw HTTPProbe.Failure(description: "chromium is not installed (scripts/install-deps.sh test)") }
        let png = dir.file("page.png")
        let result = try ProcessRunner.run(path, arguments(dir) + ["--screenshot=\(png.path)", url], timeout: 60)
        guard result.status == 0, FileManager.default.fileExists(atPath: png.path) else {
            throw HTTPProbe.Failure(description: "chromium --screenshot: \(result.stderr)")
        }
        return png
    }

    /// Luma of an image decoded by ffmpeg: its standard deviation (0 for a blank page).
    static func lumaDeviation(_ image: URL, in dir: TemporaryDirectory) throws -> Double {
        let raw = dir.file("page.gray")
        let result = try ProcessRunner.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", image.path, "-f", "rawvideo", "-pix_fmt", "gray", raw.path])
        guard result.status == 0 else { throw HTTPProbe.Failure(description: "ffmpeg could not decode \(image.path): \(result.stderr)") }
        let bytes = [UInt8](try Data(contentsOf: raw))
        guard !bytes.isEmpty else { return 0 }
        let mean = bytes.reduce(0.0) { $0 + Double($1) } / Double(bytes.count)
        let variance = bytes.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) } / Double(bytes.count)
        return variance.squareRoot()
    }

    /// Luma deviation of the region of the screenshot where the preview image is drawn
    /// (`x y w h` in CSS pixels, which equal screenshot pixels at the default scale).
    static func regionDeviation(_ image: URL, x: Int, y: Int, width: Int, height: Int, in dir: TemporaryDirectory) throws -> Double {
        let crop = dir.file("crop.png")
        let result = try ProcessRunner.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", image.path, "-vf", "crop=\(width):\(height):\(x):\(y)", crop.path])
        guard result.status == 0 else { throw HTTPProbe.Failure(description: "ffmpeg crop: \(result.stderr)") }
        return try lumaDeviation(crop, in: dir)
    }
}
