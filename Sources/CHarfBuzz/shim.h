// HarfBuzz over FreeType faces: shapes every run of text (kerning, ligatures, marks,
// Arabic joining, emoji sequences) with the font's own OpenType tables.
#include <hb.h>
#include <hb-ft.h>
#include "../CLazyLibrary/lazy_library.h"

/* HarfBuzz is opened on first use (LazyLibrary), not linked: only the commands that draw need
   it, and every library linked is loaded and relocated at the start of every command. */
#define NETSNAP_HARFBUZZ_FUNCTIONS(X, P) \
    X(P, hb_blob_create) X(P, hb_blob_create_from_file_or_fail) X(P, hb_blob_destroy) X(P, hb_blob_get_data) X(P, hb_face_create) \
    X(P, hb_face_create_for_tables) X(P, hb_face_reference) X(P, hb_face_reference_table) X(P, hb_face_get_upem) X(P, hb_font_get_face) X(P, hb_font_get_scale) \
    X(P, hb_buffer_add_utf32) X(P, hb_buffer_allocation_successful) X(P, hb_buffer_clear_contents) \
    X(P, hb_buffer_create) X(P, hb_buffer_destroy) X(P, hb_buffer_get_glyph_infos) \
    X(P, hb_buffer_get_glyph_positions) X(P, hb_buffer_set_direction) X(P, hb_buffer_set_flags) \
    X(P, hb_buffer_set_script) X(P, hb_face_destroy) X(P, hb_font_create) X(P, hb_font_destroy) \
    X(P, hb_font_set_scale) X(P, hb_ft_face_create_referenced) X(P, hb_shape) \
    X(P, hb_unicode_funcs_get_default) X(P, hb_unicode_script)

/* The functions netsnap calls, under their own names. */
NETSNAP_LAZY_LIBRARY(netsnap_harfbuzz, , NETSNAP_HARFBUZZ_FUNCTIONS)
