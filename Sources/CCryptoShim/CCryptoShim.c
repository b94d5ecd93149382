#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdatomic.h>
#include <stdint.h>
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
/// Set once the three functions are there (read by hashers on any thread).
static atomic_int loaded;

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
        return;
    }
    atomic_store(&loaded, 1);
}

int cs_crypto_load(char *reason, size_t reasonSize) {
    pthread_once(&once, load);
    if (init_function) return 0;
    snprintf(reason, reasonSize, "%s", failure);
    return -1;
}

const char *cs_crypto_soname(void) { return soname; }

// The built-in SHA-256 (FIPS 180-4) on OpenSSL's own context layout, as its md32_common.h
// keeps it: h[8] the state, Nl/Nh the length in bits (low, high), data the pending block's
// bytes in order, num how many, md_len the digest's length. So libcrypto's SHA256_Update
// and SHA256_Final can go on from wherever the built-in one stopped.

static const SHA_LONG round_constants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

#define CS_ROTR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static void compress(SHA_LONG state[8], const unsigned char *block) {
    SHA_LONG w[64];
    for (int i = 0; i < 16; i++) {
        w[i] = ((SHA_LONG)block[4 * i] << 24) | ((SHA_LONG)block[4 * i + 1] << 16) | ((SHA_LONG)block[4 * i + 2] << 8)
            | (SHA_LONG)block[4 * i + 3];
    }
    for (int i = 16; i < 64; i++) {
        SHA_LONG s0 = CS_ROTR(w[i - 15], 7) ^ CS_ROTR(w[i - 15], 18) ^ (w[i - 15] >> 3);
        SHA_LONG s1 = CS_ROTR(w[i - 2], 17) ^ CS_ROTR(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    SHA_LONG a = state[0], b = state[1], c = state[2], d = state[3], e = state[4], f = state[5], g = state[6], h = state[7];
    for (int i = 0; i < 64; i++) {
        SHA_LONG t1 = h + (CS_ROTR(e, 6) ^ CS_ROTR(e, 11) ^ CS_ROTR(e, 25)) + ((e & f) ^ (~e & g)) + round_constants[i] + w[i];
        SHA_LONG t2 = (CS_ROTR(a, 2) ^ CS_ROTR(a, 13) ^ CS_ROTR(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        h = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    state[0] += a; state[1] += b; state[2] += c; state[3] += d; state[4] += e; state[5] += f; state[6] += g; state[7] += h;
}

static void builtin_update(SHA256_CTX *context, const unsigned char *bytes, size_t count) {
    SHA_LONG low = (context->Nl + (((SHA_LONG)count) << 3)) & 0xffffffffUL;
    if (low < context->Nl) context->Nh++;
    context->Nh += (SHA_LONG)((uint64_t)count >> 29);
    context->Nl = low;
    unsigned char *pending = (unsigned char *)context->data;
    if (context->num != 0) {
        size_t room = SHA256_CBLOCK - context->num;
        size_t take = count < room ? count : room;
        memcpy(pending + context->num, bytes, take);
        context->num += (unsigned int)take;
        bytes += take;
        count -= take;
        if (context->num < SHA256_CBLOCK) return;
        compress(context->h, pending);
        context->num = 0;
    }
    for (; count >= SHA256_CBLOCK; bytes += SHA256_CBLOCK, count -= SHA256_CBLOCK) compress(context->h, bytes);
    memcpy(pending, bytes, count);
    context->num = (unsigned int)count;
}

static void builtin_final(unsigned char *digest, SHA256_CTX *context) {
    unsigned char *pending = (unsigned char *)context->data;
    size_t used = context->num;
    pending[used++] = 0x80;
    if (used > SHA256_CBLOCK - 8) {
        memset(pending + used, 0, SHA256_CBLOCK - used);
        compress(context->h, pending);
        used = 0;
    }
    memset(pending + used, 0, SHA256_CBLOCK - 8 - used);
    SHA_LONG length[2] = {context->Nh, context->Nl};
    for (int word = 0; word < 2; word++) {
        for (int byte = 0; byte < 4; byte++) pending[SHA256_CBLOCK - 8 + 4 * word + byte] = (unsigned char)(length[word] >> (24 - 8 * byte));
    }
    compress(context->h, pending);
    for (int i = 0; i < 8; i++) {
        for (int byte = 0; byte < 4; byte++) digest[4 * i + byte] = (unsigned char)(context->h[i] >> (24 - 8 * byte));
    }
    memset(context, 0, sizeof *context);
}

int cs_sha256_init(SHA256_CTX *context) {
    static const SHA_LONG initial[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    memset(context, 0, sizeof *context);
    memcpy(context->h, initial, sizeof initial);
    context->md_len = SHA256_DIGEST_LENGTH;
    return 1;
}

// CAMSCHED_TEST_SHA256_BUILTIN_LIMIT=N moves the point where libcrypto takes over (tests).
static size_t builtin_limit(void) {
    const char *text = getenv("CAMSCHED_TEST_SHA256_BUILTIN_LIMIT");
    if (text && *text) return (size_t)strtoull(text, NULL, 10);
    return CS_SHA256_BUILTIN_LIMIT;
}

int cs_sha256_update(SHA256_CTX *context, const void *data, size_t count) {
    uint64_t hashed = (((uint64_t)context->Nh << 32) | context->Nl) >> 3;
    if (!atomic_load(&loaded) && hashed + count > builtin_limit()) {
        char reason[8];
        // Not there: the built-in code goes on (slower for big files, never wrong).
        (void)cs_crypto_load(reason, sizeof reason);
    }
    if (atomic_load(&loaded)) return update_function(context, data, count);
    builtin_update(context, (const unsigned char *)data, count);
    return 1;
}

int cs_sha256_final(unsigned char *digest, SHA256_CTX *context) {
    if (atomic_load(&loaded)) return final_function(digest, context);
    builtin_final(digest, context);
    return 1;
}

int cs_sha256_uses_libcrypto(void) { return atomic_load(&loaded); }

void cs_sha256_builtin(const void *data, size_t count, unsigned char *digest) {
    SHA256_CTX context;
    cs_sha256_init(&context);
    builtin_update(&context, (const unsigned char *)data, count);
    builtin_final(digest, &context);
}
