import Foundation

// Language identification of whole translations (CLD2 on Linux, NaturalLanguage on Apple platforms):
// text of the right script can still be another language — Spanish in the Portuguese table, English
// left in the German one after the source changed. `wrong-script` cannot see it.

public struct WrongLanguageRule: Rule {
    public init() {}

    /// A translation needs this many words and letters (after placeholders, URLs and names are set
    /// aside) to be judged: CLD2 is often sure of three words and wrong.
    static let minimumWords = 4
    static let minimumLetters = 24
    /// The share of the text's letters the other language must hold (CLD2 percent, NL probability).
    static let minimumConfidence = 0.9
    /// From this many findings in one locale's table, they fold into one finding with examples.
    static let foldAtLeast = 4
    static let examplesShown = 5

    public static let description = RuleDescription(
        id: "wrong-language", name: "Translation in another language", severity: .warning,
        summary: "A translation of at least four words is reliably identified as another language than its locale's, in the same script (Spanish in the Portuguese table, English left in the German one).",
        rationale: """
        Users of the locale get a language they may not read, and VoiceOver reads it with their \
        language's voice. Found with language identification — Compact Language Detector 2 on Linux \
        (`libcld2-0`, loaded at run time: without it this rule reports nothing; `locale-audit rules` \
        says so), NaturalLanguage on Apple platforms — on translations of at least \(minimumWords) words \
        and \(minimumLetters) letters once placeholders, URLs and names are set aside, when it is \
        reliable and finds at least \(Int(minimumConfidence * 100)) % of the text in one other language \
        written in the locale's script, and when the project confirms it: most of the text's words occur \
        in the project's texts in that language (the source, or another locale) and at most half in the \
        locale's other texts (CLD2 takes many short Italian or Spanish phrases for English; their words \
        are the locale's own). Words kept from the source with a capital (`Duck Player`) are names and \
        set aside. Left out: text identical to the source (`untranslated`), \
        locales whose language the identifier does not know, locales written in a script no other \
        language it knows is written in (Greek, Thai, Georgian, …), and languages it confuses with the \
        locale's (Norwegian Bokmål, Nynorsk and Danish; Croatian, Serbian and Bosnian; Malay and \
        Indonesian; Czech and Slovak; Galician with Portuguese or Spanish; Hindi, Marathi and Nepali; \
        …); Spanish and Portuguese need \(Int(strongConfidence * 100)) %. From \(foldAtLeast) findings \
        in one locale's table they are one finding that lists them. In a table that `locale-copy` \
        reports as a copy of another locale's, they are notes of that finding: the same defect.
        """,
        triggering: [
            RuleExample("A Spanish value in the Portuguese table",
                .strings("en",
                            "\"photos.saved\" = \"Your photos are saved on this phone and never uploaded.\";\n\"photos.delete\" = \"Delete all photos from this phone?\";\n"),
                .strings("es",
                            "\"photos.saved\" = \"Tus fotos se guardan en este teléfono y nunca se suben.\";\n\"photos.delete\" = \"¿Borrar todas las fotos de este teléfono?\";\n"),
                .strings("pt",
                            "\"photos.saved\" = ↓\"Tus fotos se guardan en este teléfono y nunca se suben.\";\n\"photos.delete\" = \"Apagar todas as fotos deste telefone?\";\n")),
            RuleExample("English left in the German table after the source was edited",
                .strings("en",
                            "\"sync.failed\" = \"Syncing failed. Check your connection and try again later.\";\n"),
                .strings("de",
                            "\"sync.failed\" = ↓\"Syncing failed. Please check your internet connection.\";\n")),
        ],
        nonTriggering: [
            RuleExample("Portuguese with a placeholder and an English product name",
                .strings("en",
                            "\"share\" = \"Share %@ with your friends using the Photo Library\";\n"),
                .strings("pt",
                            "\"share\" = \"Compartilhe %@ com seus amigos usando a Photo Library\";\n")),
            RuleExample("A copy of the source is untranslated's finding, and three words are too few to judge",
                .strings("en",
                            "\"offline\" = \"You are offline. Check your connection and try again.\";\n\"ok\" = \"Got it\";\n"),
                .strings("de",
                            "\"offline\" = \"You are offline. Check your connection and try again.\";\n\"ok\" = \"Alles klar, danke\";\n")),
            RuleExample("Norwegian Bokmål that reads like Danish: a language the identifier confuses with it",
                .strings("en",
                            "\"welcome\" = \"Welcome to the app, here you can store your pictures\";\n"),
                .strings("nb",
                            "\"welcome\" = \"Velkommen til appen, her kan du gemme dine billeder\";\n")),
        ])

