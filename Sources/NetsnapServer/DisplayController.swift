import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import NetsnapModel
import NetsnapRender
import NetsnapTiles
import NetsnapWatch

/// TRMNL compatibility: `GET /api/setup` pairs a device (its MAC address in the `ID` header)
/// and hands it the key it then sends; `GET /api/display` answers what a TRMNL device or
/// BYOS client polls for, pointing at `GET /display/{filename}.png`. The file name is a keyed hash of the
/// image's SHA-256, so it stays the same while the picture does (the device skips the
/// redraw) and, with a token configured, cannot be guessed — which is why the image path
/// needs no token: devices fetch `image_url` without headers. Firmware before 1.6.10 asks
/// for `/api/setup/` and `/api/display/`: the same answers, the same token rules.
struct DisplayController<Context: RequestContext> {
    static var imagePathPrefix: String { "/display/" }

    /// True for `/display/<32 hex digits>.png` (or `.bmp`), the only shapes of name this controller hands out.
    static func isImagePath(_ path: String) -> Bool {
        guard path.hasPrefix(imagePathPrefix), path.hasSuffix(".png") || path.hasSuffix(".bmp") else { return false }
        return DisplayImageName.isValid(path.dropFirst(imagePathPrefix.count).dropLast(4))
    }
    let tiles: TileService?
    /// The tile shown: the 800×480 1-bit `trmnl` profile in the configured display theme.
    let displayTile: TileRequest
    let files: OutputFileResponder
    let images: DisplayImageStore
    let schedule: DisplaySchedule
    /// The refresh rate each answer hands out.
    let refresh: DisplayRefresh
    let timeZone: TimeZone
    let now: @Sendable () -> Date
    let filenameKey: SymmetricKey
    /// The server's token: the key paired devices get, when one is configured.
    let token: String?
    /// The devices `/api/setup` pairs with; empty pairs any device, but only without a token.
    let pairedDevices: Set<MACAddress>
    /// host:port to put in `image_url` when the request names no usable Host.
    let fallbackAuthority: String
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
        // Without a token the key is fixed, so names stay stable across restarts either way.
        filenameKey = SymmetricKey(data: Array((token ?? "netsnap display image").utf8))
        self.token = token
        self.pairedDevices = Set(pairedDevices)
        self.fallbackAuthority = fallbackAuthority
        self.registry = registry
    }

    static var setupPath: String { "/api/setup" }
    static var displayPath: String { "/api/display" }

    /// True for the setup path with or without the trailing slash older firmware sends.
    static func isSetupPath(_ path: String) -> Bool { path == setupPath || path == setupPath + "/" }
    static var deviceIDField: HTTPField.Name { HTTPField.Name("ID")! }
    /// What devices send as `Access-Token` when no token is configured: nothing checks it.
    static var openAPIKey: String { "netsnap" }

    func addRoutes(to router: Router<Context>) {
        // The router matches paths by their segments, so these also answer the trailing-slash forms.
        router.get(RouterPath(Self.setupPath), use: setup)
        router.head(RouterPath(Self.setupPath), use: setup)
        router.get(RouterPath(Self.displayPath), use: display)
        router.head(RouterPath(Self.displayPath), use: display)
        for file in [TileFileFormat.png, .bmp] {
            router.get("/display/{filename}.\(file.rawValue)", use: image(file))
            router.head("/display/{filename}.\(file.rawValue)", use: image(file))
        }
    }

    /// Pairs the device whose MAC address is in the `ID` header. With a token configured,
    /// only the devices listed in `serve.trmnlDevices` get it; without one, any device (or
    /// any listed one) gets a fixed key that nothing checks.
    @Sendable func setup(_ request: Request, context: Context) async throws -> Response {
        guard let id = request.headers[Self.deviceIDField], let device = MACAddress(id) else {
            return try Self.json(
                .badRequest,
                SetupResponse(
                    status: 400, apiKey: nil, friendlyID: nil, imageURL: nil,
                    message: "send the device's MAC address in the ID header"))
        }
        let paired = pairedDevices.isEmpty ? token == nil : pairedDevices.contains(device)
        guard paired else {
            return try Self.json(
                .notFound,
                SetupResponse(
                    status: 404, apiKey: nil, friendlyID: nil, imageURL: nil,
                    message: "\(device) is not among this server's devices (serve.trmnlDevices)"))
        }
        let report = DisplayReport(headers: request.headers)
        registry.saw(device, report: report, at: now())
        // The picture it would get from /api/display: the format its firmware reads, its panel's.
        let file = Self.file(readBy: report.firmware)
        let first = try await fittingImage(for: report, file: file, panel: panelSettings(of: device))
        if let first { images.remember(first.image, as: first.filename, file: file) }
        let firstImage = first.map { imageURL(for: $0.filename, file: file, request: request) }
        return try Self.json(
            .ok,
            SetupResponse(
                status: 200, apiKey: token ?? Self.openAPIKey, friendlyID: Self.friendlyID(of: device), imageURL: firstImage,
                message: "paired with netsnap"))
    }

    /// Six hex digits derived from the MAC address: the same device, the same id.
    static func friendlyID(of device: MACAddress) -> String { DisplayIdentity.friendlyID(of: device) }

    /// The display named by the request's `ID` header, when it is one this server pairs with
    /// (the token, if any, was checked before the request got here); nil for a BYOS client
    /// that sends no MAC address, or a device not in `serve.trmnlDevices`.
    func pairedDevice(of request: Request) -> MACAddress? {
        guard let id = request.headers[Self.deviceIDField], let device = MACAddress(id),
            pairedDevices.isEmpty || pairedDevices.contains(device)
        else { return nil }
        return device
    }

    private static func json(_ status: HTTPResponse.Status, _ body: some Encodable) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Response(
            status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(body))))
    }

    func imageURL(for filename: String, file: TileFileFormat = .png, request: Request) -> String {
        "\(scheme(of: request))://\(authority(of: request))\(Self.imagePathPrefix)\(filename).\(file.rawValue)"
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
        let tile = tile ?? displayTile
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
        let filename = filename(for: source)
        if let known = images.image(named: filename, file: file) { return (filename, known) }
        let image = Representation(
            bytes: Array(source.bytes.readableBytesView), contentType: file.mediaType, cacheControl: DisplayImageStore.caching,
            lastModified: source.lastModified)
        return (filename, image)
    }

    /// A keyed hash of the image's entity tag (itself a SHA-256 of the bytes): the same
    /// picture, the same name.
    func filename(for image: Representation) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Array(image.entityTag.value.utf8), using: filenameKey)
        return code.prefix(16).map { String(format: "%02x", $0) }.joined()
    }

    private func scheme(of request: Request) -> String {
        // Behind a TLS-terminating proxy the device must fetch the image over https too.
        request.headers[HTTPField.Name("X-Forwarded-Proto")!] == "https" ? "https" : "http"
    }

    /// The Host the client used, when it is a plain host[:port]; anything else could smuggle
    /// text into the URL, so it is replaced by the address the server listens on.
    private func authority(of request: Request) -> String {
        guard let authority = request.head.authority, !authority.isEmpty, authority.count <= 255,
            authority.unicodeScalars.allSatisfy({ authorityCharacters.contains($0) })
        else { return fallbackAuthority }
        return authority
    }
}

/// What a Host header may hold to be copied into `image_url`: a name or address and a port.
private let authorityCharacters = CharacterSet(
    charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_:[]")
