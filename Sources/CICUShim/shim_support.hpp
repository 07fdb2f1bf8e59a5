// Helpers shared by the shim's translation units. Internal: never included by the public header.
#ifndef LA_SHIM_SUPPORT_HPP
#define LA_SHIM_SUPPORT_HPP

#include <unicode/utypes.h>
#include <unicode/locid.h>
#include <unicode/unistr.h>
#include <cstring>
#include <string>

namespace la {

/// Copies `text` into a caller buffer, truncating (and terminating) when it does not fit; returns
/// the full length so the caller can retry with a larger buffer.
inline int32_t copyOut(const char *text, int32_t length, char *buffer, int32_t capacity) {
    if (buffer != nullptr && capacity > 0) {
        int32_t n = length < capacity - 1 ? length : capacity - 1;
        std::memcpy(buffer, text, (size_t)n);
        buffer[n] = 0;
    }
    return length;
}

inline int32_t copyOut(const std::string &text, char *buffer, int32_t capacity) {
    return copyOut(text.data(), (int32_t)text.size(), buffer, capacity);
}

inline int32_t copyOut(const icu::UnicodeString &text, uint16_t *buffer, int32_t capacity) {
    int32_t length = text.length();
    if (buffer != nullptr && capacity > 0) {
        int32_t n = length < capacity - 1 ? length : capacity - 1;
        text.extract(0, n, reinterpret_cast<UChar *>(buffer));
        buffer[n] = 0;
    }
    return length;
}

/// Whether the caller's status already holds an error, so the call must not run (ICU convention).
inline bool failed(const int32_t *status) { return status != nullptr && *status > U_ZERO_ERROR; }

inline void report(int32_t *status, UErrorCode code) {
    if (status != nullptr && (*status <= U_ZERO_ERROR)) *status = (int32_t)code;
}

/// A BCP 47 tag as an ICU locale. ICU's parser is lenient (it stops at the first bad subtag), so
/// anything short of the whole tag is reported as an error rather than silently truncated.
inline icu::Locale localeForTag(const char *tag, UErrorCode &status) {
    if (tag == nullptr) { status = U_ILLEGAL_ARGUMENT_ERROR; return icu::Locale::getRoot(); }
    icu::Locale locale = icu::Locale::forLanguageTag(tag, status);
    if (U_SUCCESS(status) && locale.isBogus()) status = U_ILLEGAL_ARGUMENT_ERROR;
    return locale;
}

/// Calls an ICU function that fills a char buffer, growing the buffer on overflow.
template <typename Fill>
std::string fillString(Fill fill, UErrorCode &status) {
    std::string result(64, '\0');
    for (int attempt = 0; attempt < 2; ++attempt) {
        UErrorCode local = U_ZERO_ERROR;
        int32_t length = fill(&result[0], (int32_t)result.size(), local);
        if (local == U_BUFFER_OVERFLOW_ERROR || local == U_STRING_NOT_TERMINATED_WARNING) {
            result.assign((size_t)length + 1, '\0');
            continue;
        }
        if (U_FAILURE(local)) { status = local; return std::string(); }
        result.resize((size_t)length);
        return result;
    }
    status = U_BUFFER_OVERFLOW_ERROR;
    return std::string();
}

} // namespace la

#endif