    /// The share needed between Spanish and Portuguese, which share much vocabulary.
    static let strongConfidence = 0.97

    /// Languages the identifier mistakes for one another in catalog-sized texts: never reported.
    static let confusable: [Set<String>] = [
        ["nb", "nn", "no", "da"], ["hr", "sr", "bs", "cnr"], ["ms", "id"], ["cs", "sk"], ["gl", "pt"], ["gl", "es"],
        ["hi", "mr", "ne", "bh"], ["xh", "zu"], ["rw", "rn"], ["bo", "dz"], ["ca", "oc"], ["zh", "zh-Hant", "yue"],
        ["fa", "prs"], ["ru", "be"], ["tr", "az"], ["sw", "rw"], ["sco", "en"], ["bg", "mk", "sr"],
    ]
    /// Languages close enough that only the strongest evidence counts.
    static let close: [Set<String>] = [["pt", "es"], ["es", "ca"], ["it", "es"], ["nl", "af"], ["ru", "uk"], ["uk", "be"], ["bg", "mk"]]

    /// The language a locale's values should be in, as identification names it ("pt-BR" → pt).
    /// Languages whose texts the identifier takes for their sources (Interlingua, Occidental and Volapük
    /// for English or Romance, Scots for English): their locales are not judged.
    static let unjudged: Set<String> = ["ia", "ie", "vo", "sco"]

    static func expectedLanguage(of locale: String) -> String {
        let code = LanguageIdentifier.cld2Code(for: locale)
        if code == "zh-Hant" { return code }
        let base = LanguageTag.languageSubtag(of: locale)
        return ["no": "nb", "tl": "fil", "iw": "he", "in": "id", "jw": "jv"][base] ?? base
    }

    static func areConfusable(_ a: String, _ b: String) -> Bool {
        a == b || confusable.contains { $0.contains(a) && $0.contains(b) }
    }

    static func areClose(_ a: String, _ b: String) -> Bool {
        close.contains { $0.contains(a) && $0.contains(b) }
    }

    struct Hit: Sendable {
        var pair: TranslationPair
        var pairIndex: Int
        var text: String
        /// The text as identified: placeholders, URLs and names blanked.
        var masked: String
        var location: SourceLocation
        var found: LanguageIdentification
    }

    /// A translation text that can be judged: long enough, and not a copy of its source.
    private struct Judgeable: Sendable {
        var pair: Int
        /// Its number among the run's distinct texts (byte-exact).
        var text: Int32
        var location: SourceLocation?
    }

