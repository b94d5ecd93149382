#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/opensslv.h>
#include "CCryptoShim.h"

#define CS_STRING2(x) #x
#define CS_STRING(x) CS_STRING2(x)

static const char soname[] = "libcrypto.so." CS_STRING(OPENSSL_SHLIB_VERSION);
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int (*init_function)(SHA256_CTX *);
static int (*update_function)(SHA256_CTX *, const void *, size_t);
static int (*final_function)(unsigned char *, SHA256_CTX *);
static char failure[512];

// CAMSCHED_TEST_CRYPTO_MISSING=1 opens a soname no system has, so tests see what a user
// without the library sees.
static void load(void) {
    char scratch[128];
    const char *name = soname;
    const char *missing = getenv("CAMSCHED_TEST_CRYPTO_MISSING");
    if (missing && strcmp(missing, "1") == 0) {
        snprintf(scratch, sizeof scratch, "%s.camsched-test-missing", soname);
        name = scratch;
    }
    void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *text = dlerror();
        snprintf(failure, sizeof failure, "%s", text ? text : "unknown dlopen failure");
        return;
    }
    *(void **)&init_function = dlsym(handle, "SHA256_Init");
    *(void **)&update_function = dlsym(handle, "SHA256_Update");
    *(void **)&final_function = dlsym(handle, "SHA256_Final");
    if (!init_function || !update_function || !final_function) {
        snprintf(failure, sizeof failure, "%s has no SHA256_Init, SHA256_Update or SHA256_Final", soname);
        init_function = NULL;
    }
}

int cs_crypto_load(char *reason, size_t reasonSize) {
    pthread_once(&once, load);
    if (init_function) return 0;
    snprintf(reason, reasonSize, "%s", failure);
    return -1;
}

const char *cs_crypto_soname(void) { return soname; }

int cs_sha256_init(SHA256_CTX *context) { return init_function(context); }

int cs_sha256_update(SHA256_CTX *context, const void *data, size_t count) {
    return update_function(context, data, count);
}

int cs_sha256_final(unsigned char *digest, SHA256_CTX *context) { return final_function(digest, context); }
