import Foundation

/// Why the kernel's neighbour table could not be read over rtnetlink, worded for a log line.
enum NetlinkError: Error, Equatable, CustomStringConvertible {
    /// A system call failed with this `errno`.
    case system(String, Int32)
    /// The kernel refused the request (an `errno` in NLMSG_ERROR or NLMSG_DONE).
    case kernel(Int32)
    /// A reply broke netlink framing.
    case malformed(String)
    /// The dump did not end before the deadline.
    case timedOut

    var description: String {
        switch self {
        case .system(let call, let code): return "\(call): \(String(cString: strerror(code)))"
        case .kernel(let code): return "kernel answered: \(String(cString: strerror(code)))"
        case .malformed(let reason): return "malformed reply: \(reason)"
        case .timedOut: return "no complete reply in time"
        }
    }
}
