// NetsnapText: fonts found through fontconfig, glyphs rasterized by FreeType into
// coverage masks (and colour emoji bitmaps), and single lines of text laid out with
// kerning, font fallback and ellipsis truncation. It draws no widgets and reads no
// files other than the fonts fontconfig points to.
//
// All FreeType and fontconfig calls — the module's unsafe code — live in `FontLocator`
// and `FontFace`; `FontSystem` owns them behind one lock, because FreeType faces are
// not thread-safe.
