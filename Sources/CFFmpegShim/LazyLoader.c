// FFmpeg's libraries, loaded with dlopen when camsched first needs them: the media layer calls
// cs_av_load_libraries (through FFmpegLibraries.load()) before any FFmpeg function, and turns a
// failure into an error that names the Debian package to install.
// The sonames are the ones camsched was compiled against, so a mismatched FFmpeg is refused
// the same way the dynamic linker would refuse it.
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "CFFmpegShim.h"
#include "LazyAV.h"

#define CS_SONAME(lib, major) "lib" lib ".so." AV_STRINGIFY(major)
#define CS_LIBRARIES 4

static const char *const names[CS_LIBRARIES] = { "avutil", "avcodec", "avformat", "swscale" };
static const char *const sonames[CS_LIBRARIES] = {
    CS_SONAME("avutil", LIBAVUTIL_VERSION_MAJOR),
    CS_SONAME("avcodec", LIBAVCODEC_VERSION_MAJOR),
    CS_SONAME("avformat", LIBAVFORMAT_VERSION_MAJOR),
    CS_SONAME("swscale", LIBSWSCALE_VERSION_MAJOR),
};
static const char *const packages[CS_LIBRARIES] = {
    "libavutil" AV_STRINGIFY(LIBAVUTIL_VERSION_MAJOR),
    "libavcodec" AV_STRINGIFY(LIBAVCODEC_VERSION_MAJOR),
    "libavformat" AV_STRINGIFY(LIBAVFORMAT_VERSION_MAJOR),
    "libswscale" AV_STRINGIFY(LIBSWSCALE_VERSION_MAJOR),
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static void *handles[CS_LIBRARIES];
static int logLevel = AV_LOG_WARNING;
static int logLevelSet = 0;

const char *cs_av_library_soname(int library) {
    return library >= 0 && library < CS_LIBRARIES ? sonames[library] : "";
}

const char *cs_av_library_package(int library) {
    return library >= 0 && library < CS_LIBRARIES ? packages[library] : "";
}

// The soname to open: CAMSCHED_TEST_FFMPEG_MISSING=avcodec (a library's short name) makes that
// one a name no system has, so tests can see what a user without the package sees.
static const char *soname_to_open(int library, char *scratch, size_t size) {
    const char *missing = getenv("CAMSCHED_TEST_FFMPEG_MISSING");
    if (missing && strcmp(missing, names[library]) == 0) {
        snprintf(scratch, size, "%s.camsched-test-missing", sonames[library]);
        return scratch;
    }
    return sonames[library];
}

// Loads `library` if it is not loaded yet; with the lock held. On failure returns NULL and
// writes dlerror's text into `reason`.
static void *load_locked(int library, char *reason, size_t reasonSize) {
    if (handles[library]) return handles[library];
    char scratch[128];
    // RTLD_LOCAL: each library's symbols are looked up through its own handle (cs_lazy_symbol),
    // and its ~140 dependencies resolve within their own trees. With RTLD_GLOBAL every later
    // library's relocations also searched the trees loaded before it: loading the four took
    // 37-46 ms of CPU against 30-34 ms (issue 15, recording profile).
    void *h = dlopen(soname_to_open(library, scratch, sizeof scratch), RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *text = dlerror();
        snprintf(reason, reasonSize, "%s", text ? text : "unknown dlopen failure");
        return NULL;
    }
    handles[library] = h;
    if (library == 0 && logLevelSet) {
        void (*set)(int) = (void (*)(int))dlsym(h, "av_log_set_level");
        if (set) set(logLevel);
    }
    return h;
}

int cs_av_load_libraries(char *reason, size_t reasonSize) {
    pthread_mutex_lock(&lock);
    int failed = -1;
    for (int library = 0; library < CS_LIBRARIES; library++) {  // libavutil first: its log level applies to the others
        if (!load_locked(library, reason, reasonSize)) { failed = library; break; }
    }
    pthread_mutex_unlock(&lock);
    return failed;
}

void *cs_lazy_symbol(int library, const char *name) {
    char reason[512] = "";
    pthread_mutex_lock(&lock);
    void *h = load_locked(0, reason, sizeof reason) ? load_locked(library, reason, sizeof reason) : NULL;
    pthread_mutex_unlock(&lock);
    if (!h) {
        // FFmpegLibraries.load() reports a missing library as an error before any FFmpeg call;
        // reaching this means a media entry point forgot to call it.
        fprintf(stderr, "camsched: internal error: %s called without FFmpegLibraries.load(), and %s cannot be loaded: %s\n"
                        "  Install %s (sudo apt-get install %s); please also report this as a bug.\n",
                name, sonames[library], reason, packages[library], packages[library]);
        abort();
    }
    void *symbol = dlsym(h, name);
    if (!symbol) {
        fprintf(stderr, "camsched: error: %s has no function %s: camsched was built against another FFmpeg; rebuild it.\n",
                sonames[library], name);
        abort();
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
