/// What an HTTP GET returned: status, time to the first response byte and the body.
struct HTTPExchange: Sendable {
    let status: Int
    /// From the start of the connection to the first byte of the response.
    let timeToFirstByte: Duration
    let body: [UInt8]
}
