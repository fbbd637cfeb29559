// NetsnapText: fonts found through fontconfig, glyphs rasterized by FreeType into
// coverage masks, and text measured and shaped with kerning. It draws no widgets.
