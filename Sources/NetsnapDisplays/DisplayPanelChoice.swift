import NetsnapRaster
import NetsnapRender
import NetsnapTiles

/// The pictures a TRMNL-protocol display may get, best first, and the most bytes its
/// firmware will download (`MAX_IMAGE_SIZE` in its `config.h`: 90,000 on an OG, 750,000 on
/// the X-class boards, which buffer in PSRAM). Chosen by `Model`, else `Width` × `Height`,
/// else the configured tile:
/// - a TRMNL X (`Model: x`, or a 1872 × 1404 panel) gets 1872 × 1404 in 16 greys;
/// - an 800 × 480 panel on firmware 1.6.0 or later, which decodes 2-bit PNGs (`display.cpp`),
///   gets 4 greys where the configured tile is 1-bit; firmware 1.5.x, whose decoder takes only
///   800 × 480 in 1 bit, gets exactly that;
/// - any other size the firmware reports gets the configured tile laid out for that canvas.
/// When the best does not fit the limit, the same canvas with a flat (undithered) fill comes
/// next, then 1-bit: a simpler picture beats one the panel cannot load. A panel configured
/// in `serve.trmnl.panels` is drawn for its turned canvas, and in colour for e-paper inks.
package struct DisplayPanelChoice: Equatable {
    package let candidates: [TileRequest]
    package let byteLimit: Int

    package static let ogByteLimit = 90_000
    package static let xClassByteLimit = 750_000
    package static let trmnlX = (width: 1872, height: 1404)
    package static let firstReadingGreys = FirmwareVersion("1.6.0")!

    /// `configured` is the server's display tile; `canDraw` false means only the file
    /// `render` wrote is there to send.
    package init(report: DisplayReport, configured: TileRequest, canDraw: Bool, panel: DisplayPanelSettings? = nil) {
        let reportedSize = report.width.flatMap { width in report.height.map { (width, $0) } }
        let isX = report.model == "x" || reportedSize.map { $0 == Self.trmnlX } ?? false
        let configuredSize = (configured.pixelWidth, configured.pixelHeight)
        let size = isX ? Self.trmnlX : reportedSize ?? configuredSize
        let readsOnlyOneBit = FirmwareVersion(report.firmware).map { $0 < Self.firstReadingGreys } ?? false
        byteLimit = (size == configuredSize && !isX) || readsOnlyOneBit ? Self.ogByteLimit : Self.xClassByteLimit
        guard canDraw else {
            candidates = [configured]
            return
        }
        // 1.5.x decodes a PNG only when it is 800 × 480 in 1 bit (its `png.cpp`).
        if readsOnlyOneBit {
            var oneBit = configured
            oneBit.target = .display(.trmnl)
            candidates = [panel.map { Self.turned(oneBit, $0.orientation) } ?? oneBit]
            return
        }
        var format = configured.format
        if isX {
            format = .gray(bitDepth: 4)
        } else if size == configuredSize, format == .gray(bitDepth: 1), let firmware = FirmwareVersion(report.firmware),
            firmware >= Self.firstReadingGreys
        {
            format = .gray(bitDepth: 2)
        }
        var best = configured
        if format != configured.format || size != configuredSize {
            best.target = .display(.custom(width: size.0, height: size.1, format: format))
        }
        var flat = best
        flat.dithering = .none
        var oneBit = flat
        oneBit.target = .display(.custom(width: size.0, height: size.1, format: .gray(bitDepth: 1)))
        if size == configuredSize && configured.format == .gray(bitDepth: 1) { oneBit.target = configured.target }
        var list: [TileRequest] = []
        for candidate in [best, flat, oneBit] where !list.contains(candidate) { list.append(candidate) }
        if panel?.palette != nil {
            var colour = configured
            colour.target = .display(.custom(width: size.0, height: size.1, format: .rgb))
            list = [colour]
        }
        candidates = panel.map { panel in list.map { Self.turned($0, panel.orientation) } } ?? list
    }

    /// `tile` on the canvas a turned panel's layout is drawn for.
    package static func turned(_ tile: TileRequest, _ orientation: TileOrientation) -> TileRequest {
        guard orientation.swapsSides, case .display(let profile) = tile.target else { return tile }
        var turned = tile
        turned.target = .display(.custom(width: profile.height, height: profile.width, format: profile.format))
        return turned
    }
}
