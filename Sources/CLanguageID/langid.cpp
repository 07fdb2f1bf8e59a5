#include "CLanguageID.h"
#include <dlfcn.h>
#include <cstdio>
#include <cstring>
#include <string>

namespace {

// Mirrors of CLD2's public types (compact_lang_det.h); only their layout matters.
struct Hints {
    const char *contentLanguageHint;
    const char *tldHint;
    int encodingHint;
    int languageHint;
};
const int kUnknownLanguage = 26;  // CLD2::UNKNOWN_LANGUAGE
const int kUnknownEncoding = 23;  // CLD2::UNKNOWN_ENCODING

// CLD2::ExtDetectLanguageSummary(const char*, int, bool, const CLDHints*, int flags, Language*,
// int* percent3, double* normalized_score3, ResultChunkVector*, int* text_bytes, bool* is_reliable)
typedef int (*DetectFn)(const char *, int, bool, const Hints *, int, int *, int *, double *, void *, int *, bool *);
typedef const char *(*LanguageCodeFn)(int);
typedef int (*LanguageFromNameFn)(const char *);
typedef int (*RecognizedScriptFn)(int, int);
typedef int (*CloseSetFn)(int);
typedef const char *(*ScriptCodeFn)(int);
typedef const char *(*VersionFn)(void);

struct Library {
    int level = 0;
    std::string description;
    DetectFn detect = nullptr;
    LanguageCodeFn languageCode = nullptr;
    LanguageFromNameFn languageFromName = nullptr;
    RecognizedScriptFn recognizedScript = nullptr;
    CloseSetFn closeSet = nullptr;
    ScriptCodeFn scriptCode = nullptr;

    Library() {
        // Debian's libcld2_full.so.0 holds only the full tables; loaded first and globally, its table
        // symbols take the place of the default ones libcld2.so.0 carries (the code refers to them
        // through relocations). A build whose full library also holds the code is used as it is.
        void *full = dlopen("libcld2_full.so.0", RTLD_NOW | RTLD_GLOBAL);
        void *code = nullptr;
        if (full != nullptr && dlsym(full, kDetect) != nullptr) {
            code = full;
        } else {
            code = dlopen("libcld2.so.0", RTLD_NOW | RTLD_LOCAL);
        }
        if (code == nullptr) return;
        detect = (DetectFn)dlsym(code, kDetect);
        languageCode = (LanguageCodeFn)dlsym(code, "_ZN4CLD212LanguageCodeENS_8LanguageE");
        languageFromName = (LanguageFromNameFn)dlsym(code, "_ZN4CLD219GetLanguageFromNameEPKc");
        recognizedScript = (RecognizedScriptFn)dlsym(code, "_ZN4CLD224LanguageRecognizedScriptENS_8LanguageEi");
        closeSet = (CloseSetFn)dlsym(code, "_ZN4CLD216LanguageCloseSetENS_8LanguageE");
        scriptCode = (ScriptCodeFn)dlsym(code, "_ZN4CLD212ULScriptCodeENS_8ULScriptE");
        VersionFn version = (VersionFn)dlsym(code, "_ZN4CLD221DetectLanguageVersionEv");
        if (!detect || !languageCode || !languageFromName || !recognizedScript || !closeSet || !scriptCode) {
            detect = nullptr;
            return;
        }
        level = full != nullptr ? 2 : 1;
        description = std::string("CLD2 ") + (version ? version() : "") +
                      (full != nullptr ? " (libcld2_full.so.0)" : " (libcld2.so.0, default tables)");
    }

    static constexpr const char *kDetect =
        "_ZN4CLD224ExtDetectLanguageSummaryEPKcibPKNS_8CLDHintsEiPNS_8LanguageEPiPdPSt6vectorINS_11ResultChunkESaISA_EES7_Pb";
};

const Library &library() {
    static const Library instance;  // loaded once; C++11 guarantees thread-safe initialisation
    return instance;
}

void copyCode(const char *text, char *buffer, int32_t capacity) {
    if (buffer == nullptr || capacity <= 0) return;
    std::snprintf(buffer, (size_t)capacity, "%s", text != nullptr ? text : "");
}

}  // namespace

int32_t la_langid_load(void) { return library().level; }

const char *la_langid_description(void) { return library().description.c_str(); }

int32_t la_langid_detect(const char *utf8, int32_t length, const char *hint, la_langid_result *result) {
    const Library &lib = library();
    if (lib.detect == nullptr || result == nullptr) return -1;
    Hints hints = {nullptr, nullptr, kUnknownEncoding, kUnknownLanguage};
    if (hint != nullptr && hint[0] != 0) hints.languageHint = lib.languageFromName(hint);
    int languages[3] = {kUnknownLanguage, kUnknownLanguage, kUnknownLanguage};
    int percents[3] = {0, 0, 0};
    double scores[3] = {0, 0, 0};
    int textBytes = 0;
    bool reliable = false;
    lib.detect(utf8, length, true, &hints, 0, languages, percents, scores, nullptr, &textBytes, &reliable);
    copyCode(lib.languageCode(languages[0]), result->language, sizeof result->language);
    copyCode(lib.languageCode(languages[1]), result->second, sizeof result->second);
    result->percent = percents[0];
    result->secondPercent = percents[1];
    result->score = scores[0];
    result->textBytes = textBytes;
    result->reliable = reliable ? 1 : 0;
    return 0;
}

int32_t la_langid_language(const char *name, char *code, int32_t codeCapacity, char *scripts,
                           int32_t scriptsCapacity, int32_t *closeSet) {
    const Library &lib = library();
    if (lib.detect == nullptr || name == nullptr) return -1;
    int language = lib.languageFromName(name);
    copyCode(lib.languageCode(language), code, codeCapacity);
    std::string list;
    for (int n = 0; n < 4 && language != kUnknownLanguage; n++) {
        int script = lib.recognizedScript(language, n);
        if (script == 0) continue;  // ULScript_Common: no more scripts
        if (!list.empty()) list += ",";
        list += lib.scriptCode(script);
    }
    copyCode(list.c_str(), scripts, scriptsCapacity);
    if (closeSet != nullptr) *closeSet = language == kUnknownLanguage ? 0 : lib.closeSet(language);
    return 0;
}
