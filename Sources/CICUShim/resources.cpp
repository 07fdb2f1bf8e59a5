#include "CICUShim.h"
#include "shim_support.hpp"
#include <unicode/ures.h>

namespace {
struct Bundle {
    UResourceBundle *resource = nullptr;
    ~Bundle() { if (resource != nullptr) ures_close(resource); }
};

void appendLeaves(UResourceBundle *node, const std::string &path, std::string &out, UErrorCode &status) {
    switch (ures_getType(node)) {
    case URES_STRING: {
        int32_t length = 0;
        const UChar *chars = ures_getString(node, &length, &status);
        if (U_FAILURE(status)) return;
        std::string value;
        icu::UnicodeString(false, chars, length).toUTF8String(value);
        // The output is line- and tab-separated; CLDR ids never contain either, but be safe.
        for (char &c : value) if (c == '\t' || c == '\n') c = ' ';
        out += path;
        out += '\t';
        out += value;
        out += '\n';
        return;
    }
    case URES_TABLE:
    case URES_ARRAY: {
        bool isTable = ures_getType(node) == URES_TABLE;
        ures_resetIterator(node);
        while (U_SUCCESS(status) && ures_hasNext(node)) {
            Bundle child;
            child.resource = ures_getNextResource(node, nullptr, &status);
            if (U_FAILURE(status)) return;
            std::string childPath = path;
            if (isTable) {
                if (!childPath.empty()) childPath += '/';
                childPath += ures_getKey(child.resource);
            }
            appendLeaves(child.resource, childPath, out, status);
        }
        return;
    }
    default:
        return; // integers and binaries are not needed by any caller
    }
}
} // namespace

int32_t la_resource_dump(const char *bundle, const char *path, char *buffer, int32_t capacity, int32_t *status) {
    if (la::failed(status) || bundle == nullptr) return 0;
    UErrorCode code = U_ZERO_ERROR;
    Bundle root;
    root.resource = ures_openDirect(nullptr, bundle, &code);
    if (U_FAILURE(code)) { la::report(status, code); return 0; }
    Bundle current;
    UResourceBundle *node = root.resource;
    std::string remaining = path != nullptr ? path : "";
    size_t start = 0;
    while (start < remaining.size()) {
        size_t slash = remaining.find('/', start);
        std::string key = remaining.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
        start = slash == std::string::npos ? remaining.size() : slash + 1;
        if (key.empty()) continue;
        UResourceBundle *next = ures_getByKey(node, key.c_str(), nullptr, &code);
        if (U_FAILURE(code)) { if (next) ures_close(next); la::report(status, code); return 0; }
        if (current.resource != nullptr) ures_close(current.resource);
        current.resource = next;
        node = next;
    }
    std::string out;
    appendLeaves(node, "", out, code);
    if (U_FAILURE(code)) { la::report(status, code); return 0; }
    return la::copyOut(out, buffer, capacity);
}
