import NetsnapPNG
import NetsnapText

/// Commands that draw load their drawing libraries while their arguments are parsed, on one
/// thread beside the main one: libpng and libdeflate, then the default font system
/// (docs/performance.md). Each loads once; whoever uses them first waits for them.
public enum DrawingPreload {
    public static func start() {
        FontSystem.preload { try? PNGEncoder.openLibraries() }
    }
}
