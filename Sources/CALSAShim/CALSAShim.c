#include "CALSAShim.h"
#include <alsa/asoundlib.h>

static void cs_alsa_ignore(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

void cs_alsa_quiet_errors(void) {
    snd_lib_error_set_handler(cs_alsa_ignore);
}
