// SHA-256 through libcrypto's direct functions (SHA256_Init/Update/Final): the same assembly
// (with the CPU's SHA instructions) as EVP, without EVP's first-use set-up — provider and
// engine look-ups and reading openssl.cnf, 5.3 M instructions, a tenth of a cold still. OpenSSL
// 3 marks them deprecated in favour of EVP; this module keeps them without the attributes.
//
// libcrypto is opened with dlopen, not linked: its 21,000 relocations and ~125 page faults
// cost every command's start-up, and a snapshot never hashes. It is opened only for a hash
// past CS_SHA256_BUILTIN_LIMIT bytes: a cron run's one still is hashed by the built-in code.
#ifndef CCRYPTOSHIM_H
#define CCRYPTOSHIM_H
#include <stddef.h>
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/sha.h>

/// Opens libcrypto once (thread-safe). Returns 0 when SHA-256 is ready; otherwise -1 with
/// dlopen's reason in `reason`.
int cs_crypto_load(char *reason, size_t reasonSize);
/// The soname opened: the libcrypto camsched was compiled against (`libcrypto.so.3`).
const char *cs_crypto_soname(void);
/// Bytes a hash takes before libcrypto is opened for it: below, the built-in SHA-256 (a
/// still) costs less than loading the library; above, libcrypto's (the CPU's SHA instructions)
/// is faster. Both work on the same context, so a hash switches over mid-way.
#define CS_SHA256_BUILTIN_LIMIT (256 * 1024)
/// SHA-256 on OpenSSL's context: the built-in code until the hash passes
/// CS_SHA256_BUILTIN_LIMIT bytes (or libcrypto is open already), libcrypto's from then on
/// (the built-in one goes on when libcrypto cannot be opened). Each returns 1.
int cs_sha256_init(SHA256_CTX *context);
int cs_sha256_update(SHA256_CTX *context, const void *data, size_t count);
int cs_sha256_final(unsigned char *digest, SHA256_CTX *context);
/// Whether libcrypto is open (and hashes from now on).
int cs_sha256_uses_libcrypto(void);
/// The built-in SHA-256 alone, whatever is loaded (tests compare it with other hashes).
void cs_sha256_builtin(const void *data, size_t count, unsigned char *digest);
#endif
