// Plain-C bridge over the system ICU for Swift. This header must never include an ICU header nor use
// an ICU type: Swift modules import it next to Foundation, which carries its own private ICU.
//
// Conventions:
// - `status` out-parameters receive ICU's raw UErrorCode: 0 success, negative = warning (success),
//   positive = error. Callers must initialise it to 0. See la_icu_error_name.
// - Functions that produce text write UTF-8 (char) or UTF-16 (uint16_t) into a caller buffer and return
//   the FULL length needed, excluding the terminator; text is truncated (and NUL-terminated when room)
//   when the buffer is too small, so callers retry with `length + 1` units.
// - Locales are passed as BCP 47 language tags ("pt-BR", "und-Latn"); the shim converts them for ICU.
// - Handles (`void *`) are owned by the caller and released with the matching close function.
#ifndef CICUSHIM_H
#define CICUSHIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: Versions and errors

/// The ICU version string, such as "72.1", into `buffer` (NUL-terminated). Returns its length.
int32_t la_icu_version(char *buffer, int32_t capacity);

/// The Unicode version ICU implements, such as "15.0".
int32_t la_unicode_version(char *buffer, int32_t capacity);

/// The CLDR version of ICU's data, such as "42.0".
int32_t la_cldr_version(char *buffer, int32_t capacity);

/// ICU's symbolic name of an error code ("U_ILLEGAL_ARGUMENT_ERROR"). Static storage; never NULL.
const char *la_icu_error_name(int32_t status);

// MARK: Locales (BCP 47 tags in and out)

/// `icu::Locale::createCanonical` (CLDR aliases: iw→he, cmn→zh, sh→sr-Latn) then `toLanguageTag`.
int32_t la_locale_canonical_tag(const char *tag, char *buffer, int32_t capacity, int32_t *status);

/// Likely subtags added (`uloc_addLikelySubtags`), as a BCP 47 tag: "ja" → "ja-Jpan-JP".
int32_t la_locale_maximize(const char *tag, char *buffer, int32_t capacity, int32_t *status);

/// Likely subtags removed (`uloc_minimizeSubtags`), as a BCP 47 tag: "zh-Hans-CN" → "zh".
int32_t la_locale_minimize(const char *tag, char *buffer, int32_t capacity, int32_t *status);

/// The `index`th of ICU's ISO 639 language codes (`uloc_getISOLanguages`), NULL past the last.
const char *la_iso_language(int32_t index);

/// 1 when the locale's (likely) script is written right to left, 0 otherwise.
int32_t la_locale_is_right_to_left(const char *tag);

/// The locale's display name in `displayTag`'s language, UTF-16.
int32_t la_locale_display_name(const char *tag, const char *displayTag, uint16_t *buffer,
                               int32_t capacity, int32_t *status);

/// The scripts used to write the locale (`uscript_getCode`; "ja" → Kana, Hira, Hani) as UScriptCode
/// values. Returns the count (which may exceed `capacity`).
int32_t la_locale_scripts(const char *tag, int32_t *codes, int32_t capacity, int32_t *status);

// MARK: Scripts and character properties

/// The Script property of a code point (UScriptCode), or -1 on failure.
int32_t la_script_of(int32_t codePoint);

/// Sets bit c of `bits` (`words` × 64 code points from U+0000) for each code point c of the
/// UnicodeSet `pattern` ("[:Alphabetic:]"), leaving the other bits as they are. Returns 0, or -1
/// when the pattern does not parse.
int32_t la_set_bits(const char *pattern, uint64_t *bits, int32_t words);

/// The Script_Extensions of a code point. Returns the count (which may exceed `capacity`).
int32_t la_script_extensions(int32_t codePoint, int32_t *codes, int32_t capacity, int32_t *status);

/// ISO 15924 code ("Latn") of a UScriptCode, or NULL when unknown. Static storage.
const char *la_script_short_name(int32_t code);

/// Unicode long name ("Latin") of a UScriptCode, or NULL when unknown. Static storage.
const char *la_script_long_name(int32_t code);

/// The UScriptCode for an ISO 15924 code or long name, or -1 when unknown.
int32_t la_script_code_for_name(const char *name);

/// 1 when the script is written right to left.
int32_t la_script_is_right_to_left(int32_t code);

/// Bidi_Paired_Bracket_Type: 0 none, 1 open, 2 close.
int32_t la_bracket_type(int32_t codePoint);

/// Bidi_Paired_Bracket: the matching bracket, or the code point itself when none.
int32_t la_paired_bracket(int32_t codePoint);

/// 1 when the code point's Bidi_Class is R or AL (strong right-to-left), letter or not: the Arabic
/// full stop U+06D4 is as strong as an Arabic letter.
int32_t la_is_strong_right_to_left(int32_t codePoint);

// MARK: Bidi

/// The base level of the first paragraph of `text` when ICU resolves it from its first strong
/// character (rules P2–P3, isolates skipped). Writes 1 into `hasStrong` when such a character exists.
/// Returns 0 (LTR) or 1 (RTL).
int32_t la_bidi_paragraph_level(const uint16_t *text, int32_t length, int32_t *hasStrong,
                                int32_t *status);

/// Level runs of `text` in logical order. `paraLevel`: 0 LTR, 1 RTL, 0xFE default LTR, 0xFF default
/// RTL. Returns the run count (which may exceed `capacity`); writes UTF-16 starts, lengths and levels.
int32_t la_bidi_runs(const uint16_t *text, int32_t length, int32_t paraLevel, int32_t *starts,
                     int32_t *lengths, int32_t *levels, int32_t capacity, int32_t *status);

// MARK: Plural rules

/// Opens the plural rules of a locale. `type`: 0 cardinal, 1 ordinal. Close with la_plural_close.
void *la_plural_open(const char *tag, int32_t type, int32_t *status);
void la_plural_close(void *rules);

/// The rule's keywords, separated by single spaces, in ICU's (unspecified) order.
int32_t la_plural_keywords(const void *rules, char *buffer, int32_t capacity, int32_t *status);

/// The keyword for a plain number (no visible fraction digits considered).
int32_t la_plural_select(const void *rules, double number, char *buffer, int32_t capacity,
                         int32_t *status);

/// The category of each integer first, first + 1, … (count of them) as a code in `categories`: 0 zero,
/// 1 one, 2 two, 3 few, 4 many, 5 other, -1 another keyword. One call for a table of small numbers
/// instead of one call and one keyword string per number. Returns count, or 0 on failure.
int32_t la_plural_select_integers(const void *rules, int32_t first, int32_t count, int8_t *categories,
                                  int32_t *status);

/// The keyword for a decimal written as ASCII digits ("1.50", "-3", "1e6"): formatted with exactly its
/// visible fraction digits, so "1.0" counts as having one (v = 1).
int32_t la_plural_select_decimal(const void *rules, const char *decimal, char *buffer,
                                 int32_t capacity, int32_t *status);

/// The full rule text including its "@integer …" and "@decimal …" sample lists, as CLDR writes them:
/// "one: i = 1 and v = 0 @integer 1 @decimal …". One keyword per line ("keyword: rule").
int32_t la_plural_rules_text(const void *rules, char *buffer, int32_t capacity, int32_t *status);

/// ICU's sample values for a keyword (`PluralRules::getSamples`): integer samples when the category
/// has any, else decimal samples. Returns the count (which may exceed `capacity`).
int32_t la_plural_samples(const void *rules, const char *keyword, double *values, int32_t capacity,
                          int32_t *status);

// MARK: Resource data (CLDR supplemental data bundled with ICU)

/// Flattens the string leaves under `path` (keys separated by '/') of the package-less bundle
/// `bundle` ("supplementalData", "metadata", "keyTypeData") into lines "relative/key/path\tvalue\n".
/// Array items contribute their parent's path; a leaf at `path` itself has an empty path.
int32_t la_resource_dump(const char *bundle, const char *path, char *buffer, int32_t capacity,
                         int32_t *status);

// MARK: Text comparison and transliteration

/// Case- and diacritic-insensitive comparison key: NFD, full case folding, nonspacing marks removed, NFC.
int32_t la_fold(const uint16_t *text, int32_t length, uint16_t *buffer, int32_t capacity,
                int32_t *status);

/// UTF-16 offset of the first match of `pattern` in `text` with collation at primary strength for
/// the locale (case and accents ignored), or -1 when none. `matchLength` receives the match length.
int32_t la_search_primary(const uint16_t *text, int32_t textLength, const uint16_t *pattern,
                          int32_t patternLength, const char *tag, int32_t *matchLength,
                          int32_t *status);

/// Opens a transliterator by ICU id ("Hans-Hant"). Close with la_translit_close. Not thread-safe.
void *la_translit_open(const char *id, int32_t *status);
void la_translit_close(void *transliterator);

/// Transliterates `text` into `buffer` (UTF-16). Returns the full result length.
int32_t la_translit_apply(void *transliterator, const uint16_t *text, int32_t length,
                          uint16_t *buffer, int32_t capacity, int32_t *status);

#ifdef __cplusplus
}
#endif

#endif
