/// The names `/api/display` gives its pictures: 32 lowercase hex digits (a keyed hash of the
/// picture), the only shape the image paths answer to and the state folder holds.
enum DisplayImageName {
    static func isValid(_ name: some StringProtocol) -> Bool {
        name.utf8.count == 32 && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
