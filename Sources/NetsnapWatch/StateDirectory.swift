import Foundation

/// Where netsnap keeps its state (the history database): `--state DIR`, else
/// `$STATE_DIRECTORY` (systemd's `StateDirectory=`), else `$XDG_STATE_HOME/netsnap`, else
/// `~/.local/state/netsnap`.
public enum StateDirectory {
    public static func resolve(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let option, !option.isEmpty { return option }
        // systemd may pass several colon-separated folders; the first is ours.
        if let systemd = environment["STATE_DIRECTORY"]?.split(separator: ":").first, !systemd.isEmpty {
            return String(systemd)
        }
        if let xdg = environment["XDG_STATE_HOME"], !xdg.isEmpty { return xdg + "/netsnap" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/state/netsnap"
    }
}
