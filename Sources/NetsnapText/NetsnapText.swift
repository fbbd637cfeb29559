// NetsnapText: fonts found through fontconfig, text shaped by HarfBuzz (kerning,
// ligatures, marks, complex scripts) and put in visual order by FriBidi, glyphs rasterized
// by FreeType into coverage masks (and colour emoji bitmaps): single lines of text with
// font fallback and ellipsis truncation. It draws no widgets and reads no files other than
// the fonts fontconfig points to.
//
// All FreeType, fontconfig, HarfBuzz and FriBidi calls — the module's unsafe code — live
// in `FontLocator`, `FontFace` and `BidiLevels`; `FontSystem` owns them behind one lock,
// because FreeType faces and HarfBuzz buffers are not thread-safe.
