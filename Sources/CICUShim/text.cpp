#include "CICUShim.h"
#include "shim_support.hpp"
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/usearch.h>
#include <unicode/ucol.h>
#include <unicode/udata.h>
#include <unicode/ures.h>
#include <unicode/utrans.h>
#include <unicode/ustring.h>
#include <vector>

int32_t la_fold(const uint16_t *text, int32_t length, uint16_t *buffer, int32_t capacity, int32_t *status) {
    if (la::failed(status)) return 0;
    UErrorCode code = U_ZERO_ERROR;
    const icu::Normalizer2 *nfd = icu::Normalizer2::getNFDInstance(code);
    const icu::Normalizer2 *nfc = icu::Normalizer2::getNFCInstance(code);
    if (U_FAILURE(code)) { la::report(status, code); return 0; }
    icu::UnicodeString source(false, reinterpret_cast<const UChar *>(text), length);
    // Fold after decomposing so precomposed letters (Å, ǅ) fold like their parts, then decompose again
    // because folding can produce new composites, and drop the marks.
    icu::UnicodeString folded = nfd->normalize(source, code).foldCase();
    icu::UnicodeString decomposed = nfd->normalize(folded, code);
    icu::UnicodeString stripped;
    for (int32_t i = 0; i < decomposed.length();) {
        UChar32 c = decomposed.char32At(i);
        if (u_charType(c) != U_NON_SPACING_MARK) stripped.append(c);
        i += U16_LENGTH(c);
    }
    icu::UnicodeString result = nfc->normalize(stripped, code);
    if (U_FAILURE(code)) { la::report(status, code); return 0; }
    return la::copyOut(result, buffer, capacity);
}

int32_t la_search_primary(const uint16_t *text, int32_t textLength, const uint16_t *pattern,
                          int32_t patternLength, const char *tag, int32_t *matchLength, int32_t *status) {
    if (matchLength != nullptr) *matchLength = 0;
    if (la::failed(status)) return -1;
    if (patternLength == 0 || textLength == 0) return -1;
    UErrorCode code = U_ZERO_ERROR;
    icu::Locale locale = la::localeForTag(tag, code);
    if (U_FAILURE(code)) { la::report(status, code); return -1; }
    UStringSearch *search = usearch_open(reinterpret_cast<const UChar *>(pattern), patternLength,
                                         reinterpret_cast<const UChar *>(text), textLength,
                                         locale.getName(), nullptr, &code);
    if (U_FAILURE(code)) { la::report(status, code); return -1; }
    ucol_setStrength(usearch_getCollator(search), UCOL_PRIMARY);
    usearch_reset(search); // the pattern's collation elements depend on the strength
    int32_t offset = usearch_first(search, &code);
    if (U_SUCCESS(code) && offset != USEARCH_DONE && matchLength != nullptr) {
        *matchLength = usearch_getMatchedLength(search);
    }
    usearch_close(search);
    if (U_FAILURE(code)) { la::report(status, code); return -1; }
    return offset == USEARCH_DONE ? -1 : offset;
}

/// A rule-based transliterator built straight from its rules in ICU's transliteration data, or
/// nullptr when the data does not hold it so. Opening one by id first builds ICU's registry of every
/// transliterator (about 140 million instructions, more than the rest of a small run); its rules
/// alone parse in a fifth of that, and give the same transliterator.
static UTransliterator *openFromRules(const icu::UnicodeString &name, const char *id) {
    UErrorCode code = U_ZERO_ERROR;
    UResourceBundle *root = ures_openDirect(U_ICUDATA_NAME U_TREE_SEPARATOR_STRING "translit", "root", &code);
    UResourceBundle *ids = ures_getByKey(root, "RuleBasedTransliteratorIDs", nullptr, &code);
    UResourceBundle *entry = ures_getByKey(ids, id, nullptr, &code);
    UResourceBundle *file = ures_getByKey(entry, "file", nullptr, &code);
    int32_t directionLength = 0, rulesLength = 0;
    const UChar *direction = ures_getStringByKey(file, "direction", &directionLength, &code);
    const UChar *rules = ures_getStringByKey(file, "resource", &rulesLength, &code);
    UTransliterator *transliterator = nullptr;
    if (U_SUCCESS(code)) {
        bool reverse = icu::UnicodeString(false, direction, directionLength) == icu::UnicodeString(u"REVERSE");
        UParseError parseError;
        transliterator = utrans_openU(name.getBuffer(), name.length(), reverse ? UTRANS_REVERSE : UTRANS_FORWARD,
                                      rules, rulesLength, &parseError, &code);
        if (U_FAILURE(code)) transliterator = nullptr;
    }
    ures_close(file);
    ures_close(entry);
    ures_close(ids);
    ures_close(root);
    return transliterator;
}

void *la_translit_open(const char *id, int32_t *status) {
    if (la::failed(status) || id == nullptr) return nullptr;
    UErrorCode code = U_ZERO_ERROR;
    icu::UnicodeString name = icu::UnicodeString::fromUTF8(id);
    if (UTransliterator *fromRules = openFromRules(name, id)) return fromRules;
    // A compound or algorithmic transliterator ("Any-Latin"): through the registry.
    UTransliterator *transliterator = utrans_openU(name.getBuffer(), name.length(), UTRANS_FORWARD,
                                                   nullptr, 0, nullptr, &code);
    if (U_FAILURE(code)) { la::report(status, code); return nullptr; }
    return transliterator;
}

void la_translit_close(void *transliterator) {
    if (transliterator != nullptr) utrans_close(static_cast<UTransliterator *>(transliterator));
}

int32_t la_translit_apply(void *transliterator, const uint16_t *text, int32_t length, uint16_t *buffer,
                          int32_t capacity, int32_t *status) {
    if (la::failed(status) || transliterator == nullptr) return 0;
    // utrans_transUChars works in place, so copy into a buffer that can grow to any result length.
    std::vector<UChar> work(text, text + length);
    for (int attempt = 0; attempt < 3; ++attempt) {
        std::vector<UChar> scratch = work;
        int32_t textLength = length;
        int32_t limit = length;
        scratch.resize((size_t)(scratch.size() * (attempt + 2) + 16));
        UErrorCode code = U_ZERO_ERROR;
        utrans_transUChars(static_cast<UTransliterator *>(transliterator), scratch.data(), &textLength,
                           (int32_t)scratch.size(), 0, &limit, &code);
        if (code == U_BUFFER_OVERFLOW_ERROR) continue;
        if (U_FAILURE(code)) { la::report(status, code); return 0; }
        icu::UnicodeString result(false, scratch.data(), textLength);
        return la::copyOut(result, buffer, capacity);
    }
    la::report(status, U_BUFFER_OVERFLOW_ERROR);
    return 0;
}
