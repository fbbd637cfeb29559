import Hummingbird

/// One version of a resource ready to send: its bytes, type, entity tag and caching rule.
/// Built once per version (file change, new tile) and reused for every request after.
struct Representation: Sendable {
    let bytes: ByteBuffer
    let entityTag: EntityTag
    private let okHeaders: HTTPFields
    private let notModifiedHeaders: HTTPFields

    init(bytes: [UInt8], contentType: String, cacheControl: String) {
        self.bytes = ByteBuffer(bytes: bytes)
        entityTag = EntityTag(of: bytes)
        // A 304 repeats the validators and caching rule of the 200 it stands for (RFC 9110 §15.4.5).
        notModifiedHeaders = [.eTag: entityTag.value, .cacheControl: cacheControl]
        var headers = notModifiedHeaders
        headers[.contentType] = contentType
        headers[.xContentTypeOptions] = "nosniff"
        headers[.contentLength] = String(bytes.count)
        okHeaders = headers
    }

    /// 304 when the client already holds this version, else 200 with the bytes. HEAD
    /// requests lose the body later, in `ServerResponder`, with the headers intact.
    func response(to request: Request) -> Response {
        let ifNoneMatch = request.headers[values: .ifNoneMatch]
        if !ifNoneMatch.isEmpty, entityTag.isMatched(byIfNoneMatch: ifNoneMatch.flatMap { $0.split(separator: ",") }) {
            return Response(status: .notModified, headers: notModifiedHeaders)
        }
        return fullResponse()
    }

    /// The bytes with `status`, whatever the request's validators say: a failing health
    /// check must not turn into a 304.
    func fullResponse(status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: okHeaders, body: ResponseBody(byteBuffer: bytes))
    }
}
