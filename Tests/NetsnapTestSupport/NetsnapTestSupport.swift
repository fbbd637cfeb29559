// NetsnapTestSupport: helpers more than one test target used a copy of — temporary folders
// (`TemporaryFolder`), pixmaps drawn as text (`AsciiArt`) and the pngcheck run that
// validates written PNGs (`PNGCheck`), and a clock set by hand (`TestClock`).
//
// It holds no assertions and no fixtures of one module's tests: each test keeps its own
// checks and data, and calls these only for the plumbing. It is linked into tests only,
// never into netsnap.
