// GNU FriBidi: the Unicode Bidirectional Algorithm, as GTK and Pango use it, so Arabic and
// Hebrew names run right to left beside Latin text and digits.
#include <fribidi.h>
