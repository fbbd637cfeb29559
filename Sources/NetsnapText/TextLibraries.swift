import CFontconfig
import CFreeType
import CFriBidi
import CHarfBuzz
import LazyLibrary

/// FreeType, HarfBuzz, fontconfig and FriBidi, opened together the first time text is set up
/// (see CLazyLibrary for why they are not linked): a command that draws no text never loads
/// them, nor the eight libraries they bring.
enum TextLibraries {
    /// The functions netsnap calls, a table per library.
    struct Tables {
        let freetype: netsnap_freetype
        let harfbuzz: netsnap_harfbuzz
        let fontconfig: netsnap_fontconfig
        let fribidi: netsnap_fribidi
    }

    /// What Debian installs (libfreetype6, libharfbuzz0b, libfontconfig1, libfribidi0).
    static let sonames = ["libfreetype.so.6", "libharfbuzz.so.0", "libfontconfig.so.1", "libfribidi.so.0"]

    /// Opened once per process, by the first thread that asks.
    static let opened = Result { () throws(FontError) in
        do throws(LazyLibraryError) {
            return Tables(
                freetype: try LazyLibrary.open(sonames[0], with: netsnap_freetype_open),
                harfbuzz: try LazyLibrary.open(sonames[1], with: netsnap_harfbuzz_open),
                fontconfig: try LazyLibrary.open(sonames[2], with: netsnap_fontconfig_open),
                fribidi: try LazyLibrary.open(sonames[3], with: netsnap_fribidi_open))
        } catch {
            throw .libraryUnavailable(library: error.library, reason: error.reason)
        }
    }

    /// Opens the libraries, or says why they cannot be: every entry point to text
    /// (`FontState`, `PixelFont`) calls it before any function of theirs.
    static func open() throws(FontError) { _ = try opened.get() }
}

/// FreeType's functions.
var ft: netsnap_freetype { TextLibraries.opened.checked.freetype }
/// HarfBuzz's functions.
var hb: netsnap_harfbuzz { TextLibraries.opened.checked.harfbuzz }
/// fontconfig's functions.
var fc: netsnap_fontconfig { TextLibraries.opened.checked.fontconfig }
/// FriBidi's functions.
var fribidi: netsnap_fribidi { TextLibraries.opened.checked.fribidi }
