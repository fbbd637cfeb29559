// mallopt, which Swift's Glibc module leaves out; header-only, part of glibc.
#include <malloc.h>
