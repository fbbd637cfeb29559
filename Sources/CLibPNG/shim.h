#include <png.h>
#include "../CLazyLibrary/lazy_library.h"

/* libpng is opened on first use (LazyLibrary), not linked: only the commands that draw need
   it, and every library linked is loaded and relocated at the start of every command. */
#define NETSNAP_LIBPNG_FUNCTIONS(X, P) \
    X(P, png_create_info_struct) X(P, png_create_write_struct) X(P, png_destroy_write_struct) \
    X(P, png_get_io_ptr) X(P, png_image_begin_read_from_memory) X(P, png_image_finish_read) \
    X(P, png_set_compression_buffer_size) X(P, png_set_compression_level) X(P, png_set_compression_strategy) \
    X(P, png_set_filler) X(P, png_set_IHDR) X(P, png_set_filter) X(P, png_set_PLTE) X(P, png_set_text) X(P, png_set_write_fn) \
    X(P, png_write_chunk) X(P, png_write_end) X(P, png_write_info) X(P, png_write_row)

/* The functions netsnap calls, under their own names. */
NETSNAP_LAZY_LIBRARY(netsnap_libpng, , NETSNAP_LIBPNG_FUNCTIONS)
