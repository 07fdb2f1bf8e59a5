#include "CICUShim.h"
#include "shim_support.hpp"
#include <unicode/ubidi.h>

namespace {
/// Owns a UBiDi for the duration of one call; the text buffer is the caller's and outlives it.
struct BidiHandle {
    UBiDi *bidi;
    explicit BidiHandle(int32_t length, UErrorCode &status) : bidi(ubidi_openSized(length, 0, &status)) {}
    ~BidiHandle() { if (bidi != nullptr) ubidi_close(bidi); }
};

UBiDiLevel firstParagraphLevel(const uint16_t *text, int32_t length, UBiDiLevel defaultLevel,
                               UErrorCode &status) {
    BidiHandle handle(length, status);
    if (U_FAILURE(status)) return 0;
    ubidi_setPara(handle.bidi, reinterpret_cast<const UChar *>(text), length, defaultLevel, nullptr, &status);
    if (U_FAILURE(status)) return 0;
    int32_t start = 0, limit = 0;
    UBiDiLevel level = 0;
    if (length == 0) return ubidi_getParaLevel(handle.bidi);
    ubidi_getParagraphByIndex(handle.bidi, 0, &start, &limit, &level, &status);
    return level;
}
} // namespace

int32_t la_bidi_paragraph_level(const uint16_t *text, int32_t length, int32_t *hasStrong, int32_t *status) {
    if (la::failed(status)) return 0;
    UErrorCode code = U_ZERO_ERROR;
    // ubidi_getBaseDirection ignores isolates; ubidi_setPara applies P2–P3 properly. A paragraph
    // with no strong character takes whichever default it is given, so asking with both defaults
    // tells "no strong character" apart from a real LTR or RTL one.
    UBiDiLevel ltrDefault = firstParagraphLevel(text, length, UBIDI_DEFAULT_LTR, code);
    UBiDiLevel rtlDefault = firstParagraphLevel(text, length, UBIDI_DEFAULT_RTL, code);
    if (U_FAILURE(code)) { la::report(status, code); return 0; }
    if (hasStrong != nullptr) *hasStrong = (ltrDefault == rtlDefault) ? 1 : 0;
    return ltrDefault & 1;
}

int32_t la_bidi_runs(const uint16_t *text, int32_t length, int32_t paraLevel, int32_t *starts,
                     int32_t *lengths, int32_t *levels, int32_t capacity, int32_t *status) {
    if (la::failed(status)) return 0;
    UErrorCode code = U_ZERO_ERROR;
    BidiHandle handle(length, code);
    if (U_SUCCESS(code)) {
        ubidi_setPara(handle.bidi, reinterpret_cast<const UChar *>(text), length, (UBiDiLevel)paraLevel,
                      nullptr, &code);
    }
    if (U_FAILURE(code)) { la::report(status, code); return 0; }
    int32_t count = 0;
    int32_t position = 0;
    while (position < length) {
        int32_t limit = 0;
        UBiDiLevel level = 0;
        ubidi_getLogicalRun(handle.bidi, position, &limit, &level);
        if (limit <= position) break; // defensive: never loop forever on unexpected answers
        if (count < capacity) {
            starts[count] = position;
            lengths[count] = limit - position;
            levels[count] = level;
        }
        ++count;
        position = limit;
    }
    return count;
}
