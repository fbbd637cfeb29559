#ifndef NETSNAP_LAZY_LIBRARY_H
#define NETSNAP_LAZY_LIBRARY_H

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

/* A C library opened on first use (dlopen) instead of linked: every library linked is
   loaded and relocated at every start of every command, however rarely its feature is used.
   The library's own headers still give each function's exact type.

   NETSNAP_LAZY_LIBRARY(type, prefix, FUNCTIONS) declares `type`, a table of the functions
   FUNCTIONS lists (`prefix` left off their names), and `type_open(library, error, capacity)`,
   which opens `library` and fills a table that lives as long as the process — or returns
   NULL with dlerror()'s words copied into `error` (dlclose frees dlerror's own text).

   After editing a FUNCTIONS list, rebuild the Swift files that call `type_open` and those
   that use the table (touch them): an incremental debug build does not recompile them for a
   header change, and a stale `type_open` fills the fields in the old order. */

#define NETSNAP_LAZY_FIELD(prefix, name) __typeof__(prefix##name) *_Nonnull name;
#define NETSNAP_LAZY_LOOKUP(prefix, name)                                                  \
    if ((table->name = (__typeof__(prefix##name) *)dlsym(handle, #prefix #name)) == NULL) { \
        snprintf(error, capacity, "%s", dlerror());                                          \
        free(table);                                                                         \
        dlclose(handle);                                                                     \
        return NULL;                                                                         \
    }

#define NETSNAP_LAZY_LIBRARY(type, prefix, FUNCTIONS)                                     \
    typedef struct type {                                                                 \
        FUNCTIONS(NETSNAP_LAZY_FIELD, prefix)                                             \
    } type;                                                                               \
    static inline const type *_Nullable type##_open(                                      \
        const char *_Nonnull library, char *_Nonnull error, size_t capacity) {            \
        void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);                            \
        if (handle == NULL) {                                                             \
            snprintf(error, capacity, "%s", dlerror());                                   \
            return NULL;                                                                  \
        }                                                                                 \
        type *table = calloc(1, sizeof *table);                                           \
        if (table == NULL) {                                                              \
            snprintf(error, capacity, "out of memory");                                   \
            dlclose(handle);                                                              \
            return NULL;                                                                  \
        }                                                                                 \
        FUNCTIONS(NETSNAP_LAZY_LOOKUP, prefix)                                            \
        return table;                                                                     \
    }

#endif
