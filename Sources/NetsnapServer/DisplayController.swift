import Foundation
import HTTPTypes
import Hummingbird
import NetsnapDisplays
import NetsnapModel
import NetsnapRender
import NetsnapTiles

/// TRMNL compatibility at the HTTP edge: `GET /api/setup` pairs a device and hands it the key
/// it then sends; `GET /api/display` answers what a TRMNL device or BYOS client polls for,
/// pointing at `GET /display/{filename}.png` (or `.bmp`). The decisions — who is paired
/// (`DisplayPairing`), which picture, file and screen (`DisplayPanelChoice`, `DisplayWake`),
/// the refresh rate (`DisplayRefresh`), the names and URLs (`DisplayImageLinks`), what is kept
/// (`DisplayRegistry`, `DisplayImageStore`) — are NetsnapDisplays'; this adapter reads the
/// request, draws or reads the picture (`TileService`, the output folder) and writes the response.
struct DisplayController<Context: RequestContext> {
    let tiles: TileService?
    /// The tile shown: the 800×480 1-bit `trmnl` profile in the configured display theme.
    let displayTile: TileRequest
    let files: OutputFileResponder
    let images: DisplayImageStore<Representation>
    let schedule: DisplaySchedule
    /// The refresh rate each answer hands out.
    let refresh: DisplayRefresh
    let timeZone: TimeZone
    let now: @Sendable () -> Date
    let pairing: DisplayPairing
    let links: DisplayImageLinks
    /// What each display's headers said, and when it was last seen.
    let registry: DisplayRegistry

    init(
        tiles: TileService?, displayTile: TileRequest, files: OutputFileResponder, schedule: DisplaySchedule,
        now: @escaping @Sendable () -> Date, token: String?, pairedDevices: [MACAddress], fallbackAuthority: String,
        registry: DisplayRegistry
    ) {
        self.tiles = tiles
        self.displayTile = displayTile
        self.files = files
        images = DisplayImageStore(stateDirectory: registry.stateDirectory, logger: registry.logger)
        self.schedule = schedule
        timeZone = displayTile.timeZone
        refresh = DisplayRefresh(schedule: schedule, timeZone: displayTile.timeZone)
        self.now = now
        pairing = DisplayPairing(token: token, pairedDevices: pairedDevices)
        links = DisplayImageLinks(token: token, fallbackAuthority: fallbackAuthority)
        self.registry = registry
    }

    static var deviceIDField: HTTPField.Name { DisplayPairing.deviceIDField }

    func addRoutes(to router: Router<Context>) {
        // The router matches paths by their segments, so these also answer the trailing-slash forms.
        router.get(RouterPath(DisplayPaths.setup), use: setup)
        router.head(RouterPath(DisplayPaths.setup), use: setup)
        router.get(RouterPath(DisplayPaths.display), use: display)
        router.head(RouterPath(DisplayPaths.display), use: display)
        for file in [TileFileFormat.png, .bmp] {
            router.get("/display/{filename}.\(file.rawValue)", use: image(file))
            router.head("/display/{filename}.\(file.rawValue)", use: image(file))
        }
    }

    /// Pairs the device whose MAC address is in the `ID` header (`DisplayPairing`), and tells
    /// it the picture it would get from `/api/display`: the format its firmware reads, its panel's.
    @Sendable func setup(_ request: Request, context: Context) async throws -> Response {
        let device: MACAddress
        switch pairing.setup(headers: request.headers) {
        case .refused(let status, let body): return try Self.json(status, body)
        case .paired(let paired): device = paired
        }
        let report = DisplayReport(headers: request.headers)
        registry.saw(device, report: report, at: now())
        let file = DisplayWake.file(readBy: report.firmware)
        let first = try await fittingImage(for: report, file: file, panel: schedule.panel(of: device))
        if let first { images.remember(first.image, as: first.filename, file: file) }
        let firstImage = first.map { imageURL(for: $0.filename, file: file, request: request) }
        return try Self.json(.ok, pairing.paired(device, imageURL: firstImage))
    }

    /// The paired display named by the request's `ID` header (`DisplayPairing.pairedDevice`).
    func pairedDevice(of request: Request) -> MACAddress? { pairing.pairedDevice(headers: request.headers) }

    static func json(_ status: HTTPResponse.Status, _ body: some Encodable) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Response(
            status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(body))))
    }

    func imageURL(for filename: String, file: TileFileFormat = .png, request: Request) -> String {
        links.url(for: filename, file: file, headers: request.headers, authority: request.head.authority)
    }

    func image(_ file: TileFileFormat) -> @Sendable (Request, Context) async throws -> Response {
        { request, context in
            let name = try context.parameters.require("filename")
            if let image = images.image(named: name, file: file) { return image.response(to: request) }
            // Without a state folder, the current default image still answers to its name after a restart.
            if let (filename, image) = try await currentImage(file: file), filename == name {
                images.remember(image, as: name, file: file)
                return image.response(to: request)
            }
            return PlainResponse.make(.notFound, PlainResponse.notFound)
        }
    }

    /// The `tile` (by default the configured trmnl tile) and its file name: drawn on demand
    /// when the server can, else the file `render` wrote (`tiles/trmnl-light.png`). The same
    /// picture always comes back as the same stored copy.
    func currentImage(of tile: TileRequest? = nil, file: TileFileFormat = .png, panel: DisplayPanelSettings? = nil) async throws -> (
        filename: String, image: Representation
    )? {
        var tile = tile ?? displayTile
        if let wording = panel?.wording { tile.wording = wording }
        var source: Representation?
        if let tiles, case .tile(let drawn) = try await tiles.tile(for: tile) {
            source = drawn
        } else {
            source = files.representation(ofRawPath: "/" + tile.fileName)
        }
        guard var source else { return nil }
        let orientation = panel?.orientation ?? .upright
        let palette = file == .png ? panel?.palette : nil
        if file != .png || !orientation.isUpright || palette != nil {
            source =
                try tiles?.conversions.converted(source, orientation: orientation, file: file, palette: palette)
                ?? source.converted(orientation, to: file, palette: palette)
        }
        let filename = links.filename(forEntityTag: source.entityTag.value)
        if let known = images.image(named: filename, file: file) { return (filename, known) }
        let image = Representation(
            bytes: Array(source.bytes.readableBytesView), contentType: file.mediaType, cacheControl: DisplayImageName.caching,
            lastModified: source.lastModified)
        return (filename, image)
    }
}
