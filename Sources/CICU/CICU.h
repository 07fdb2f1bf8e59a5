// The ICU headers CICUShim uses. Never imported by a Swift module (see Package.swift).
#ifndef CICU_H
#define CICU_H
#include <unicode/utypes.h>
#include <unicode/uloc.h>
#include <unicode/uplrules.h>
#include <unicode/unumberformatter.h>
#include <unicode/ubidi.h>
#include <unicode/uscript.h>
#include <unicode/uchar.h>
#include <unicode/ures.h>
#include <unicode/utrans.h>
#include <unicode/ucol.h>
#include <unicode/usearch.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>
#endif
