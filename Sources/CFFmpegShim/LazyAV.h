// Loading FFmpeg's libraries on first use (see LazyLoader.c and scripts/gen-lazy-av.py).
#ifndef CFFMPEGSHIM_LAZYAV_H
#define CFFMPEGSHIM_LAZYAV_H

/// The address of `name` in FFmpeg library `library` (0 libavutil, 1 libavcodec,
/// 2 libavformat, 3 libswscale), loading it first if needed. Aborts with a message naming the
/// package when the library cannot be loaded: callers are meant to have called
/// `cs_av_load_libraries` (FFmpegLibraries.load()) first, which reports that as an error.
void *cs_lazy_symbol(int library, const char *name);

#endif
