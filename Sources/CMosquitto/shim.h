#include <mosquitto.h>
#include "../CLazyLibrary/lazy_library.h"

/* libmosquitto is opened on first use, not linked: linked, every netsnap command would load
   it with libssl and libcrypto at start (about 1.5 ms), for MQTT push alone. */
#define NETSNAP_MOSQUITTO_FUNCTIONS(X, P) \
    X(P, connack_string) X(P, connect_async) X(P, connect_callback_set) X(P, destroy) X(P, disconnect) \
    X(P, disconnect_callback_set) X(P, int_option) X(P, lib_init) X(P, loop_start) X(P, loop_stop) X(P, message_callback_set) \
    X(P, new) X(P, publish) X(P, publish_callback_set) X(P, reconnect_delay_set) X(P, strerror) X(P, subscribe) X(P, tls_set) X(P, user_data_set) \
    X(P, username_pw_set) X(P, will_set)

/* The functions netsnap calls, `mosquitto_` left off their names. */
NETSNAP_LAZY_LIBRARY(netsnap_mosquitto, mosquitto_, NETSNAP_MOSQUITTO_FUNCTIONS)
