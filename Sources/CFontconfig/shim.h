#include <fontconfig/fontconfig.h>
#include "../CLazyLibrary/lazy_library.h"

/* fontconfig is opened on first use (LazyLibrary), not linked: only the commands that draw need
   it, and every library linked is loaded and relocated at the start of every command. */
#define NETSNAP_FONTCONFIG_FUNCTIONS(X, P) \
    X(P, FcCharSetAddChar) X(P, FcCharSetCreate) X(P, FcCharSetDestroy) X(P, FcCharSetHasChar) \
    X(P, FcConfigBuildFonts) X(P, FcConfigCreate) X(P, FcConfigDestroy) X(P, FcConfigParseAndLoadFromMemory) X(P, FcConfigSubstitute) X(P, FcDefaultSubstitute) X(P, FcFontList) X(P, FcFontMatch) X(P, FcFontSetDestroy) \
    X(P, FcInitLoadConfigAndFonts) X(P, FcObjectSetAdd) X(P, FcObjectSetCreate) X(P, FcObjectSetDestroy) X(P, FcPatternAddBool) X(P, FcPatternAddCharSet) \
    X(P, FcPatternAddInteger) X(P, FcPatternAddString) X(P, FcPatternCreate) X(P, FcPatternDestroy) \
    X(P, FcPatternGetBool) X(P, FcPatternGetCharSet) X(P, FcPatternGetInteger) X(P, FcPatternGetString)

/* The functions netsnap calls, under their own names. */
NETSNAP_LAZY_LIBRARY(netsnap_fontconfig, , NETSNAP_FONTCONFIG_FUNCTIONS)
