#define _GNU_SOURCE
#include "thread_placement.h"

#include <pthread.h>
#include <sched.h>

int netsnap_start_thread_beside_caller(void *(*start)(void *), void *context) {
    pthread_attr_t attributes;
    int failed = pthread_attr_init(&attributes);
    if (failed) return failed;
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    cpu_set_t others;
    int current = sched_getcpu();
    if (current >= 0 && sched_getaffinity(0, sizeof others, &others) == 0) {
        CPU_CLR(current, &others);
        if (CPU_COUNT(&others) > 0) pthread_attr_setaffinity_np(&attributes, sizeof others, &others);
    }
    pthread_t thread;
    failed = pthread_create(&thread, &attributes, start, context);
    pthread_attr_destroy(&attributes);
    return failed;
}
