#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_GLYPH_H
#include FT_OUTLINE_H
#include FT_BITMAP_H
#include FT_TRUETYPE_TABLES_H
#include FT_SIZES_H
#include "../CLazyLibrary/lazy_library.h"

/* FreeType is opened on first use (LazyLibrary), not linked: only the commands that draw need
   it, and every library linked is loaded and relocated at the start of every command. */
#define NETSNAP_FREETYPE_FUNCTIONS(X, P) \
    X(P, FT_Activate_Size) X(P, FT_Done_Face) X(P, FT_Done_FreeType) X(P, FT_Get_Char_Index) X(P, FT_Init_FreeType) \
    X(P, FT_Load_Glyph) X(P, FT_New_Face) X(P, FT_New_Memory_Face) X(P, FT_New_Size) X(P, FT_Render_Glyph) X(P, FT_Select_Size) X(P, FT_Set_Char_Size)

/* The functions netsnap calls, under their own names. */
NETSNAP_LAZY_LIBRARY(netsnap_freetype, , NETSNAP_FREETYPE_FUNCTIONS)
