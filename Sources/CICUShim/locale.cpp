#include "CICUShim.h"
#include "shim_support.hpp"
#include <unicode/locid.h>
#include <unicode/uloc.h>
#include <unicode/uscript.h>

using icu::Locale;

int32_t la_locale_canonical_tag(const char *tag, char *buffer, int32_t capacity, int32_t *status) {
    if (la::failed(status)) return 0;
    UErrorCode code = U_ZERO_ERROR;
    Locale parsed = la::localeForTag(tag, code);
    // createCanonical (unlike uloc_canonicalize) applies CLDR's alias data: iw→he, cmn→zh, CS→RS.
    Locale canonical = U_SUCCESS(code) ? Locale::createCanonical(parsed.getName()) : parsed;
    if (U_SUCCESS(code) && canonical.isBogus()) code = U_ILLEGAL_ARGUMENT_ERROR;
    std::string text = U_SUCCESS(code) ? canonical.toLanguageTag<std::string>(code) : std::string();
    if (U_FAILURE(code)) { la::report(status, code); return 0; }
    return la::copyOut(text, buffer, capacity);
}

const char *la_iso_language(int32_t index) {
    static const char *const *codes = uloc_getISOLanguages();  // NULL-terminated, owned by ICU
    static const int32_t count = [] {
        int32_t n = 0;
        while (codes[n] != nullptr) n++;
        return n;
    }();
    return index >= 0 && index < count ? codes[index] : nullptr;
}

/// Runs a uloc_* transform that takes and yields ICU locale IDs, with BCP 47 on both sides.
template <typename Transform>
static int32_t transformTag(const char *tag, Transform transform, char *buffer, int32_t capacity,
                            int32_t *status) {
    if (la::failed(status)) return 0;
    UErrorCode code = U_ZERO_ERROR;
    Locale parsed = la::localeForTag(tag, code);
    std::string id = parsed.getName();
    std::string transformed = la::fillString(
        [&](char *out, int32_t cap, UErrorCode &s) { return transform(id.c_str(), out, cap, &s); }, code);
    std::string result = la::fillString(
        [&](char *out, int32_t cap, UErrorCode &s) {
            return uloc_toLanguageTag(transformed.c_str(), out, cap, true, &s);
        },
        code);
    if (U_FAILURE(code)) { la::report(status, code); return 0; }
    return la::copyOut(result, buffer, capacity);
}

int32_t la_locale_maximize(const char *tag, char *buffer, int32_t capacity, int32_t *status) {
    return transformTag(tag, uloc_addLikelySubtags, buffer, capacity, status);
}

int32_t la_locale_minimize(const char *tag, char *buffer, int32_t capacity, int32_t *status) {
    return transformTag(tag, uloc_minimizeSubtags, buffer, capacity, status);
}

int32_t la_locale_is_right_to_left(const char *tag) {
    UErrorCode code = U_ZERO_ERROR;
    Locale parsed = la::localeForTag(tag, code);
    if (U_FAILURE(code)) return 0;
    return uloc_isRightToLeft(parsed.getName()) ? 1 : 0;
}

int32_t la_locale_display_name(const char *tag, const char *displayTag, uint16_t *buffer,
                               int32_t capacity, int32_t *status) {
    if (la::failed(status)) return 0;
    UErrorCode code = U_ZERO_ERROR;
    Locale locale = la::localeForTag(tag, code);
    Locale display = la::localeForTag(displayTag, code);
    if (U_FAILURE(code)) { la::report(status, code); return 0; }
    icu::UnicodeString name;
    locale.getDisplayName(display, name);
    if (name.isBogus()) { la::report(status, U_MEMORY_ALLOCATION_ERROR); return 0; }
    return la::copyOut(name, buffer, capacity);
}

int32_t la_locale_scripts(const char *tag, int32_t *codes, int32_t capacity, int32_t *status) {
    if (la::failed(status)) return 0;
    UErrorCode code = U_ZERO_ERROR;
    Locale locale = la::localeForTag(tag, code);
    if (U_FAILURE(code)) { la::report(status, code); return 0; }
    UScriptCode found[32];
    int32_t count = uscript_getCode(locale.getName(), found, 32, &code);
    if (U_FAILURE(code)) { la::report(status, code); return 0; }
    for (int32_t i = 0; i < count && i < capacity; ++i) codes[i] = (int32_t)found[i];
    return count;
}
