import Foundation
import NetsnapJSON

/// The body of `POST /api/log`: the firmware joins its stored log lines into one JSON array,
/// `{"logs":[…]}` from 1.5.10 on (`serialize_request_api_log.cpp`), and
/// `{"log":{"logs_array":[…]}}` from 1.4.8 to 1.5.9. Both are read.
package enum DisplayLogBody {
    /// The most a body may hold; the firmware keeps at most ten notes of about 1 KB.
    package static let byteLimit = 65_536

    package enum Failure: Error, Equatable {
        case notJSON
        case noLogs
    }

    /// The entries of `bytes`, oldest first as the firmware stored them; elements without a
    /// message are skipped.
    package static func entries(from bytes: [UInt8], receivedAt: Date) throws(Failure) -> [DisplayLogEntry] {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw .notJSON
        }
        guard case .array(let elements)? = document["logs"] ?? document["log"]?["logs_array"] else { throw .noLogs }
        return elements.compactMap { DisplayLogEntry(firmware: $0, receivedAt: receivedAt) }
    }
}
