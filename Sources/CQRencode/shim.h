#include <qrencode.h>
#include "../CLazyLibrary/lazy_library.h"

/* libqrencode is opened on first use (LazyLibrary), not linked: only the commands that draw need
   it, and every library linked is loaded and relocated at the start of every command. */
#define NETSNAP_QRENCODE_FUNCTIONS(X, P) \
    X(P, QRcode_encodeString) X(P, QRcode_free)

/* The functions netsnap calls, under their own names. */
NETSNAP_LAZY_LIBRARY(netsnap_qrencode, , NETSNAP_QRENCODE_FUNCTIONS)
