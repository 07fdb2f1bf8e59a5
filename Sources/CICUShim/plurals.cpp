#include "CICUShim.h"
#include "shim_support.hpp"
#include <unicode/plurrule.h>
#include <unicode/numberformatter.h>
#include <unicode/ures.h>
#include <unicode/uloc.h>
#include <unicode/ustring.h>
#include <memory>

namespace {
/// What a plural handle owns. Immutable after la_plural_open, so concurrent reads are safe
/// (icu::PluralRules' const methods are thread-safe).
struct PluralHandle {
    std::unique_ptr<icu::PluralRules> rules;
    icu::Locale locale;
    UPluralType type;
};

const PluralHandle *handleOf(const void *rules) { return static_cast<const PluralHandle *>(rules); }

int32_t keywordOut(const icu::UnicodeString &keyword, char *buffer, int32_t capacity) {
    std::string text;
    keyword.toUTF8String(text);
    return la::copyOut(text, buffer, capacity);
}

/// Number of digits after the decimal point as written ("1.50" → 2, "1e6" → 0).
int32_t visibleFractionDigits(const char *decimal) {
    const char *dot = std::strchr(decimal, '.');
    if (dot == nullptr) return 0;
    int32_t digits = 0;
    for (const char *p = dot + 1; *p >= '0' && *p <= '9'; ++p) ++digits;
    return digits;
}
} // namespace

void *la_plural_open(const char *tag, int32_t type, int32_t *status) {
    if (la::failed(status)) return nullptr;
    UErrorCode code = U_ZERO_ERROR;
    icu::Locale locale = la::localeForTag(tag, code);
    UPluralType pluralType = type == 1 ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL;
    std::unique_ptr<icu::PluralRules> rules(
        U_SUCCESS(code) ? icu::PluralRules::forLocale(locale, pluralType, code) : nullptr);
    if (U_FAILURE(code) || rules == nullptr) {
        la::report(status, U_FAILURE(code) ? code : U_MEMORY_ALLOCATION_ERROR);
        return nullptr;
    }
    return new PluralHandle{std::move(rules), locale, pluralType};
}

void la_plural_close(void *rules) { delete static_cast<PluralHandle *>(rules); }

int32_t la_plural_keywords(const void *rules, char *buffer, int32_t capacity, int32_t *status) {
    if (la::failed(status) || rules == nullptr) return 0;
    UErrorCode code = U_ZERO_ERROR;
    std::unique_ptr<icu::StringEnumeration> keywords(handleOf(rules)->rules->getKeywords(code));
    std::string joined;
    while (U_SUCCESS(code) && keywords != nullptr) {
        int32_t length = 0;
        const char *keyword = keywords->next(&length, code);
        if (keyword == nullptr) break;
        if (!joined.empty()) joined += ' ';
        joined.append(keyword, (size_t)length);
    }
    if (U_FAILURE(code)) { la::report(status, code); return 0; }
    return la::copyOut(joined, buffer, capacity);
}

int32_t la_plural_select(const void *rules, double number, char *buffer, int32_t capacity, int32_t *status) {
    if (la::failed(status) || rules == nullptr) return 0;
    return keywordOut(handleOf(rules)->rules->select(number), buffer, capacity);
}

int32_t la_plural_select_integers(const void *rules, int32_t first, int32_t count, int8_t *categories,
                                  int32_t *status) {
    if (la::failed(status) || rules == nullptr || categories == nullptr || count < 0) return 0;
    const icu::UnicodeString names[] = {u"zero", u"one", u"two", u"few", u"many", u"other"};
    const icu::PluralRules &plural = *handleOf(rules)->rules;
    for (int32_t k = 0; k < count; ++k) {
        // select(int32_t) and select(double) read an integer the same way (no fraction digits).
        const icu::UnicodeString keyword = plural.select(first + k);
        int8_t code = -1;
        for (int8_t c = 0; c < 6 && code < 0; ++c) {
            if (keyword == names[c]) code = c;
        }
        categories[k] = code;
    }
    return count;
}

int32_t la_plural_select_decimal(const void *rules, const char *decimal, char *buffer, int32_t capacity,
                                 int32_t *status) {
    if (la::failed(status) || rules == nullptr || decimal == nullptr) return 0;
    const PluralHandle *handle = handleOf(rules);
    UErrorCode code = U_ZERO_ERROR;
    // select(double) cannot see "1.0"; a formatter with exactly the written fraction digits keeps
    // v (visible fraction digits) so "1.0" in English is "other", not "one".
    auto formatter = icu::number::NumberFormatter::withLocale(handle->locale)
                         .precision(icu::number::Precision::fixedFraction(visibleFractionDigits(decimal)));
    icu::number::FormattedNumber formatted = formatter.formatDecimal(decimal, code);
    icu::UnicodeString keyword = U_SUCCESS(code) ? handle->rules->select(formatted, code) : icu::UnicodeString();
    if (U_FAILURE(code)) { la::report(status, code); return 0; }
    return keywordOut(keyword, buffer, capacity);
}