    public func check(_ context: RuleContext) -> [Finding] {
        guard LanguageIdentifier.hasFullCoverage else { return [] }
        let pairs = context.pairs
        let profiles = Self.profiles(pairs)
        // 1. The texts to judge, each distinct text numbered once: a value copied into several trees
        // (Wikipedia's two) or shared by locales is identified once. Texts of fewer than four words
        // are never judged, so they are not identified either.
        var numbers: [ExactText: Int32] = [:]
        var distinct: [String] = []
        var judgeable: [Judgeable] = []
        // Pairs come grouped by locale: its name is looked up when the locale id changes.
        var localeID: Int32 = .min, profile: Profile? = nil
        for index in pairs.indices {
            // A pair is read only when its locale is judged.
            let pairLocale = pairs[index].localeID
            if pairLocale != localeID || pairLocale < 0 { localeID = pairLocale; profile = profiles[pairs[index].locale] ?? nil }
            guard profile != nil else { continue }
            // The translation alone is copied out: the key and the source only for a text long enough.
            let translation = pairs[index].translation
            // Asked once per pair, when its first text long enough to judge comes.
            var keyKeptAsWritten: Bool? = nil
            translation.value.forEachText { text, location in
                guard Self.roughLetterCount(text) >= Self.minimumLetters else { return }
                if keyKeptAsWritten == nil { keyKeptAsWritten = NameTerms.isKeptAsWritten(pairs[index].key) }
                guard keyKeptAsWritten == false, !pairs[index].source.value.containsText(where: { $0 == text }) else { return }
                let exact = ExactText(text)
                let number: Int32
                if let known = numbers[exact] {
                    number = known
                } else {
                    // Masking only removes words, so a text too short as it is stays too short.
                    number = Self.wordsAndLetters(text).words >= Self.minimumWords ? Int32(distinct.count) : -1
                    numbers[exact] = number
                    if number >= 0 { distinct.append(text) }
                }
                if number >= 0 { judgeable.append(Judgeable(pair: index, text: number, location: location)) }
            }
        }
        // 2. Identified on every core.
        let workers = context.options.workers
        let texts = distinct
        let identified = Parallel.mapInChunks(texts, workers: workers) { LanguageIdentifier.identify($0) }
        // 3. Texts identified as another language than the locale's are identified again with
        // placeholders, URLs and names blanked; the rest are settled. Per locale, the texts
        // reliably identified are what a share of foreign texts is measured against.
        var judged: [String: Int] = [:]
        var suspects: [Judgeable] = []
        for item in judgeable {
            guard let raw = identified[Int(item.text)] else { continue }
            let pair = pairs[item.pair]
            if raw.isReliable { judged[pair.locale, default: 0] += 1 }
            let expected = profiles[pair.locale]!!.language
            if raw.language != expected && !Self.areConfusable(raw.language, expected) { suspects.append(item) }
        }
        let names = context.names
        let confirmedForeign = Parallel.mapInChunks(suspects, workers: workers) { item -> (LanguageIdentification, String)? in
            let pair = pairs[item.pair]
            let profile = profiles[pair.locale]!!
            return Self.foreignLanguage(ofMasked: texts[Int(item.text)], expected: profile.language, scripts: profile.scripts,
                                        names: names, sourceTexts: pair.source.value.texts.map(\.text))
        }
        // One finding per entry, whatever its plural forms: the first foreign text.
        var candidates: [Hit] = []
        for (item, foreign) in zip(suspects, confirmedForeign) {
            guard let (found, masked) = foreign, candidates.last?.pairIndex != item.pair else { continue }
            let pair = pairs[item.pair]
            candidates.append(Hit(pair: pair, pairIndex: item.pair, text: texts[Int(item.text)], masked: masked,
                                  location: item.location ?? pair.location, found: found))
        }
        if candidates.isEmpty { return [] }
        // A locale whose texts are largely in one other language (a table filled from another locale)
        // cannot vouch for its own words: only the other language's words count there.
        var foreignShare: [String: [String: Int]] = [:]
        for hit in candidates { foreignShare[hit.pair.locale, default: [:]][hit.found.language, default: 0] += 1 }
        func holdsAnother(_ locale: String, _ language: String) -> Bool {
            let count = foreignShare[locale]?[language] ?? 0
            return count >= Self.foldAtLeast && Double(count) >= 0.3 * Double(judged[locale] ?? 0)
        }
        // The identifier proposes, the catalogs confirm: the words must be the other language's words
        // in this project (its source or another locale in that language) and mostly not the locale's
        // own. CLD2 takes many short Romance texts for English; their words are the locale's.
        // First the other language's words, which rule out most candidates; then, for the rest, the
        // locale's own. Each language's texts are searched only for the words that are asked of it.
        var neededInOther: [String: Set<String>] = [:]
        for hit in candidates { neededInOther[hit.found.language, default: []].formUnion(Self.words(hit.masked)) }
        // Only whether each word occurs in the other language is asked of `others`, never how often.
        let others = Vocabularies(context, needed: neededInOther, counting: .presence)
        let inOther = candidates.filter { others.isMostlyIn($0.masked, $0.found.language) }
        if inOther.isEmpty { return [] }
        var neededInOwn: [String: Set<String>] = [:]
        for hit in inOther { neededInOwn[Self.expectedLanguage(of: hit.pair.locale), default: []].formUnion(Self.words(hit.masked)) }
        let owns = Vocabularies(context, needed: neededInOwn, counting: .distinctTexts)
        let confirmed = inOther.filter { hit in
            holdsAnother(hit.pair.locale, hit.found.language)
                || owns.isRarelyIn(hit.masked, Self.expectedLanguage(of: hit.pair.locale), except: hit.text, comparedWith: others, hit.found.language)
        }
        return findings(for: confirmed)
    }

