/// The version camsched reports (`camsched --version`, sidecars, EXIF Software).
package enum CamschedVersion {
    package static let current = "0.1.0"
}
