#include <webp/encode.h>
#include "../CLazyLibrary/lazy_library.h"

/* libwebp is opened on first use (LazyLibrary), not linked: only an LED-matrix picture needs
   it, and every library linked is loaded and relocated at the start of every command. */
#define NETSNAP_WEBP_FUNCTIONS(X, P) \
    X(P, WebPEncodeLosslessRGBA) X(P, WebPFree)

/* The functions netsnap calls, under their own names. */
NETSNAP_LAZY_LIBRARY(netsnap_webp, , NETSNAP_WEBP_FUNCTIONS)
