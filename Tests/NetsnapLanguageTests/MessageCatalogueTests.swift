import Testing

@testable import NetsnapLanguage

/// Reading PO text: continuation lines, escapes, contexts, plural forms, fuzzy entries, and
/// errors that name the file and line.
@Suite struct MessageCatalogueTests {
    static let text = """
        # A translator's comment
        msgid ""
        msgstr ""
        "Language: pl\\n"
        "Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

        #: somewhere
        msgid "Online"
        msgstr "W "
        "sieci"

        msgctxt "span"
        msgid "{count} day"
        msgid_plural "{count} days"
        msgstr[0] "{count} dzień"
        msgstr[1] "{count} dni"
        msgstr[2] "{count} dni"

        #, fuzzy
        msgid "Offline"
        msgstr "Rozłączony"

        msgid "Stale"
        msgstr ""

        msgid "Quote \\"me\\""
        msgstr "Cytat „\\"mnie\\"”\\tx"
        """

    @Test func readsEntriesFormsAndTheRule() throws {
        let catalogue = try MessageCatalogue(parsing: Self.text, file: "pl.po")
        #expect(catalogue.language == "pl")
        #expect(catalogue.pluralRule.formCount == 3)
        #expect(catalogue.forms(of: .init(id: "Online")) == ["W sieci"])
        #expect(catalogue.forms(of: .init(context: "span", id: "{count} day")) == ["{count} dzień", "{count} dni", "{count} dni"])
        #expect(catalogue.forms(of: .init(id: "{count} day")) == nil)
        #expect(catalogue.forms(of: .init(id: "Quote \"me\"")) == ["Cytat „\"mnie\"”\tx"])
        #expect(catalogue.entries.count == 5)
    }

    /// An entry with a context, then plain ones with no flag line between: each keeps its own
    /// key, none takes the context before it.
    @Test func aContextBelongsToItsOwnEntryOnly() throws {
        let text =
            "msgctxt \"end\"\nmsgid \"ongoing\"\nmsgstr \"andauernd\"\n\nmsgid \"Start\"\nmsgstr \"Beginn\"\n\nmsgid \"End\"\nmsgstr \"Ende\""
        let catalogue = try MessageCatalogue(parsing: text, file: "de.po")
        #expect(catalogue.entries.map(\.key) == [.init(context: "end", id: "ongoing"), .init(id: "Start"), .init(id: "End")])
        #expect(catalogue.forms(of: .init(id: "Start")) == ["Beginn"] && catalogue.forms(of: .init(id: "End")) == ["Ende"])
    }

    /// The same English with and without a context are two entries; a fuzzy entry between
    /// them, and a last entry ending the file without a newline, are each read whole.
    @Test func theSameTextWithAndWithoutAContextAreTwoEntries() throws {
        let text = """
            msgid "ongoing"
            msgstr "laufend"

            #, fuzzy
            msgid "Online"
            msgstr "Online?"

            msgctxt "end"
            msgid "ongoing"
            msgstr "andauernd"
            """
        let catalogue = try MessageCatalogue(parsing: text, file: "de.po")
        #expect(catalogue.forms(of: .init(id: "ongoing")) == ["laufend"])
        #expect(catalogue.forms(of: .init(context: "end", id: "ongoing")) == ["andauernd"])
        #expect(catalogue.forms(of: .init(id: "Online")) == nil)
        #expect(catalogue.forms(of: .init(context: "start", id: "ongoing")) == nil)
    }

    @Test func fuzzyAndEmptyEntriesFallBackToTheSource() throws {
        let catalogue = try MessageCatalogue(parsing: Self.text, file: "pl.po")
        #expect(catalogue.forms(of: .init(id: "Offline")) == nil)
        #expect(catalogue.forms(of: .init(id: "Stale")) == nil)
        #expect(catalogue.entries.first { $0.key.id == "Offline" }?.isFuzzy == true)
    }

    @Test(arguments: [
        ("msgid \"a\"\nmsgstr \"b\"\nnonsense \"c\"", 3, "unknown keyword \"nonsense\""),
        ("msgid \"a\"\nmsgstr b", 2, "expected a string in double quotes, found b"),
        ("\"loose\"", 1, "a string outside any msgid or msgstr"),
        ("msgid \"a\"\nmsgstr[1] \"b\"", 1, "has no msgstr, or its msgstr[N] are not numbered from 0"),
        ("msgid \"\"\nmsgstr \"Plural-Forms: nplurals=2; plural=(n;\\n\"", 1, "Plural-Forms: expected"),
    ])
    func errorsNameTheLine(_ text: String, _ line: Int, _ message: String) {
        #expect {
            try MessageCatalogue(parsing: text, file: "x.po")
        } throws: { error in
            guard let error = error as? CatalogueError else { return false }
            return error.file == "x.po" && error.line == line && error.message.contains(message)
        }
    }
}
