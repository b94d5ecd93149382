#include "CFFmpegShim.h"

void cs_av_error_string(int code, char *buffer, size_t size) {
    if (av_strerror(code, buffer, size) < 0) {
        snprintf(buffer, size, "FFmpeg error %d", code);
    }
}
