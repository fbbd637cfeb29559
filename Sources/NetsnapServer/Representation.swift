import Foundation
import Hummingbird
import NetsnapDisplays
import NetsnapTiles

/// One version of a resource ready to send: its bytes, type, validators (entity tag and,
/// when known, modification time) and caching rule. Built once per version (file change,
/// new tile) and reused for every request after. A class: every request on the cached-file
/// path handed a copy of all its fields along, a dozen retains and releases each time.
final class Representation: Sendable {
    let bytes: ByteBuffer
    let entityTag: EntityTag
    /// When this version first appeared, to whole seconds as HTTP dates have them.
    let lastModified: Date?
    let cacheControl: String
    private let okHeaders: HTTPFields
    private let notModifiedHeaders: HTTPFields

    init(bytes: [UInt8], contentType: String, cacheControl: String, lastModified: Date? = nil) {
        self.bytes = ByteBuffer(bytes: bytes)
        entityTag = EntityTag(of: bytes)
        self.cacheControl = cacheControl
        self.lastModified = lastModified.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }
        // A 304 repeats the validators and caching rule of the 200 it stands for (RFC 9110 §15.4.5).
        var notModified: HTTPFields = [.eTag: entityTag.value, .cacheControl: cacheControl]
        if let modified = self.lastModified { notModified[.lastModified] = HTTPDate.format(modified) }
        notModifiedHeaders = notModified
        var headers = notModified
        headers[.contentType] = contentType
        headers[.xContentTypeOptions] = "nosniff"
        headers[.contentLength] = String(bytes.count)
        okHeaders = headers
    }

    /// This version turned into another file (rotated, inverted, a BMP, an e-paper panel's
    /// inks), keeping its caching rule and age.
    func converted(_ orientation: TileOrientation, to file: TileFileFormat, palette: EPaperPalette? = nil) throws -> Representation {
        let bytes = try TileImageConverter.convert(
            png: Array(self.bytes.readableBytesView), orientation: orientation, file: file, palette: palette)
        return Representation(bytes: bytes, contentType: file.mediaType, cacheControl: cacheControl, lastModified: lastModified)
    }

    /// 304 when the client already holds this version, else 200 with the bytes. HEAD
    /// requests lose the body later, in `ServerResponder`, with the headers intact.
    /// `If-None-Match` decides when sent; only without it does `If-Modified-Since` (RFC 9110 §13.2.2).
    func response(to request: Request) -> Response {
        let ifNoneMatch = request.headers[values: .ifNoneMatch]
        if !ifNoneMatch.isEmpty {
            if entityTag.isMatched(byIfNoneMatch: ifNoneMatch.flatMap { $0.split(separator: ",") }) {
                return Response(status: .notModified, headers: notModifiedHeaders)
            }
        } else if let lastModified, let since = request.headers[.ifModifiedSince].flatMap(HTTPDate.parse), lastModified <= since {
            return Response(status: .notModified, headers: notModifiedHeaders)
        }
        return fullResponse()
    }

    /// The head of a 200 for this version as the router's path would send it, with the
    /// `Date` and `Server` fields Hummingbird adds there.
    func okHead(date: String, server: String) -> HTTPResponse {
        var headers = okHeaders
        headers[.date] = date
        headers[.server] = server
        return HTTPResponse(status: .ok, headerFields: headers)
    }

    /// The bytes with `status`, whatever the request's validators say: a failing health
    /// check must not turn into a 304.
    func fullResponse(status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: okHeaders, body: ResponseBody(byteBuffer: bytes))
    }
}

/// The display image store (`NetsnapDisplays`) keeps a representation's bytes and reads them back as one.
extension Representation: StorableDisplayImage {
    var storedBytes: [UInt8] { Array(bytes.readableBytesView) }

    convenience init(storedBytes: [UInt8], file: TileFileFormat, lastModified: Date?) {
        self.init(bytes: storedBytes, contentType: file.mediaType, cacheControl: DisplayImageName.caching, lastModified: lastModified)
    }
}
