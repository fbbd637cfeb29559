import Foundation

/// What `/api/display` last told a display: the picture's name and when to ask again.
/// Kept in memory only, like the pictures themselves.
struct DisplayAnswer: Equatable, Sendable {
    let filename: String
    let seconds: Int
    let at: Date
}
