import Foundation
import HTTPTypes
import NetsnapModel
import NetsnapTiles

/// What a TRMNL device's wake asks for: a new picture, the same one again (asked early: a
/// retry, a reboot), or the next screen (its button was pressed); and in which file and at
/// which refresh rate.
package enum DisplayWake {
    /// Asking before this share of the given refresh rate has passed is early.
    package static var earlyFraction: Double { 0.5 }

    /// The wake reason the firmware sends (`timer`, `button`, `powercycle`…: `logging_parsers.cpp`).
    package static var updateSourceField: HTTPField.Name { HTTPField.Name("Update-Source")! }

    /// True when someone pressed the device's button: `bl.cpp` reads the button on a GPIO,
    /// EXT0 or EXT1 wake, and `parseWakeupReasonToStr` names those `button`, `EXT0` and
    /// `EXT1` in `Update-Source`. A press asks for the next screen at once.
    package static func isButton(_ headers: HTTPFields) -> Bool {
        ["button", "EXT0", "EXT1"].contains(headers[updateSourceField] ?? "")
    }

    /// The answer `record` was last given, when it asks again at `date` well before it was
    /// told to and not because someone pressed its button: the same name means the firmware
    /// does not redraw, which spares a flash of the panel and the battery.
    package static func repeatable(_ record: DisplayRecord, headers: HTTPFields, at date: Date) -> DisplayAnswer? {
        guard let last = record.lastAnswer, !isButton(headers),
            date.timeIntervalSince(last.at) < TimeInterval(last.seconds) * earlyFraction
        else { return nil }
        return last
    }

    /// The file the firmware `version` decodes: before 1.5.0 only an 800 × 480 1-bit BMP.
    package static func file(readBy version: String?) -> TileFileFormat {
        FirmwareVersion(version)?.readsPNG ?? true ? .png : .bmp
    }

    /// The place in `count` screens to show after `known`'s last answer: the next, round.
    package static func nextScreen(after known: DisplayRecord?, of count: Int) -> Int {
        known?.lastAnswer.map { ($0.screen + 1) % count } ?? 0
    }
}

extension DisplaySchedule {
    /// How `device` is mounted (`serve.trmnl.panels`), if configured.
    package func panel(of device: MACAddress) -> DisplayPanelSettings? { panels.first { $0.isFor(device) } }

    /// The screens a display with `panel` shows in turn; the overview alone when nothing can be drawn.
    package func rotation(for panel: DisplayPanelSettings?, canDraw: Bool) -> [TileScreen] {
        canDraw ? panel?.screens ?? self.screens : [.overview]
    }

    /// True when `volts` is under the low-battery threshold on TRMNL's curve.
    package func isLow(volts: Double?) -> Bool {
        volts.map { BatteryCurve.percent(volts: $0) < lowBatteryPercent } ?? false
    }
}
