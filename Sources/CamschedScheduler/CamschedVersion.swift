/// The version camsched reports (`camsched --version`, sidecars, EXIF Software).
public enum CamschedVersion {
    public static let current = "0.1.0"
}
