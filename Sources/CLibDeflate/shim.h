#include <libdeflate.h>
#include "../CLazyLibrary/lazy_library.h"

/* libdeflate is opened on first use (LazyLibrary), not linked: only the commands that draw or
   keep snapshot archives need it, and every library linked is loaded and relocated at the start of every command. */
#define NETSNAP_LIBDEFLATE_FUNCTIONS(X, P) \
    X(P, libdeflate_alloc_compressor) X(P, libdeflate_free_compressor) X(P, libdeflate_zlib_compress) \
    X(P, libdeflate_zlib_compress_bound) X(P, libdeflate_alloc_decompressor) X(P, libdeflate_free_decompressor) \
    X(P, libdeflate_zlib_decompress)

/* The functions netsnap calls, under their own names. */
NETSNAP_LAZY_LIBRARY(netsnap_libdeflate, , NETSNAP_LIBDEFLATE_FUNCTIONS)
