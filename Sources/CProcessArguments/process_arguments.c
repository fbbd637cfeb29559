#include "process_arguments.h"

#include <stddef.h>

static int captured_count = 0;
static char *const *captured_vector = NULL;

// glibc calls the executable's constructors as (argc, argv, envp): the same vector `main` gets.
__attribute__((constructor)) static void netsnap_capture_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    if (argv == NULL || argc < 0) return;
    captured_count = argc;
    captured_vector = argv;
}

int netsnap_argument_count(void) { return captured_count; }

char *const *netsnap_argument_vector(void) { return captured_vector; }
