import Foundation
import HTTPTypes
import Hummingbird
import NetsnapModel
import NetsnapRender
import NetsnapTiles
import NetsnapWatch

/// `GET /api/display`: the picture to show and when to ask again.
extension DisplayController {
    @Sendable func display(_ request: Request, context: Context) async throws -> Response {
        let date = now()
        let device = pairedDevice(of: request)
        let report = DisplayReport(headers: request.headers)
        let known = device.flatMap(registry.record(of:))
        let volts = report.batteryVolts ?? known?.batteryVolts
        let lowBattery = volts.map { BatteryCurve.percent(volts: $0) < schedule.lowBatteryPercent } ?? false
        let widgets = try? await tiles?.source.latestWidgets()
        let refreshRateSeconds = refresh.seconds(at: date, widgets: widgets, lowBattery: lowBattery)
        let file = Self.file(readBy: report.firmware ?? known?.firmware)
        let panel = device.flatMap(panelSettings(of:))
        let answer: (filename: String, image: Representation)?
        var screen = 0
        if let known, let repeated = repeatedAnswer(to: known, request: request, file: file, at: date) {
            answer = repeated
            screen = known.lastAnswer?.screen ?? 0
        } else {
            let screens = tiles == nil ? [.overview] : panel?.screens ?? schedule.screens
            screen = known?.lastAnswer.map { ($0.screen + 1) % screens.count } ?? 0
            answer = try await fittingImage(for: report, file: file, panel: panel, screen: screens[screen])
        }
        guard let (filename, image) = answer else {
            let body = #"{"status":503,"error":"no display image yet: the trmnl tile has not been drawn"}"#
            return Response(
                status: .serviceUnavailable,
                headers: [.contentType: "application/json", .cacheControl: "no-store", .retryAfter: "\(refreshRateSeconds)"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
        }
        images.remember(image, as: filename, file: file)
        if let device {
            let answered = DisplayAnswer(filename: filename, seconds: refreshRateSeconds, at: date, screen: screen)
            registry.saw(device, report: report, answered: answered, at: date)
        }
        let body = DisplayResponse(
            status: 0, imageURL: imageURL(for: filename, file: file, request: request), filename: filename, refreshRate: refreshRateSeconds,
            resetFirmware: false, updateFirmware: false, firmwareURL: nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Representation(bytes: Array(try encoder.encode(body)), contentType: "application/json", cacheControl: "no-store")
            .response(to: request)
    }

    /// The best picture of `screen` for the panel (`DisplayPanelChoice`) that its firmware can
    /// download; the last candidate when none fits. A BMP is always the configured 800 × 480
    /// 1-bit tile, the only picture firmware 1.4 decodes.
    func fittingImage(
        for report: DisplayReport, file: TileFileFormat, panel: DisplayPanelSettings?, screen: TileScreen = .overview
    ) async throws -> (filename: String, image: Representation)? {
        var configured = displayTile
        configured.screen = screen
        guard file == .png else {
            let tile = panel.map { DisplayPanelChoice.turned(configured, $0.orientation) } ?? configured
            return try await currentImage(of: tile, file: file, panel: panel)
        }
        let choice = DisplayPanelChoice(report: report, configured: configured, canDraw: tiles != nil, panel: panel)
        var answer: (filename: String, image: Representation)?
        for candidate in choice.candidates {
            answer = try await currentImage(of: candidate, panel: panel)
            guard let size = answer?.image.bytes.readableBytes, size > choice.byteLimit else { break }
        }
        return answer
    }

    /// The file the firmware `version` decodes: before 1.5.0 only an 800 × 480 1-bit BMP.
    static func file(readBy version: String?) -> TileFileFormat {
        FirmwareVersion(version)?.readsPNG ?? true ? .png : .bmp
    }

    /// How the display is mounted (`serve.trmnl.panels`), if configured.
    func panelSettings(of device: MACAddress) -> DisplayPanelSettings? { schedule.panels.first { $0.isFor(device) } }

    /// The picture `record` was last given, when it asks again well before it was told to
    /// (a retry, a reboot) and not because someone pressed its button: the same name means the
    /// firmware does not redraw, which spares a flash of the panel and the battery.
    func repeatedAnswer(to record: DisplayRecord, request: Request, file: TileFileFormat, at date: Date) -> (
        filename: String, image: Representation
    )? {
        guard let last = record.lastAnswer, !Self.isButtonWake(request),
            date.timeIntervalSince(last.at) < TimeInterval(last.seconds) * Self.earlyFraction,
            let image = images.image(named: last.filename, file: file)
        else { return nil }
        return (last.filename, image)
    }

    /// Asking before this share of the given refresh rate has passed is early.
    static var earlyFraction: Double { 0.5 }

    /// The wake reason the firmware sends (`timer`, `button`, `powercycle`…: `logging_parsers.cpp`).
    static var updateSourceField: HTTPField.Name { HTTPField.Name("Update-Source")! }

    /// True when someone pressed the device's button: `bl.cpp` reads the button on a GPIO,
    /// EXT0 or EXT1 wake, and `parseWakeupReasonToStr` names those `button`, `EXT0` and
    /// `EXT1` in `Update-Source`. A press asks for the next screen at once.
    static func isButtonWake(_ request: Request) -> Bool {
        ["button", "EXT0", "EXT1"].contains(request.headers[updateSourceField] ?? "")
    }
}
