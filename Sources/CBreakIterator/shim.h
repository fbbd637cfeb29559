// ICU's line break iterator (ubrk.h) from the ICU that Swift's Foundation already links as
// lib_FoundationICU, where every symbol carries the prefix `swift_`. Foundation's own module
// over those headers (`_FoundationICU`) is an implementation detail of the toolchain, and
// its types would clash with copies; so the four functions used are declared here under
// names of our own, bound to ICU's symbols by asm labels, with the C types ICU 74's ubrk.h
// gives them: `UBreakIterator *` (an opaque struct), `UBreakIteratorType` and `UErrorCode`
// (C enums, passed as int), `UChar` (a UTF-16 code unit).
#include <stdint.h>

typedef struct NetsnapBreakIterator NetsnapBreakIterator;

/// UBRK_LINE of ICU's UBreakIteratorType.
static const int netsnap_ubrk_line = 2;
/// What ubrk_next returns past the last boundary (UBRK_DONE).
static const int32_t netsnap_ubrk_done = -1;

/// ubrk_open: an iterator over `text`; `*status` above zero (U_FAILURE) when it failed.
NetsnapBreakIterator *netsnap_ubrk_open(
    int type, const char *locale, const uint16_t *text, int32_t textLength, int *status) __asm__("swift_ubrk_open");
/// ubrk_close.
void netsnap_ubrk_close(NetsnapBreakIterator *iterator) __asm__("swift_ubrk_close");
/// ubrk_first: the text's start, 0.
int32_t netsnap_ubrk_first(NetsnapBreakIterator *iterator) __asm__("swift_ubrk_first");
/// ubrk_next: the next boundary's UTF-16 offset, or UBRK_DONE.
int32_t netsnap_ubrk_next(NetsnapBreakIterator *iterator) __asm__("swift_ubrk_next");
