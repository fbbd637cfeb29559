/// Why a target is down, in the English forms netsnap's gather writes into a snapshot's
/// `targets[].lastError` (`ProbeError`): the snapshot keeps that English, as every producer
/// of the contract does, and each surface a person reads words it in the household's
/// language through `Wording.reason`, which finds the form a text has and fills the
/// translation with its values. A text of no form here (another producer's, an operating
/// system's) is shown as it is. In the order they are tried: a more specific form first.
public enum ReasonPhrase: String, MessageText {
    case refused = "connection refused"
    case timedOut = "timed out after {seconds} s"
    case noRoute = "no route to host"
    case networkUnreachable = "network unreachable"
    case cancelled = "probe cancelled"
    case httpStatusNot2xx = "HTTP {status} (expected 2xx or 3xx)"
    case httpStatusExpected = "HTTP {status} (expected {expected})"
    case httpStatus = "HTTP {status}"
    case closedWithoutResponse = "connection closed without a response"
    case hostNotFound = "cannot resolve {host}: host not found"
    case nameServerSilent = "cannot resolve {host}: name server did not answer"
    case noAddressRecord = "resolver has no A record for {name}"
    case selfSigned = "certificate not trusted: self-signed"
    case certificateExpired = "certificate expired on {date}"
    case certificateNotYetValid = "certificate not valid before {date}"
    case certificateWrongHost = "certificate not valid for this host name"
    case unknownRoot = "certificate not trusted: issued by {issuer}, an unknown root"
    case unknownIssuer = "certificate not trusted: unknown issuer {issuer}"
    case untrusted = "certificate not trusted"
    case answerTooLarge = "answer larger than {size} KiB"
    // Why the wall of sites cannot vouch for a site (`SiteBoard`), on its cards and in Home
    // Assistant; `{age}` is an age as the POSIX locale words it ("5 min").
    case wallLostBroker = "unknown: the wall lost its broker {age} ago"
    case siteSaidOffline = "unknown: it said offline {age} ago (or its last will did)"
    case siteOfflineLong = "the site said it is offline (or its last will arrived) {seconds} s ago or more"
    case siteSilent = "no snapshot for more than {seconds} s"
    case siteSnapshotTooLarge = "snapshot larger than {size} bytes: refused"
}
