internal import CFFmpegShim

/// How chatty FFmpeg's own logging (on stderr) is.
package enum MediaLog {
    /// Only FFmpeg's fatal errors reach stderr. Its other messages — encoder banners, the
    /// errors of hardware encoders tried and rejected by `encoder: auto`, the warnings recovery
    /// provokes while it skips cut-off packets — would drown camsched's own; every failure
    /// that matters comes back to camsched as an error it reports itself.
    package static func quiet() { cs_av_set_log_level(AV_LOG_FATAL) }
}
