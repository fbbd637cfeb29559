import Foundation
import Hummingbird
import NetsnapDisplays
import NetsnapModel
import NetsnapRender
import NetsnapTiles

/// `GET /api/display`: the picture to show and when to ask again.
extension DisplayController {
    @Sendable func display(_ request: Request, context: Context) async throws -> Response {
        let date = now()
        let device = pairedDevice(of: request)
        let report = DisplayReport(headers: request.headers)
        let known = device.flatMap(registry.record(of:))
        let lowBattery = schedule.isLow(volts: report.batteryVolts ?? known?.batteryVolts)
        let widgets = try? await tiles?.source.latestModels()?.widgets
        let refreshRateSeconds = refresh.seconds(at: date, widgets: widgets, lowBattery: lowBattery)
        let file = DisplayWake.file(readBy: report.firmware ?? known?.firmware)
        let panel = device.flatMap(schedule.panel(of:))
        let answer: (filename: String, image: Representation)?
        var screen = 0
        if let known, let repeated = repeatedAnswer(to: known, request: request, file: file, at: date) {
            answer = repeated
            screen = known.lastAnswer?.screen ?? 0
        } else {
            let screens = schedule.rotation(for: panel, canDraw: tiles != nil)
            screen = DisplayWake.nextScreen(after: known, of: screens.count)
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

    /// The picture `record` was last given, when its wake asks for it again (`DisplayWake.repeatable`)
    /// and it is still kept.
    func repeatedAnswer(to record: DisplayRecord, request: Request, file: TileFileFormat, at date: Date) -> (
        filename: String, image: Representation
    )? {
        guard let last = DisplayWake.repeatable(record, headers: request.headers, at: date),
            let image = images.image(named: last.filename, file: file)
        else { return nil }
        return (last.filename, image)
    }
}
