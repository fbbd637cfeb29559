// HarfBuzz over FreeType faces: shapes emoji sequences into the colour font's ligatures.
#include <hb.h>
#include <hb-ft.h>
