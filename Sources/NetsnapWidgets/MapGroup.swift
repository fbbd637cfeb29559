import NetsnapLanguage
import NetsnapModel

/// The groups the network map draws devices in, by the kind a device looks like: the way a
/// person sorts a home network (the phones, the computers, the TV and speakers…), coarser
/// than `LocalDevice.DeviceType` so that each group holds enough to read as one.
public enum MapGroup: String, Sendable, CaseIterable {
    case phones, computers, media, iot, network, unknown

    public init(_ type: LocalDevice.DeviceType) {
        switch type {
        case .phone, .tablet: self = .phones
        case .laptop: self = .computers
        case .tv, .speaker, .gaming: self = .media
        case .iot, .printer: self = .iot
        case .router: self = .network
        case .unknown: self = .unknown
        }
    }

    /// The group's name ("Phones", "Network gear").
    public var phrase: MapPhrase {
        switch self {
        case .phones: .phones
        case .computers: .computers
        case .media: .media
        case .iot: .iot
        case .network: .networkGear
        case .unknown: .unknown
        }
    }
}
