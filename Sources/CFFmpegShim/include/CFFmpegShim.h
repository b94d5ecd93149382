// AVERROR and friends are function-like macros; Swift sees them through these.
#ifndef CFFMPEGSHIM_H
#define CFFMPEGSHIM_H

#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavcodec/bsf.h>
#include <libswscale/swscale.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/display.h>
#include <libavutil/dict.h>
#include <libavutil/mathematics.h>
#include <libavutil/log.h>

#pragma clang assume_nonnull begin

/// `AVERROR(e)`: the negative FFmpeg error code for a POSIX errno.
static inline int cs_averror(int posixError) { return AVERROR(posixError); }
/// `AVERROR_EOF`.
static inline int cs_averror_eof(void) { return AVERROR_EOF; }
/// `AVERROR(EAGAIN)`.
static inline int cs_averror_eagain(void) { return AVERROR(EAGAIN); }
/// `AVERROR_INVALIDDATA`.
static inline int cs_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
/// The text for an FFmpeg error code, written into `buffer` (`av_strerror`).
void cs_av_error_string(int code, char *buffer, size_t size);
/// `AV_NOPTS_VALUE`.
static inline int64_t cs_av_nopts_value(void) { return AV_NOPTS_VALUE; }
/// `AV_TIME_BASE`.
static inline int cs_av_time_base(void) { return AV_TIME_BASE; }
/// Sets FFmpeg's log level (`av_log_set_level`), now if libavutil is loaded, otherwise as
/// soon as it is: FFmpeg's libraries are loaded on first use (LazyLoader.c).
void cs_av_set_log_level(int level);
/// Loads all four FFmpeg libraries (libavutil, libavcodec, libavformat, libswscale) if they
/// are not loaded yet. Returns -1 when all are loaded; otherwise the index of the first that
/// could not be (0 libavutil, 1 libavcodec, 2 libavformat, 3 libswscale), with `dlerror`'s
/// text in `reason`.
int cs_av_load_libraries(char *reason, size_t reasonSize);
/// The soname camsched loads for library `library` (as in `cs_av_load_libraries`).
const char *cs_av_library_soname(int library);
/// The Debian package that ships library `library`.
const char *cs_av_library_package(int library);
/// Whether libavcodec, libavformat or libswscale has been loaded yet (for tests).
int cs_av_is_loaded(void);

#pragma clang assume_nonnull end

#endif
