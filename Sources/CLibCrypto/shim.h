// SHA-256 through libcrypto's direct functions (SHA256_Init/Update/Final): the same assembly
// (with the CPU's SHA instructions) as EVP, without EVP's first-use set-up — provider and
// engine look-ups and reading openssl.cnf, 5.3 M instructions, a tenth of a cold still. OpenSSL
// 3 marks them deprecated in favour of EVP; this module keeps them without the attributes.
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/sha.h>