int32_t la_plural_samples(const void *rules, const char *keyword, double *values, int32_t capacity,
                          int32_t *status) {
    if (la::failed(status) || rules == nullptr || keyword == nullptr) return 0;
    UErrorCode code = U_ZERO_ERROR;
    double found[64];
    int32_t count = handleOf(rules)->rules->getSamples(icu::UnicodeString::fromUTF8(keyword), found, 64, code);
    if (U_FAILURE(code)) { la::report(status, code); return 0; }
    for (int32_t i = 0; i < count && i < capacity; ++i) values[i] = found[i];
    return count;
}

namespace {
struct Bundle {
    UResourceBundle *resource = nullptr;
    ~Bundle() { if (resource != nullptr) ures_close(resource); }
};

std::string utf8String(const UResourceBundle *resource, UErrorCode &status) {
    int32_t length = 0;
    const UChar *chars = ures_getString(resource, &length, &status);
    std::string text;
    if (U_SUCCESS(status)) icu::UnicodeString(false, chars, length).toUTF8String(text);
    return text;
}

/// The CLDR rule-set name ("set12") for a locale, following ICU's own fallback: the locale ID and
/// its parents, then the language of its likely-subtags form.
std::string ruleSetName(const UResourceBundle *table, const icu::Locale &locale) {
    std::string id = locale.getName();
    while (!id.empty()) {
        UErrorCode code = U_ZERO_ERROR;
        Bundle entry;
        entry.resource = ures_getByKey(table, id.c_str(), nullptr, &code);
        if (U_SUCCESS(code)) {
            std::string name = utf8String(entry.resource, code);
            if (U_SUCCESS(code)) return name;
        }
        UErrorCode parentStatus = U_ZERO_ERROR;
        std::string parent = la::fillString(
            [&](char *out, int32_t cap, UErrorCode &s) { return uloc_getParent(id.c_str(), out, cap, &s); },
            parentStatus);
        if (U_FAILURE(parentStatus) || parent == id || parent == "root") break;
        id = parent;
    }
    UErrorCode code = U_ZERO_ERROR;
    icu::Locale maximized = locale;
    maximized.addLikelySubtags(code);
    if (U_SUCCESS(code) && std::strcmp(maximized.getLanguage(), locale.getLanguage()) != 0) {
        return ruleSetName(table, icu::Locale(maximized.getLanguage()));
    }
    return std::string();
}
} // namespace

int32_t la_plural_rules_text(const void *rules, char *buffer, int32_t capacity, int32_t *status) {
    if (la::failed(status) || rules == nullptr) return 0;
    const PluralHandle *handle = handleOf(rules);
    UErrorCode code = U_ZERO_ERROR;
    Bundle plurals, locales, ruleSets, ruleSet;
    plurals.resource = ures_openDirect(nullptr, "plurals", &code);
    const char *tableName = handle->type == UPLURAL_TYPE_ORDINAL ? "locales_ordinals" : "locales";
    locales.resource = ures_getByKey(plurals.resource, tableName, nullptr, &code);
    ruleSets.resource = ures_getByKey(plurals.resource, "rules", nullptr, &code);
    if (U_FAILURE(code)) { la::report(status, code); return 0; }
    std::string setName = ruleSetName(locales.resource, handle->locale);
    std::string text;
    if (setName.empty()) {
        text = "other: "; // CLDR's root: every number is "other"
    } else {
        ruleSet.resource = ures_getByKey(ruleSets.resource, setName.c_str(), nullptr, &code);
        while (U_SUCCESS(code) && ures_hasNext(ruleSet.resource)) {
            Bundle rule;
            rule.resource = ures_getNextResource(ruleSet.resource, nullptr, &code);
            if (U_FAILURE(code)) break;
            std::string body = utf8String(rule.resource, code);
            text += ures_getKey(rule.resource);
            text += ": ";
            text += body;
            text += '\n';
        }
    }
    if (U_FAILURE(code)) { la::report(status, code); return 0; }
    return la::copyOut(text, buffer, capacity);
}
