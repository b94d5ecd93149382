// FFmpeg's libraries, loaded with dlopen the first time camsched calls into one of them.
// The sonames are the ones camsched was compiled against, so a mismatched FFmpeg is refused
// the same way the dynamic linker would refuse it.
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "CFFmpegShim.h"
#include "LazyAV.h"

#define CS_SONAME(lib, major) "lib" lib ".so." AV_STRINGIFY(major)

static const char *const sonames[4] = {
    CS_SONAME("avutil", LIBAVUTIL_VERSION_MAJOR),
    CS_SONAME("avcodec", LIBAVCODEC_VERSION_MAJOR),
    CS_SONAME("avformat", LIBAVFORMAT_VERSION_MAJOR),
    CS_SONAME("swscale", LIBSWSCALE_VERSION_MAJOR),
};
static const char *const packages[4] = {
    "libavutil" AV_STRINGIFY(LIBAVUTIL_VERSION_MAJOR),
    "libavcodec" AV_STRINGIFY(LIBAVCODEC_VERSION_MAJOR),
    "libavformat" AV_STRINGIFY(LIBAVFORMAT_VERSION_MAJOR),
    "libswscale" AV_STRINGIFY(LIBSWSCALE_VERSION_MAJOR),
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static void *handles[4];
static int logLevel = AV_LOG_WARNING;
static int logLevelSet = 0;

static void *handle(int library) {
    pthread_mutex_lock(&lock);
    void *h = handles[library];
    if (!h) {
        h = dlopen(sonames[library], RTLD_NOW | RTLD_GLOBAL);
        if (!h) {
            fprintf(stderr, "camsched: error: cannot load FFmpeg's %s: %s\n"
                            "  Install it (sudo apt-get install %s) or rebuild camsched against the FFmpeg you have.\n",
                    sonames[library], dlerror(), packages[library]);
            exit(1);
        }
        handles[library] = h;
        if (library == 0 && logLevelSet) {
            void (*set)(int) = (void (*)(int))dlsym(h, "av_log_set_level");
            if (set) set(logLevel);
        }
    }
    pthread_mutex_unlock(&lock);
    return h;
}

void *cs_lazy_symbol(int library, const char *name) {
    if (library != 0) handle(0); // libavutil first: its log level applies to the others
    void *symbol = dlsym(handle(library), name);
    if (!symbol) {
        fprintf(stderr, "camsched: error: %s has no function %s: camsched was built against another FFmpeg; rebuild it.\n",
                sonames[library], name);
        exit(1);
    }
    return symbol;
}

void cs_av_set_log_level(int level) {
    pthread_mutex_lock(&lock);
    logLevel = level;
    logLevelSet = 1;
    void *h = handles[0];
    pthread_mutex_unlock(&lock);
    if (h) av_log_set_level(level);
}

int cs_av_is_loaded(void) {
    pthread_mutex_lock(&lock);
    int loaded = handles[1] != NULL || handles[2] != NULL || handles[3] != NULL;
    pthread_mutex_unlock(&lock);
    return loaded;
}
