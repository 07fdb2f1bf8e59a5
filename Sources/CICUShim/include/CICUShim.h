// Plain-C bridge over the system ICU for Swift. This header must never include an ICU header nor use
// an ICU type: Swift modules import it next to Foundation, which carries its own private ICU.
// Every function reports failure through an int32_t status (0 = success, negative = ICU error code
// negated, see la_icu_error_name) and writes into caller-provided buffers.
#ifndef CICUSHIM_H
#define CICUSHIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The ICU version string, such as "72.1", into `buffer` (NUL-terminated). Returns its length.
int32_t la_icu_version(char *buffer, int32_t capacity);

/// The Unicode version ICU implements, such as "15.0".
int32_t la_unicode_version(char *buffer, int32_t capacity);

/// The CLDR version of ICU's data, such as "42.0".
int32_t la_cldr_version(char *buffer, int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif
