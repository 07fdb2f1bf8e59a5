// Plain-C bridge to Compact Language Detector 2 (CLD2), loaded at run time. CLD2's API is C++ and
// Debian ships it only as shared libraries without pkg-config: linking it would make every build need
// libcld2-dev and the portable binary need libcld2 on users' machines. So nothing links it: the first
// call dlopen()s the library and looks up its (Itanium-mangled, stable since 2014) symbols; when it is
// absent, identification is unavailable and callers fall back to what they did without it.
// Thread safety: every function may be called from any thread (CLD2's detection is reentrant).
#ifndef CLANGUAGEID_H
#define CLANGUAGEID_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// 0 when CLD2 could not be loaded, 1 when it runs with its default tables (~80 languages), 2 with
/// the full tables of libcld2_full (~160 languages). Loads the library on the first call.
int32_t la_langid_load(void);

/// "CLD2 V2.0 - 20140204 (libcld2_full.so.0)" when loaded, else an empty string. Static storage.
const char *la_langid_description(void);

/// What CLD2 says about a text. Language codes are CLD2's ("iw" for Hebrew, "no", "zh-Hant", "un").
typedef struct {
    char language[16];        // the language of most of the text, "un" when none
    int32_t percent;          // share of the text's letters in that language, 0…100
    double score;             // CLD2's normalized score of it (higher = more typical text)
    char second[16];          // the runner-up, "un" when none
    int32_t secondPercent;
    int32_t textBytes;        // bytes of letters CLD2 scored
    int32_t reliable;         // CLD2's own verdict (1/0)
} la_langid_result;

/// Identifies UTF-8 text. `hint` (a language code or NULL) boosts that language. Returns 0 and fills
/// `result`, or -1 when CLD2 is unavailable.
int32_t la_langid_detect(const char *utf8, int32_t length, const char *hint, la_langid_result *result);

/// CLD2's view of a language code ("pt-BR", "nb", "he"): its own code into `code` ("pt", "no", "iw"),
/// the ISO 15924 scripts it recognizes the language in, comma-separated, into `scripts` ("Latn,Cyrl";
/// empty when CLD2 cannot recognize it), and its set of statistically close languages (0 = none;
/// da/no/nn share one, pt/es/gl another). Returns 0, or -1 when CLD2 is unavailable.
int32_t la_langid_language(const char *name, char *code, int32_t codeCapacity, char *scripts,
                           int32_t scriptsCapacity, int32_t *closeSet);

#ifdef __cplusplus
}
#endif

#endif
