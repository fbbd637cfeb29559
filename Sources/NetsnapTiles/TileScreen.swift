/// What a display shows on one wake. A display configured with several screens shows them
/// in turn; phone widgets and LED matrices always show the overview.
public enum TileScreen: String, Sendable, Hashable, CaseIterable {
    /// Status, the numbers that matter, the top targets and the newest devices.
    case overview
    /// Every target, problems first, with why a target is down.
    case targets
    /// The devices on the network, active ones first.
    case devices
    /// The dashboard's address as a large QR code.
    case qr
    /// The network map: the gateway in the middle, the groups of devices around it.
    case map

    /// The names the config accepts, for error messages and docs.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