    /// What a locale's values should be: its language as the identifier names it, and the scripts of
    /// the locale it knows that language in.
    typealias Profile = (language: String, scripts: Set<String>)

    /// Per locale of the pairs, its profile; nil (as a value) when the identifier does not know the
    /// language, whose text it would take for a neighbour's.
    static func profiles(_ pairs: [TranslationPair]) -> [String: Profile?] {
        var profiles: [String: Profile?] = [:]
        var last: Int32 = .min
        for pair in pairs where pair.localeID != last || pair.localeID < 0 {
            last = pair.localeID
            guard profiles[pair.locale] == nil else { continue }
            let language = expectedLanguage(of: pair.locale)
            let known = unjudged.contains(language) ? [] : LanguageIdentifier.scripts(recognizing: language)
            let localeScripts = Set((LanguageOfParts.scripts(of: pair.locale) ?? []).map(\.shortName))
            let shared = known.intersection(localeScripts)
            let scripts = shared.isEmpty ? known : shared
            // A locale whose scripts no other language (bar its confusable neighbours) is written in
            // cannot hold another language this rule reports (Greek, Korean, Thai, Georgian, …): its
            // texts need not be identified at all.
            let rivals = scripts.contains { script in
                (LanguageIdentifier.languagesByScript[script] ?? []).contains { $0 != language && !areConfusable($0, language) }
            }
            profiles[pair.locale] = known.isEmpty || !rivals ? .some(nil) : (language, scripts)
        }
        return profiles
    }

    /// The other language `text` is reliably in once placeholders, URLs and names are blanked (with
    /// the text as identified), or nil. Asked only of texts that, as they are, were identified as
    /// another language than the locale's: blanking costs more than identifying, and only makes
    /// another language less likely.
    static func foreignLanguage(ofMasked text: String, expected: String, scripts: Set<String>, names: NameTerms,
                                sourceTexts: [String]) -> (LanguageIdentification, String)? {
        let masked = maskingKeptNames(names.masking(TextAnalysis.maskNonWords(text)), sourceTexts: sourceTexts)
        let (words, letters) = wordsAndLetters(masked)
        guard words >= minimumWords, letters >= minimumLetters else { return nil }
        guard let found = LanguageIdentifier.identify(masked), found.isReliable,
              found.confidence >= minimumConfidence else { return nil }
        let other = found.language
        if areConfusable(other, expected) { return nil }
        if areClose(other, expected) && found.confidence < strongConfidence { return nil }
        // Another script is wrong-script's finding; the identified language must be written in the locale's.
        guard !LanguageIdentifier.scripts(recognizing: other).isDisjoint(with: scripts) else { return nil }
        return (found, masked)
    }

