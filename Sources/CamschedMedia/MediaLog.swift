import CFFmpegShim

/// How chatty FFmpeg's own logging (on stderr) is.
public enum MediaLog {
    /// Only FFmpeg errors reach stderr: encoder banners and the warnings recovery provokes
    /// while it skips cut-off packets would otherwise drown camsched's own messages.
    public static func quiet() { cs_av_set_log_quiet(1) }
}
