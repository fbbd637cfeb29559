import CProcessArguments

/// The arguments `main` received, without the program's name. They come from the vector
/// the C runtime passed (kept by a constructor), not from /proc/self/cmdline, so netsnap
/// reads them under `LD_PRELOAD` (libfaketime) and in a chroot without /proc.
public enum ProcessArguments {
    /// The arguments after the program's name; nil when neither the C runtime's vector
    /// nor the standard library gave even the program's name (then nothing can be trusted:
    /// running with none would print the help and exit 0 as if asked to).
    public static func current() -> [String]? {
        let count = Int(netsnap_argument_count())
        if count > 0, let vector = netsnap_argument_vector() {
            return (1..<count).map { vector[$0].map { String(cString: $0) } ?? "" }
        }
        let fallback = CommandLine.arguments
        return fallback.isEmpty ? nil : Array(fallback.dropFirst())
    }
}
