import Hummingbird

/// Short text responses for errors and refusals: a line saying why, never cached.
enum PlainResponse {
    static func make(_ status: HTTPResponse.Status, _ message: String, headers extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [
            .contentType: "text/plain; charset=utf-8", .cacheControl: "no-store", .xContentTypeOptions: "nosniff",
        ]
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: message + "\n")))
    }

    static let notFound = "not found"
}
