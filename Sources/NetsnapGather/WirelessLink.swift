import Foundation
import NetsnapModel

/// The Wi-Fi association of an interface, from `iw dev IF link`, `/proc/net/wireless`
/// and `wpa_cli status`.
public struct WirelessLink: Sendable, Equatable {
    public var ssid: String?
    public var bssid: MACAddress?
    /// MHz.
    public var frequencyMHz: Double?
    public var signalDBm: Int?
    /// 0–100 %.
    public var quality: Int?
    public var securityType: String?

    public init(
        ssid: String? = nil, bssid: MACAddress? = nil, frequencyMHz: Double? = nil, signalDBm: Int? = nil,
        quality: Int? = nil, securityType: String? = nil
    ) {
        self.ssid = ssid
        self.bssid = bssid
        self.frequencyMHz = frequencyMHz
        self.signalDBm = signalDBm
        self.quality = quality
        self.securityType = securityType
    }

    /// The link in `iw dev IF link` output; nil for "Not connected." or anything unparsable.
    /// iw prints SSID bytes outside printable ASCII as `\xNN`, which are decoded as UTF-8.
    public static func parseIWLink(_ text: String) -> WirelessLink? {
        var link = WirelessLink()
        var connected = false
        for rawLine in text.split(separator: "\n") {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("Connected to ") {
                connected = true
                link.bssid = line.dropFirst("Connected to ".count).split(separator: " ").first.flatMap { MACAddress(String($0)) }
            } else if line.hasPrefix("SSID: ") {
                link.ssid = unescapeSSID(String(line.dropFirst("SSID: ".count)))
            } else if line.hasPrefix("freq: ") {
                link.frequencyMHz = Double(line.dropFirst("freq: ".count).trimmingCharacters(in: .whitespaces))
            } else if line.hasPrefix("signal: ") {
                link.signalDBm = line.dropFirst("signal: ".count).split(separator: " ").first.flatMap { Int($0) }
            }
        }
        return connected ? link : nil
    }

    /// Quality in percent and signal in dBm of `interface` from `/proc/net/wireless`, where
    /// link quality counts out of 70 (the scale every current driver uses).
    public static func parseProcWireless(_ text: String, interface: String) -> (quality: Int, signalDBm: Int)? {
        for line in text.split(separator: "\n").dropFirst(2) {
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count >= 4, fields[0] == "\(interface):",
                let link = Double(fields[2].trimmingCharacters(in: CharacterSet(charactersIn: "."))),
                let level = Double(fields[3].trimmingCharacters(in: CharacterSet(charactersIn: ".")))
            else { continue }
            return (min(100, max(0, Int((link * 100 / 70).rounded()))), Int(level))
        }
        return nil
    }

    /// The security type from `wpa_cli status` (`key_mgmt=`), in NetMonitor's wording.
    public static func parseWPAStatus(_ text: String) -> String? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("key_mgmt=") }) else { return nil }
        let keyManagement = line.dropFirst("key_mgmt=".count).uppercased()
        switch keyManagement {
        case "NONE": return "Open"
        case "WPA2-PSK", "FT-PSK", "WPA-PSK-SHA256": return "WPA2 Personal"
        case "WPA-PSK": return "WPA Personal"
        case "SAE", "FT-SAE": return "WPA3 Personal"
        case "WPA2/IEEE 802.1X/EAP", "WPA2-EAP", "WPA-EAP", "IEEE 802.1X": return "WPA2 Enterprise"
        case "WPA3-EAP", "WPA-EAP-SUITE-B-192": return "WPA3 Enterprise"
        case "OWE": return "Enhanced Open"
        default: return keyManagement.isEmpty ? nil : String(keyManagement)
        }
    }

    /// Band and channel for a centre frequency: 2.4 GHz channels 1–14, 5 GHz 32–177,
    /// 6 GHz 1–233 (channel 2 at 5935 MHz).
    public static func bandAndChannel(frequencyMHz: Double) -> (band: String, channel: Int)? {
        let frequency = Int(frequencyMHz.rounded())
        switch frequency {
        case 2484: return ("2.4 GHz", 14)
        case 2412...2472: return ("2.4 GHz", (frequency - 2407) / 5)
        case 5935: return ("6 GHz", 2)
        case 5160...5885: return ("5 GHz", (frequency - 5000) / 5)
        case 5955...7115: return ("6 GHz", (frequency - 5950) / 5)
        default: return nil
        }
    }

    private static func unescapeSSID(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.first {
            if byte == UInt8(ascii: "\\"), utf8.count >= 4, utf8[utf8.startIndex + 1] == UInt8(ascii: "x"),
                let value = UInt8(String(decoding: utf8[(utf8.startIndex + 2)..<(utf8.startIndex + 4)], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(4)
            } else {
                bytes.append(byte)
                utf8 = utf8.dropFirst()
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
