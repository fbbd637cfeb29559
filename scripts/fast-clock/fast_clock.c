// The wall clock running FAST_CLOCK_SPEED times faster from the moment the process starts
// (CLOCK_REALTIME, gettimeofday, time), while the monotonic and boot clocks — which the
// watch loop sleeps by — run true. `netsnap watch --interval 1` under it lives SPEED
// seconds of wall-clock time a second: hourly and daily work comes round SPEED times
// sooner. For scripts/bench-writes.py --fast-clock; built with `cc -shared -fPIC`.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <sys/time.h>
#include <time.h>

static int (*real_clock_gettime)(clockid_t, struct timespec *);
static struct timespec origin;
static double speed = 30;

__attribute__((constructor)) static void start(void) {
    real_clock_gettime = dlsym(RTLD_NEXT, "clock_gettime");
    const char *text = getenv("FAST_CLOCK_SPEED");
    if (text) speed = atof(text);
    real_clock_gettime(CLOCK_REALTIME, &origin);
}

int clock_gettime(clockid_t clock, struct timespec *now) {
    if (!real_clock_gettime) real_clock_gettime = dlsym(RTLD_NEXT, "clock_gettime");
    int result = real_clock_gettime(clock, now);
    if (result != 0 || (clock != CLOCK_REALTIME && clock != CLOCK_REALTIME_COARSE) || origin.tv_sec == 0) return result;
    double elapsed = (double)(now->tv_sec - origin.tv_sec) + (now->tv_nsec - origin.tv_nsec) / 1e9;
    double fast = (double)origin.tv_sec + origin.tv_nsec / 1e9 + elapsed * speed;
    now->tv_sec = (time_t)fast;
    now->tv_nsec = (long)((fast - (double)now->tv_sec) * 1e9);
    return 0;
}

int gettimeofday(struct timeval *restrict now, void *restrict zone) {
    (void)zone;
    struct timespec spec;
    clock_gettime(CLOCK_REALTIME, &spec);
    now->tv_sec = spec.tv_sec;
    now->tv_usec = spec.tv_nsec / 1000;
    return 0;
}

time_t time(time_t *out) {
    struct timespec spec;
    clock_gettime(CLOCK_REALTIME, &spec);
    if (out) *out = spec.tv_sec;
    return spec.tv_sec;
}
