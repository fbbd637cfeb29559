// SwiftPM links every executable with `--defsym main=<module>_main`, and a fuzzing build
// (-parse-as-library, no @main) defines no such function, so libFuzzer's own `main` is never
// reached. This supplies it: the renamed entry point hands over to libFuzzer's driver.
// Compiled only with -DNETSNAP_FUZZING (scripts/fuzz.sh); a plain build has no libFuzzer.
#include "fuzz_driver.h"

#ifdef NETSNAP_FUZZING
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int netsnap_fuzz_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
#endif
