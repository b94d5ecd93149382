#include "CFFmpegShim.h"

void cs_av_error_string(int code, char *buffer, size_t size) {
    if (av_strerror(code, buffer, size) < 0) {
        snprintf(buffer, size, "FFmpeg error %d", code);
    }
}

void cs_av_set_log_quiet(int quiet) { av_log_set_level(quiet ? AV_LOG_ERROR : AV_LOG_WARNING); }
