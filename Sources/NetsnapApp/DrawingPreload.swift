import Foundation
import NetsnapConfiguration
import NetsnapLanguage
import NetsnapPNG
import NetsnapText

/// Commands that draw load their drawing libraries while their arguments are parsed, on one
/// thread beside the main one: libpng and libdeflate, then the default font system
/// (docs/performance.md). Each loads once; whoever uses them first waits for them. A
/// language other than the POSIX one is prepared on a second thread (`Wording.prepare`), and
/// the fonts its script needs load after the main family's.
public enum DrawingPreload {
    public static func start(arguments: [String], environment: [String: String]) {
        let locale = locale(arguments: arguments, environment: environment)
        FontSystem.preload(first: { try? PNGEncoder.openLibraries() }, text: locale.map(Wording.scriptSample) ?? "")
        if let locale { Thread.detachNewThread { Wording.prepare(locale: locale) } }
    }

    /// The locale a command will most likely speak, as the configuration would choose it
    /// before its file is read: `--locale`, `NETSNAP_LOCALE`, then `LC_ALL`, `LC_MESSAGES`,
    /// `LANG`.
    static func locale(arguments: [String], environment: [String: String]) -> String? {
        if let flag = arguments.lastIndex(of: "--locale"), flag + 1 < arguments.count { return arguments[flag + 1] }
        if let given = arguments.last(where: { $0.hasPrefix("--locale=") }) { return String(given.dropFirst("--locale=".count)) }
        if let given = environment["NETSNAP_LOCALE"], !given.isEmpty { return given }
        return ConfigurationResolver.hostLocaleVariable(environment)?.value
    }
}
