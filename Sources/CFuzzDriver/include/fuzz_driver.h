// netsnap-fuzz's entry point when built for libFuzzer (see fuzz_driver.c).
int netsnap_fuzz_main(int argc, char **argv);
