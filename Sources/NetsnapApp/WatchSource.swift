import NetsnapLink

/// Where a watch loop's snapshots come from: exactly one place, so no two can be asked for.
public enum WatchSource: Sendable, Equatable {
    /// A snapshot file, re-read every cycle (`--input`).
    case document(path: String)
    /// A JSON Lines message stream, "-" for standard input (`--messages`).
    case messages(path: String)
    /// A NetMonitor agent over the live link (`--connect`).
    case link(LinkEndpoint)
    /// The agent of this name found on the LAN, "" for the only one (`--discover`).
    case discover(name: String)
    /// This host's network, swept every cycle too when asked (`--gather`, `--sweep`).
    case gather(sweep: Bool)
    /// The embedded sample, re-dated every cycle (`--sample`).
    case sample

    /// The one source the flags name, nil when none; a usage failure when they name two, a
    /// malformed `--connect`, or `--sweep` without `--gather`.
    public static func choose(
        input: String?, messages: String?, connect: String?, discover: String?, sample: Bool, gather: Bool, sweep: Bool
    ) throws(ApplicationFailure) -> WatchSource? {
        let named = [input != nil, messages != nil, connect != nil, discover != nil, sample, gather].filter { $0 }.count
        if named > 1 {
            throw ApplicationFailure(
                .usage, "choose one source: --input FILE, --messages FILE|-, --connect HOST:PORT, --discover [NAME], --gather or --sample")
        }
        if sweep && !gather { throw ApplicationFailure(.usage, "--sweep needs --gather") }
        if let input { return .document(path: input) }
        if let messages { return .messages(path: messages) }
        if let connect {
            guard let endpoint = LinkEndpoint(connect) else {
                throw ApplicationFailure(
                    .usage, "--connect expects HOST:PORT (or [IPv6]:PORT) with a port from 1 to 65535, found \"\(connect)\"")
            }
            return .link(endpoint)
        }
        if let discover { return .discover(name: discover) }
        if gather { return .gather(sweep: sweep) }
        return sample ? .sample : nil
    }
}
