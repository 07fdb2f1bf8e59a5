#include "CICUShim.h"
#include <unicode/uversion.h>
#include <unicode/uchar.h>
#include <unicode/ulocdata.h>
#include <cstring>

static int32_t copyOut(const char *text, char *buffer, int32_t capacity) {
    int32_t length = (int32_t)std::strlen(text);
    if (capacity > 0) {
        int32_t n = length < capacity - 1 ? length : capacity - 1;
        std::memcpy(buffer, text, (size_t)n);
        buffer[n] = 0;
    }
    return length;
}

int32_t la_icu_version(char *buffer, int32_t capacity) {
    UVersionInfo info;
    u_getVersion(info);
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_versionToString(info, text);
    return copyOut(text, buffer, capacity);
}

int32_t la_unicode_version(char *buffer, int32_t capacity) {
    UVersionInfo info;
    u_getUnicodeVersion(info);
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_versionToString(info, text);
    return copyOut(text, buffer, capacity);
}

int32_t la_cldr_version(char *buffer, int32_t capacity) {
    UVersionInfo info;
    UErrorCode status = U_ZERO_ERROR;
    ulocdata_getCLDRVersion(info, &status);
    if (U_FAILURE(status)) return -(int32_t)status;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_versionToString(info, text);
    return copyOut(text, buffer, capacity);
}
