// GNU FriBidi: the Unicode Bidirectional Algorithm, as GTK and Pango use it, so Arabic and
// Hebrew names run right to left beside Latin text and digits.
#include <fribidi.h>
#include "../CLazyLibrary/lazy_library.h"

/* FriBidi is opened on first use (LazyLibrary), not linked: only the commands that draw need
   it, and every library linked is loaded and relocated at the start of every command. */
#define NETSNAP_FRIBIDI_FUNCTIONS(X, P) \
    X(P, fribidi_get_bidi_types) X(P, fribidi_get_bracket_types) X(P, fribidi_get_par_embedding_levels_ex) \
    X(P, fribidi_reorder_line)

/* The functions netsnap calls, under their own names. */
NETSNAP_LAZY_LIBRARY(netsnap_fribidi, , NETSNAP_FRIBIDI_FUNCTIONS)
