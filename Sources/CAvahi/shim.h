#include <avahi-client/client.h>
#include <avahi-client/lookup.h>
#include <avahi-client/publish.h>
#include <avahi-common/alternative.h>
#include <avahi-common/error.h>
#include <avahi-common/malloc.h>
#include <avahi-common/simple-watch.h>
#include <avahi-common/strlst.h>
#include <avahi-common/thread-watch.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

/* libavahi-client is opened on first use, not linked: linked, every netsnap command would
   load it with D-Bus, libsystemd and their libraries at start, for a feature few configure.
   The headers still give every function's exact type. */
#define NETSNAP_AVAHI_FUNCTIONS(X) \
    X(address_snprint) X(alternative_service_name) X(client_errno) X(client_free) X(client_new) \
    X(entry_group_add_service_strlst) X(entry_group_commit) X(entry_group_get_client) X(entry_group_is_empty) \
    X(entry_group_new) X(entry_group_reset) X(free) X(service_browser_free) X(service_browser_get_client) \
    X(service_browser_new) X(service_resolver_free) X(service_resolver_new) X(simple_poll_free) X(simple_poll_get) \
    X(simple_poll_iterate) X(simple_poll_new) X(strerror) X(string_list_add) X(string_list_free) \
    X(threaded_poll_free) X(threaded_poll_get) X(threaded_poll_new) X(threaded_poll_start) X(threaded_poll_stop)

/* The functions netsnap calls, as found in the opened library (`avahi_` left off). */
typedef struct netsnap_avahi {
#define NETSNAP_AVAHI_FIELD(name) __typeof__(avahi_##name) *_Nonnull name;
    NETSNAP_AVAHI_FUNCTIONS(NETSNAP_AVAHI_FIELD)
#undef NETSNAP_AVAHI_FIELD
} netsnap_avahi;

/* Opens `library` and finds every function: a table that lives as long as the process, or
   NULL with dlerror()'s words copied into `error` (dlclose frees dlerror's own text). */
static inline const netsnap_avahi *_Nullable netsnap_avahi_open(
    const char *_Nonnull library, char *_Nonnull error, size_t capacity) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(error, capacity, "%s", dlerror());
        return NULL;
    }
    netsnap_avahi *table = calloc(1, sizeof *table);
    if (table == NULL) {
        snprintf(error, capacity, "out of memory");
        dlclose(handle);
        return NULL;
    }
#define NETSNAP_AVAHI_LOOKUP(name) \
    if ((table->name = (__typeof__(avahi_##name) *)dlsym(handle, "avahi_" #name)) == NULL) { \
        snprintf(error, capacity, "%s", dlerror()); \
        free(table); \
        dlclose(handle); \
        return NULL; \
    }
    NETSNAP_AVAHI_FUNCTIONS(NETSNAP_AVAHI_LOOKUP)
#undef NETSNAP_AVAHI_LOOKUP
    return table;
}
