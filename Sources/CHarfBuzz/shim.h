// HarfBuzz over FreeType faces: shapes every run of text (kerning, ligatures, marks,
// Arabic joining, emoji sequences) with the font's own OpenType tables.
#include <hb.h>
#include <hb-ft.h>
