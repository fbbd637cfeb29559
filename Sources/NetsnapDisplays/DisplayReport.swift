import Foundation
import HTTPTypes
import NetsnapModel

/// What a TRMNL device says about itself in its request headers (`Battery-Voltage`, `RSSI`,
/// `FW-Version`, `Model`, `Width`, `Height`, `Refresh-Rate`; see the firmware's
/// `request_headers.cpp`). Headers come from anyone who can reach the port, so each is read
/// strictly: a number outside a physically plausible range, or not plainly a number, is
/// ignored, and text is cut short with its control characters replaced. A missing or bad
/// header is simply absent, never an error.
package struct DisplayReport: Equatable, Sendable {
    package var batteryVolts: Double?
    package var rssi: Int?
    package var firmware: String?
    package var model: String?
    package var width: Int?
    package var height: Int?
    package var refreshSeconds: Int?

    package init(
        batteryVolts: Double? = nil, rssi: Int? = nil, firmware: String? = nil, model: String? = nil, width: Int? = nil,
        height: Int? = nil, refreshSeconds: Int? = nil
    ) {
        self.batteryVolts = batteryVolts
        self.rssi = rssi
        self.firmware = firmware
        self.model = model
        self.width = width
        self.height = height
        self.refreshSeconds = refreshSeconds
    }

    package init(headers: HTTPFields) {
        func field(_ name: String) -> String? { headers[HTTPField.Name(name)!] }
        batteryVolts = field("Battery-Voltage").flatMap { Self.decimal($0, in: 0...10) }
        rssi = field("RSSI").flatMap { Self.integer($0, in: -150...0) }
        firmware = field("FW-Version").flatMap(Self.text)
        model = field("Model").flatMap(Self.text)
        width = field("Width").flatMap { Self.integer($0, in: 16...4096) }
        height = field("Height").flatMap { Self.integer($0, in: 16...4096) }
        refreshSeconds = field("Refresh-Rate").flatMap { Self.integer($0, in: 1...604_800) }
    }

    /// The longest text kept from a header: firmware versions and model names are short.
    package static let textLimit = 32

    /// A decimal such as `4.10` (Arduino's `String(float)`); nil for anything else — `nan`,
    /// `inf`, hex floats and exponents included, which `Double.init` would accept.
    package static func decimal(_ text: String, in range: ClosedRange<Double>) -> Double? {
        guard !text.isEmpty, text.count <= 12, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }),
            let value = Double(text), range.contains(value)
        else { return nil }
        return value
    }

    package static func integer(_ text: String, in range: ClosedRange<Int>) -> Int? {
        guard text.count <= 8, let value = Int(text), range.contains(value) else { return nil }
        return value
    }

    /// Text with its control characters replaced, cut to `textLimit` characters; nil when empty.
    package static func text(_ raw: String) -> String? {
        let cleaned = TextHygiene.replacingControls(raw).trimmingCharacters(in: .whitespaces)
        guard !cleaned.isEmpty else { return nil }
        return String(cleaned.prefix(textLimit))
    }
}