    /// Words the translation keeps from the source with a capital inside or not at a sentence's start
    /// ("Duck Address", "DuckDuckGo", "iCloud") are names: blanked, as they are in no language.
    static func maskingKeptNames(_ text: String, sourceTexts: [String]) -> String {
        let sources = sourceTexts.map { Array($0.utf8) }
        var scalars = text.scalarArray
        var changed = false
        var i = 0
        var sentenceStart = true
        while i < scalars.count {
            let scalar = scalars[i]
            guard scalar.isAlphabeticFast else {
                if ".!?:¿¡".unicodeScalars.contains(scalar) { sentenceStart = true }
                i += 1
                continue
            }
            var j = i
            while j < scalars.count && (scalars[j].isAlphabeticFast || scalars[j].properties.generalCategory == .nonspacingMark) { j += 1 }
            let word = scalars[i..<j]
            let capitals = word.filter { $0.properties.isUppercase }.count
            let onlyInitial = capitals == 1 && word.first!.properties.isUppercase
            if capitals > 0 && !(sentenceStart && onlyInitial) {
                var string = String.UnicodeScalarView()
                string.append(contentsOf: word)
                let bytes = Array(String(string).utf8)
                if sources.contains(where: { NameTerms.containsWord(bytes, in: $0) }) {
                    for k in i..<j { scalars[k] = " " }
                    changed = true
                }
            }
            sentenceStart = false
            i = j
        }
        guard changed else { return text }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars)
        return String(out)
    }

    /// Lower-case words (letter runs of two or more) of a text.
    static func words(_ text: String) -> [String] {
        var out: [String] = []
        var reader = WordReader()
        text.withUTF8Bytes { reader.read($0[...], wanted: { _ in true }) { out.append($0) } }
        return out
    }

    /// FNV-1a, the hash `WordReader` gives a word's lower-case UTF-8.
    static func wordHash<C: Sequence>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
        var h: UInt64 = 0xcbf29ce484222325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return h
    }

    /// Reads the lower-case words (letters and the marks that follow them, two or more letters) of
    /// UTF-8 text, hashing each as it is read and making a string only of those wanted: the
    /// vocabularies run this over every text of a language. One reader keeps its buffer from text to
    /// text, and its state is a value's, not captured variables, so the loop makes no allocation and
    /// no exclusivity check.
    struct WordReader {
        private var word: [UInt8] = []
        private var hash: UInt64 = 0xcbf29ce484222325
        private var letters = 0

        private mutating func add(_ byte: UInt8) {
            word.append(byte)
            hash = (hash ^ UInt64(byte)) &* 0x100000001b3
        }

        private mutating func flush(_ wanted: (UInt64) -> Bool, _ found: (String) -> Void) {
            if letters >= 2 && wanted(hash) { found(String(decoding: word, as: UTF8.self)) }
            word.removeAll(keepingCapacity: true)
            hash = 0xcbf29ce484222325
            letters = 0
        }

        /// Calls `found` with each word of `bytes` whose hash `wanted` accepts.
        mutating func read(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, wanted: (UInt64) -> Bool, _ found: (String) -> Void) {
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar):
                    if scalar.isASCII {
                        let lower = UInt8(scalar.value) | 0x20
                        if lower >= 0x61 && lower <= 0x7A { add(lower); letters += 1 } else { flush(wanted, found) }
                    } else if scalar.isAlphabeticFast || (letters > 0 && scalar.properties.generalCategory == .nonspacingMark) {
                        // What String.lowercased() does, a scalar at a time; most scalars are their own
                        // lower case, and asking for the mapping makes a string.
                        if ScalarTable.changesWhenLowercased.contains(scalar) {
                            for byte in scalar.properties.lowercaseMapping.utf8 { add(byte) }
                        } else {
                            var encoded = UTF8.encode(scalar)!.makeIterator()
                            while let byte = encoded.next() { add(byte) }
                        }
                        letters += 1
                    } else {
                        flush(wanted, found)
                    }
                case .error:
                    flush(wanted, found)
                case .emptyInput:
                    flush(wanted, found)
                    return
                }
            }
        }
    }

    /// The hashes of the words a vocabulary looks for, behind a 4,096-bit filter: nearly every word
    /// of a language's texts is not among them, and the filter turns it away with one bit test
    /// instead of a hashed lookup.
    struct WordHashes {
        private var filter = [UInt64](repeating: 0, count: 64)
        private var hashes = Set<UInt64>()

        init<S: Sequence>(_ hashes: S) where S.Element == UInt64 {
            for hash in hashes {
                self.hashes.insert(hash)
                filter[Int(hash >> 58)] |= 1 << (hash & 63)
            }
        }

        var isEmpty: Bool { hashes.isEmpty }

        @inline(__always)
        func contains(_ hash: UInt64) -> Bool {
            filter[Int(hash >> 58)] & (1 << (hash & 63)) != 0 && hashes.contains(hash)
        }
    }

    /// The words each language's texts use in this project: the source's, and every locale's in it.
    struct Vocabularies {
        var words: [String: [String: Int]] = [:]

        /// What the counts of a vocabulary must say.
        enum Counting {
            /// Only whether a word occurs (a count above zero): a language's texts are read until
            /// every word asked of it has been seen.
            case presence
            /// How often a word occurs, a text copied into several tables or trees counting once.
            case distinctTexts
        }

        init(_ context: RuleContext, needed neededByLanguage: [String: Set<String>], counting: Counting) {
            let sourceLanguage = WrongLanguageRule.expectedLanguage(of: context.project.sourceLanguage)
            // Per language, the entries whose texts are its texts.
            var tables: [String: [[Entry]]] = [:]
            // Each locale's language worked out once, by id: the tables repeat the locales.
            let languages = context.index.locales.map(WrongLanguageRule.expectedLanguage(of:))
            for set in context.index.tableSets {
                if neededByLanguage[sourceLanguage] != nil, let source = set.source { tables[sourceLanguage, default: []].append(source.orderedEntries) }
                for locale in set.translations {
                    let language = locale.localeID >= 0 ? languages[Int(locale.localeID)] : WrongLanguageRule.expectedLanguage(of: locale.locale)
                    if neededByLanguage[language] != nil { tables[language, default: []].append(locale.orderedEntries) }
                }
            }
            // Only the words of the texts to confirm are counted, and a cheap hash of ASCII words rules
            // out the others without making strings of them. One language per core at a time.
            let work = tables.sorted { $0.key < $1.key }
            let counted = Parallel.map(work, workers: context.options.workers, cost: { $0.value.reduce(0) { $0 + $1.count } }) { language, tables in
                let needed = neededByLanguage[language] ?? []
                let asciiHashes = WordHashes(needed.filter { $0.utf8.allSatisfy { $0 < 0x80 } }.map { WrongLanguageRule.wordHash($0.utf8) })
                let nonASCIIHashes = WordHashes(needed.filter { $0.utf8.contains { $0 >= 0x80 } }.map { WrongLanguageRule.wordHash($0.utf8) })
                var counts: [String: Int] = [:]
                var reader = WordReader()
                func count(_ text: String) {
                    Self.scan(text, asciiHashes: asciiHashes, nonASCIIHashes: nonASCIIHashes, reader: &reader) { word in
                        if needed.contains(word) { counts[word, default: 0] += 1 }
                    }
                }
                var seen = Set<ExactText>()
                texts: for entries in tables {
                    for entry in entries {
                        // Every word asked for is known to occur: the rest of the texts cannot change that.
                        if counting == .presence && counts.count == needed.count { break texts }
                        entry.value.forEachText { text, _ in
                            switch counting {
                            case .presence: count(text)
                            case .distinctTexts: if seen.insert(ExactText(text)).inserted { count(text) }
                            }
                        }
                    }
                }
                return counts
            }
            words = Dictionary(uniqueKeysWithValues: zip(work.map(\.key), counted))
        }

        /// Whether the non-ASCII character ending just before `index` is punctuation (’ « » “ ” …).
        static func isPunctuationEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
            var k = index - 1
            while k > 0 && bytes[k] & 0xC0 == 0x80 { k -= 1 }
            return String(decoding: bytes[k..<index], as: UTF8.self).unicodeScalars.first.map { !$0.isAlphabeticFast } ?? true
        }

        /// Whether the non-ASCII character starting at `index` is punctuation.
        static func isPunctuationStart(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
            var k = index + 1
            while k < bytes.count && bytes[k] & 0xC0 == 0x80 { k += 1 }
            return String(decoding: bytes[index..<k], as: UTF8.self).unicodeScalars.first.map { !$0.isAlphabeticFast } ?? true
        }

        static func isASCIILetter(_ byte: UInt8) -> Bool { byte < 0x80 && (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

        /// Calls `found` with the lower-case words of `text` whose hash is wanted: ASCII words whose
        /// hash is in `asciiHashes`, and, when some needed words have other letters, the words of
        /// stretches with non-ASCII characters whose hash is in either set. Reads the string's own
        /// UTF-8: this runs over every text of the languages asked about. `reader` is scratch space
        /// kept from text to text.
        static func scan(_ text: String, asciiHashes: WordHashes, nonASCIIHashes: WordHashes, reader: inout WordReader,
                         _ found: (String) -> Void) {
            let needsNonASCII = !nonASCIIHashes.isEmpty
            text.withUTF8Bytes { bytes in
                // The stretch being read: letters, and any non-ASCII characters among them.
                var start = -1, h: UInt64 = 0xcbf29ce484222325, nonASCII = false
                var i = 0
                while i <= bytes.count {
                    let byte: UInt8 = i < bytes.count ? bytes[i] : 0x20
                    if isASCIILetter(byte) {
                        if start < 0 { start = i }
                        h = (h ^ UInt64(byte | 0x20)) &* 0x100000001b3
                    } else if byte >= 0x80 {
                        // Non-ASCII: letters or not, the exact tokenizer decides.
                        if start < 0 { start = i }
                        nonASCII = true
                    } else if start >= 0 {
                        if nonASCII && needsNonASCII {
                            reader.read(bytes[start..<i], wanted: { nonASCIIHashes.contains($0) || asciiHashes.contains($0) }, found)
                        } else if nonASCII {
                            asciiSegments(bytes, start, i, asciiHashes, found)
                        } else if i - start >= 2 && asciiHashes.contains(h) {
                            found(String(decoding: bytes[start..<i].map { $0 | 0x20 }, as: UTF8.self))
                        }
                        start = -1
                        h = 0xcbf29ce484222325
                        nonASCII = false
                    }
                    i += 1
                }
            }
        }

        /// Only ASCII words are needed: the ASCII letters between other characters of a stretch
        /// ("l’app"). A segment that touches a non-ASCII letter is part of a longer word: skipped.
        private static func asciiSegments(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ asciiHashes: WordHashes,
                                          _ found: (String) -> Void) {
            var k = start
            while k < end {
                guard isASCIILetter(bytes[k]) else { k += 1; continue }
                var j = k
                var segmentHash: UInt64 = 0xcbf29ce484222325
                while j < end, isASCIILetter(bytes[j]) {
                    segmentHash = (segmentHash ^ UInt64(bytes[j] | 0x20)) &* 0x100000001b3
                    j += 1
                }
                let touchesLetter = (k > start && bytes[k - 1] >= 0x80 && !Self.isPunctuationEnd(bytes, k))
                    || (j < end && bytes[j] >= 0xC0 && !Self.isPunctuationStart(bytes, j))
                if j - k >= 2 && !touchesLetter && asciiHashes.contains(segmentHash) {
                    found(String(decoding: bytes[k..<j].map { $0 | 0x20 }, as: UTF8.self))
                }
                k = j
            }
        }

        /// True when most of the text's distinct words (at least four) occur in `language`'s texts.
        func isMostlyIn(_ masked: String, _ language: String) -> Bool {
            guard let counts = words[language] else { return false }
            let distinct = Set(WrongLanguageRule.words(masked))
            guard distinct.count >= WrongLanguageRule.minimumWords else { return false }
            let inLanguage = distinct.filter { (counts[$0] ?? 0) > 0 }.count
            return Double(inLanguage) >= 0.6 * Double(distinct.count)
        }

        /// True when at most half of the text's words occur in `own`'s other texts (this text's own
        /// occurrence aside), and fewer than in `other`'s (counted in `others`).
        func isRarelyIn(_ masked: String, _ own: String, except text: String, comparedWith others: Vocabularies,
                        _ other: String) -> Bool {
            let ownWords = words[own] ?? [:], otherWords = others.words[other] ?? [:]
            let itself = Dictionary(WrongLanguageRule.words(text).map { ($0, 1) }, uniquingKeysWith: +)
            let distinct = Set(WrongLanguageRule.words(masked))
            let inOther = distinct.filter { (otherWords[$0] ?? 0) > 0 }.count
            let inOwn = distinct.filter { (ownWords[$0] ?? 0) - (itself[$0] ?? 0) > 0 }.count
            return Double(inOwn) <= 0.5 * Double(distinct.count) && inOther > inOwn
        }
    }

    /// At least the letters of `text`: ASCII letters, and every other character taken for one.
    static func roughLetterCount(_ text: String) -> Int {
        var count = 0
        text.withUTF8Bytes { bytes in
            for byte in bytes {
                if byte < 0x80 {
                    let lower = byte | 0x20
                    if lower >= 0x61 && lower <= 0x7A { count += 1 }
                } else if byte >= 0xC0 {
                    count += 1  // the lead byte of a non-ASCII character
                }
            }
        }
        return count
    }

    /// Words (runs of two letters or more) and their letters.
    static func wordsAndLetters(_ text: String) -> (words: Int, letters: Int) {
        var words = 0, letters = 0, run = 0
        for scalar in text.unicodeScalars {
            let isLetter = scalar.isASCII ? ((scalar.value | 0x20) >= 0x61 && (scalar.value | 0x20) <= 0x7A) : scalar.isAlphabeticFast
            if isLetter || (run > 0 && (scalar == "'" || scalar == "’")) {
                if isLetter { run += 1 }
                continue
            }
            if run >= 2 { words += 1; letters += run }
            run = 0
        }
        if run >= 2 { words += 1; letters += run }
        return (words, letters)
    }

    static func languageName(_ code: String) -> String {
        let name = (try? LanguageTag(code).englishDisplayName) ?? code
        return "\(name) (\(code))"
    }

    func findings(for hits: [Hit]) -> [Finding] {
        let rule = Self.description
        struct Group: Hashable { var locale: String; var table: TableID }
        var groups: [Group: [Hit]] = [:]
        var order: [Group] = []
        for hit in hits {
            let group = Group(locale: hit.pair.locale, table: hit.pair.table)
            if groups[group] == nil { order.append(group) }
            groups[group, default: []].append(hit)
        }
        var findings: [Finding] = []
        for group in order {
            let hits = groups[group]!
            let expected = Self.languageName(Self.expectedLanguage(of: group.locale))
            if hits.count < Self.foldAtLeast {
                for hit in hits {
                    let percent = Int((hit.found.confidence * 100).rounded())
                    findings.append(.entry(rule, "\"\(hit.text.visibleExcerpt)\" is \(Self.languageName(hit.found.language)) (\(percent) % of its letters), not \(expected): translate it into \(group.locale)",
                                           at: hit.location, locale: group.locale, table: group.table, key: hit.pair.key,
                                           notes: [hit.pair.sourceNote]))
                }
                continue
            }
            var byLanguage: [String: Int] = [:]
            for hit in hits { byLanguage[hit.found.language, default: 0] += 1 }
            let languages = byLanguage.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .map { "\(Self.languageName($0.key)): \($0.value)" }.joined(separator: ", ")
            let first = hits[0]
            var notes = hits.prefix(Self.examplesShown).map { hit in
                Finding.Note(message: "\(hit.pair.key): \"\(hit.text.visibleExcerpt)\" is \(hit.found.language)", location: hit.location)
            }
            if hits.count > Self.examplesShown {
                notes.append(Finding.Note(message: "and \(hits.count - Self.examplesShown) more (every key is in the JSON report)"))
            }
            var finding = Finding.entry(rule, "\(hits.count) translations in this \(group.locale) table are in another language than \(expected) (\(languages)): translate them into \(group.locale)",
                                        at: first.location, locale: group.locale, table: group.table, key: first.pair.key, notes: notes)
            finding.keys = hits.map(\.pair.key)
            findings.append(finding)
        }
        return findings
    }
}
