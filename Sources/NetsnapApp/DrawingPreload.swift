import Dispatch
import NetsnapPNG
import NetsnapText

/// Commands that draw load their drawing libraries while their arguments are parsed: the
/// default font system on one thread, libpng and libdeflate on another (docs/performance.md).
/// Each loads once; whoever uses them first waits for them.
public enum DrawingPreload {
    public static func start() {
        FontSystem.preload()
        DispatchQueue.global(qos: .userInitiated).async { try? PNGEncoder.openLibraries() }
    }
}
