#ifndef NETSNAP_PROCESS_ARGUMENTS_H
#define NETSNAP_PROCESS_ARGUMENTS_H

/// The arguments the C runtime passed to the program, kept by a constructor before `main`
/// (glibc hands every constructor of the executable `argc`, `argv` and `envp`). Swift's
/// `CommandLine.arguments` reads /proc/self/cmdline on Linux, which is missing without
/// /proc and which a preloaded library (libfaketime) can leave empty.
/// Count 0 and a null vector when no constructor ran (a libc that does not pass them).
int netsnap_argument_count(void);
char *const *netsnap_argument_vector(void);

#endif
