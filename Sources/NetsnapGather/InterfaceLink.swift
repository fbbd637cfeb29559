import Foundation
import NetsnapModel

/// What `/sys/class/net/IFACE/` says of one link: its kind (Wi-Fi, wired, cellular), whether
/// it is up and its negotiated speed. Parsing is pure — the files' texts in, a value out —
/// so it is tested with fixture folders; `read` is the one call that touches sysfs.
public struct InterfaceLink: Sendable, Equatable {
    public let name: String
    public let kind: NetworkStatus.ConnectionType
    /// `operstate`: true for `up`, false for `down` / `lowerlayerdown` / `dormant`, nil when
    /// the driver does not say (`unknown`, as many tunnels and some USB modems report).
    public let isUp: Bool?
    /// Mb/s from `speed`; nil when the link is down or the driver gives none (`-1`, or
    /// reading fails with EINVAL, as Wi-Fi and virtual links do).
    public let speedMbps: Int?

    /// Drivers of USB modems and phone tethering: their links are cellular.
    static let cellularDrivers: Set<String> = [
        "qmi_wwan", "cdc_mbim", "huawei_cdc_ncm", "option", "sierra_net", "rndis_host", "ipheth",
    ]

    /// The link from its sysfs files: `files` maps a file name (`speed`, `operstate`, `type`,
    /// `uevent`) to its text, `hasWireless` says whether `wireless/` or `phy80211` exists and
    /// `driver` names the bound driver (the last part of `device/driver`).
    ///
    /// Wi-Fi when there are wireless extensions, a phy80211 link or `DEVTYPE=wlan`; cellular for
    /// `DEVTYPE=wwan`, wwan / ppp / rmnet names, PPP or raw-IP link types and USB modem drivers;
    /// else wired.
    public init(name: String, files: [String: String], hasWireless: Bool, driver: String?) {
        self.name = name
        let devtype = Self.ueventValue("DEVTYPE", in: files["uevent"])
        let linkType = files["type"]?.trimmingCharacters(in: .whitespacesAndNewlines)
        if hasWireless || devtype == "wlan" {
            kind = .wifi
        } else if devtype == "wwan" || ["wwan", "ppp", "wwp", "rmnet", "ccmni"].contains(where: name.hasPrefix)
            || linkType == "512" || linkType == "519"  // ARPHRD_PPP, ARPHRD_RAWIP
            || driver.map({ Self.cellularDrivers.contains($0) }) == true
        {
            kind = .cellular
        } else {
            kind = .ethernet
        }
        switch files["operstate"]?.trimmingCharacters(in: .whitespacesAndNewlines) {
        case "up"?: isUp = true
        case "down"?, "lowerlayerdown"?, "dormant"?, "notpresent"?: isUp = false
        default: isUp = nil
        }
        let speed = files["speed"].flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        // A down link keeps its last speed in some drivers: a cable pulled is no gigabit.
        speedMbps = isUp == false ? nil : speed.flatMap { $0 > 0 && $0 <= 10_000_000 ? $0 : nil }
    }

    /// The value of `KEY=value` in a uevent file.
    static func ueventValue(_ key: String, in text: String?) -> String? {
        guard let text else { return nil }
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix(key + "=") {
            return String(line.dropFirst(key.count + 1))
        }
        return nil
    }

    /// Reads `name`'s folder under `sysClassNet` (normally `/sys/class/net`). A file that
    /// cannot be read (a Wi-Fi `speed` gives EINVAL) is simply absent.
    public static func read(_ name: String, sysClassNet: String) -> InterfaceLink {
        let directory = "\(sysClassNet)/\(name)"
        var files: [String: String] = [:]
        for file in ["speed", "operstate", "type", "uevent"] {
            files[file] = try? String(contentsOfFile: "\(directory)/\(file)", encoding: .utf8)
        }
        let manager = FileManager.default
        let hasWireless = manager.fileExists(atPath: "\(directory)/wireless") || manager.fileExists(atPath: "\(directory)/phy80211")
        let driver = (try? manager.destinationOfSymbolicLink(atPath: "\(directory)/device/driver")).map {
            ($0 as NSString).lastPathComponent
        }
        return InterfaceLink(name: name, files: files, hasWireless: hasWireless, driver: driver)
    }
}
