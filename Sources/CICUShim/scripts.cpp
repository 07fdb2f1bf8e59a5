#include "CICUShim.h"
#include "shim_support.hpp"
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/uniset.h>

int32_t la_script_of(int32_t codePoint) {
    UErrorCode code = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript((UChar32)codePoint, &code);
    return U_SUCCESS(code) ? (int32_t)script : -1;
}

int32_t la_script_extensions(int32_t codePoint, int32_t *codes, int32_t capacity, int32_t *status) {
    if (la::failed(status)) return 0;
    UErrorCode code = U_ZERO_ERROR;
    UScriptCode found[64];
    int32_t count = uscript_getScriptExtensions((UChar32)codePoint, found, 64, &code);
    if (U_FAILURE(code)) { la::report(status, code); return 0; }
    for (int32_t i = 0; i < count && i < capacity; ++i) codes[i] = (int32_t)found[i];
    return count;
}

static bool validScript(int32_t code) { return code >= 0 && code < u_getIntPropertyMaxValue(UCHAR_SCRIPT) + 1; }

const char *la_script_short_name(int32_t code) {
    return validScript(code) ? uscript_getShortName((UScriptCode)code) : nullptr;
}

const char *la_script_long_name(int32_t code) {
    return validScript(code) ? uscript_getName((UScriptCode)code) : nullptr;
}

int32_t la_script_code_for_name(const char *name) {
    if (name == nullptr) return -1;
    int32_t value = u_getPropertyValueEnum(UCHAR_SCRIPT, name);
    return value == UCHAR_INVALID_CODE ? -1 : value;
}

int32_t la_script_is_right_to_left(int32_t code) {
    return validScript(code) && uscript_isRightToLeft((UScriptCode)code) ? 1 : 0;
}

int32_t la_bracket_type(int32_t codePoint) {
    return u_getIntPropertyValue((UChar32)codePoint, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
}

int32_t la_paired_bracket(int32_t codePoint) { return (int32_t)u_getBidiPairedBracket((UChar32)codePoint); }

int32_t la_is_strong_right_to_left(int32_t codePoint) {
    UCharDirection direction = u_charDirection((UChar32)codePoint);
    return direction == U_RIGHT_TO_LEFT || direction == U_RIGHT_TO_LEFT_ARABIC ? 1 : 0;
}

int32_t la_set_bits(const char *pattern, uint64_t *bits, int32_t words) {
    if (pattern == nullptr || bits == nullptr || words <= 0) return -1;
    UErrorCode code = U_ZERO_ERROR;
    icu::UnicodeSet set(icu::UnicodeString::fromUTF8(pattern), code);
    if (U_FAILURE(code)) return -1;
    const UChar32 last = (UChar32)words * 64 - 1;
    for (int32_t r = 0; r < set.getRangeCount(); ++r) {
        UChar32 start = set.getRangeStart(r), end = set.getRangeEnd(r);
        if (start > last) break;
        if (end > last) end = last;
        for (UChar32 c = start; c <= end; ++c) bits[c >> 6] |= (uint64_t)1 << (c & 63);
    }
    return 0;
}
