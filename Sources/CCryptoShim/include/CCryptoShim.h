// SHA-256 through libcrypto's direct functions (SHA256_Init/Update/Final): the same assembly
// (with the CPU's SHA instructions) as EVP, without EVP's first-use set-up — provider and
// engine look-ups and reading openssl.cnf, 5.3 M instructions, a tenth of a cold still. OpenSSL
// 3 marks them deprecated in favour of EVP; this module keeps them without the attributes.
//
// libcrypto is opened with dlopen on the first hash, not linked: its 21,000 relocations and
// ~125 page faults cost every command's start-up, and a snapshot never hashes.
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
/// SHA256_Init/Update/Final through the opened library; call cs_crypto_load first.
int cs_sha256_init(SHA256_CTX *context);
int cs_sha256_update(SHA256_CTX *context, const void *data, size_t count);
int cs_sha256_final(unsigned char *digest, SHA256_CTX *context);
#endif
