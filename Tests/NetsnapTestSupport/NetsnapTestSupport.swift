// NetsnapTestSupport: helpers more than one test target used a copy of — temporary folders
// (`TemporaryFolder`), pixmaps drawn as text (`AsciiArt`) and the pngcheck run that
// validates written PNGs (`PNGCheck`), a clock set by hand (`TestClock`), the snapshot parts
// the widget, tile, history, push and site tests share (`SnapshotFixtures`), what
// redaction must remove from a snapshot (`RedactionSecrets`), and what a shipped catalogue
// says for a message (`ShippedTranslation`).
//
// It holds no assertions and no fixtures of one module's tests: each test keeps its own
// checks and the snapshots its cases need, and calls these only for the shared parts. It is
// linked into tests only, never into netsnap.
