#include "CICUShim.h"
#include <unicode/utypes.h>

const char *la_icu_error_name(int32_t status) {
    const char *name = u_errorName((UErrorCode)status);
    return name != nullptr ? name : "U_UNKNOWN_ERROR";
}
