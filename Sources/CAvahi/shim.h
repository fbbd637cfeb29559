#include <avahi-client/client.h>
#include <avahi-client/lookup.h>
#include <avahi-client/publish.h>
#include <avahi-common/alternative.h>
#include <avahi-common/error.h>
#include <avahi-common/malloc.h>
#include <avahi-common/simple-watch.h>
#include <avahi-common/strlst.h>
#include <avahi-common/thread-watch.h>
#include "../CLazyLibrary/lazy_library.h"

/* libavahi-client is opened on first use, not linked: linked, every netsnap command would
   load it with D-Bus, libsystemd and their libraries at start, for a feature few configure. */
#define NETSNAP_AVAHI_FUNCTIONS(X, P) \
    X(P, address_snprint) X(P, alternative_service_name) X(P, client_errno) X(P, client_free) X(P, client_new) \
    X(P, entry_group_add_service_strlst) X(P, entry_group_commit) X(P, entry_group_get_client) X(P, entry_group_is_empty) \
    X(P, entry_group_new) X(P, entry_group_reset) X(P, free) X(P, service_browser_free) X(P, service_browser_get_client) \
    X(P, service_browser_new) X(P, service_resolver_free) X(P, service_resolver_new) X(P, simple_poll_free) \
    X(P, simple_poll_get) X(P, simple_poll_iterate) X(P, simple_poll_new) X(P, strerror) X(P, string_list_add) \
    X(P, string_list_free) X(P, threaded_poll_free) X(P, threaded_poll_get) X(P, threaded_poll_new) \
    X(P, threaded_poll_start) X(P, threaded_poll_stop)

/* The functions netsnap calls, `avahi_` left off their names. */
NETSNAP_LAZY_LIBRARY(netsnap_avahi, avahi_, NETSNAP_AVAHI_FUNCTIONS)
