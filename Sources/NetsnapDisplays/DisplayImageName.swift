/// The names `/api/display` gives its pictures: 32 lowercase hex digits (a keyed hash of the
/// picture), the only shape the image paths answer to and the state folder holds.
package enum DisplayImageName {
    /// Under its content-derived name an image never changes, so clients may keep it.
    package static let caching = "max-age=31536000, immutable"

    package static func isValid(_ name: some StringProtocol) -> Bool {
        name.utf8.count == 32 && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
