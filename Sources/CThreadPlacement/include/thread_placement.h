#ifndef NETSNAP_THREAD_PLACEMENT_H
#define NETSNAP_THREAD_PLACEMENT_H

/// Starts `start(context)` on a new detached thread allowed on every CPU of the process but
/// the caller's, so it runs at once on an idle core instead of queueing behind its parent
/// (a single-core process gets no such limit). Returns 0, or pthread_create's error.
/// The cpu_set_t macros this needs are C macros, which Swift cannot call.
int netsnap_start_thread_beside_caller(void *(*start)(void *), void *context);

#endif
