// NetsnapText: fonts found through fontconfig, text shaped by HarfBuzz (kerning,
// ligatures, marks, complex scripts) and put in visual order by FriBidi, glyphs rasterized
// by FreeType into coverage masks (and colour emoji bitmaps): lines of text with font
// fallback and ellipsis truncation, wrapped where ICU's line breaking allows. It draws no
// widgets and reads no files other than the fonts fontconfig points to.
//
// All FreeType, fontconfig, HarfBuzz, FriBidi and ICU calls — the module's unsafe code —
// live in `FontLocator`, `FontFace`, `BidiLevels` and `LineBreaks`; `FontSystem` owns the
// first three behind one lock, because FreeType faces and HarfBuzz buffers are not
// thread-safe (an ICU break iterator lives for one call).
