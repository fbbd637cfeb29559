import Foundation
import NetsnapModel
import NetsnapWidgets

/// What `GET /tronbyt/<device>/next` tells a Tronbyt beside the picture — the brightness by
/// day and inside the night hours (percent, 0–100, as its firmware's `Tronbyt-Brightness`
/// reads it) and how long to show the picture when all is calm — for all of them and by
/// device name. The `serve.tronbyt:` section.
public struct TronbytSettings: Sendable, Equatable {
    /// One device's own values, by the name in its URL; what it leaves out comes from the section.
    public struct Device: Sendable, Equatable {
        public var name: String
        public var brightness: Int?
        public var nightBrightness: Int?
        public var dwellSeconds: Int?

        public init(name: String, brightness: Int? = nil, nightBrightness: Int? = nil, dwellSeconds: Int? = nil) {
            self.name = name
            self.brightness = brightness
            self.nightBrightness = nightBrightness
            self.dwellSeconds = dwellSeconds
        }
    }

    /// Percent by day.
    public var brightness = 100
    /// Percent inside the night hours (`nightFrom`/`nightUntil`).
    public var nightBrightness = 10
    /// Seconds a picture stays while all is calm; nil: `serve.trmnl.refreshSeconds`. While
    /// anything is wrong or just changed, `serve.trmnl.alertRefreshSeconds` when shorter.
    public var dwellSeconds: Int?
    public var devices: [Device] = []

    public init(brightness: Int = 100, nightBrightness: Int = 10, dwellSeconds: Int? = nil, devices: [Device] = []) {
        self.brightness = brightness
        self.nightBrightness = nightBrightness
        self.dwellSeconds = dwellSeconds
        self.devices = devices
    }

    /// A name a device may have in its URL: 1–64 letters, digits, `-` and `_`.
    public static func isDeviceName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count)
            && name.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
    }

    /// The values for the device named `name`: its own where it has them, else the section's.
    package func resolved(for name: String) -> (brightness: Int, nightBrightness: Int, dwellSeconds: Int?) {
        let device = devices.first { $0.name == name }
        return (
            device?.brightness ?? brightness, device?.nightBrightness ?? nightBrightness, device?.dwellSeconds ?? dwellSeconds
        )
    }
}

extension TronbytSettings {
    /// What `GET /tronbyt/<device>/next` tells `device` at `date` beside the picture: how long
    /// to show it, which follows the news (`refresh`, with `widgets` the newest data) from its
    /// calm dwell, and its brightness, the night one inside `night`.
    package func answer(
        for device: String, at date: Date, widgets: WidgetSet?, refresh: DisplayRefresh, night: ClockWindow?, timeZone: TimeZone
    ) -> (dwellSeconds: Int, brightness: Int) {
        let own = resolved(for: device)
        let dwell = refresh.seconds(at: date, widgets: widgets, lowBattery: false, calmSeconds: own.dwellSeconds)
        let asleep = night?.contains(date, timeZone: timeZone) == true
        return (dwell, asleep ? own.nightBrightness : own.brightness)
    }
}
