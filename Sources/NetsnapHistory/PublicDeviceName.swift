import NetsnapLanguage
import NetsnapModel

/// A device's name in redacted outputs — its own custom name, else "A <vendor> device", else
/// "A device" — kept as its parts, so each language can say it and the events' `data` can
/// keep the English.
enum PublicDeviceName: Codable, Sendable, Equatable {
    case custom(String)
    case vendor(String)
    case unknown

    init(_ device: LocalDevice) {
        if let name = device.customName, !name.isEmpty {
            self = .custom(name)
        } else if let vendor = device.vendor, !vendor.isEmpty {
            self = .vendor(vendor)
        } else {
            self = .unknown
        }
    }

    /// The name in `wording`'s language.
    func worded(_ wording: Wording) -> String {
        switch self {
        case .custom(let name): name
        case .vendor(let vendor): wording(EventPhrase.vendorDevice, ["vendor": vendor])
        case .unknown: wording(EventPhrase.someDevice)
        }
    }

    /// The English name, for the events' machine-read `data`.
    var english: String { worded(.posix) }
}
