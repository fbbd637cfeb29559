import NIOConcurrencyHelpers

/// The display images most recently handed out by `/api/display`, by file name, so that a
/// device fetching the URL it was given gets exactly the image whose name it compared —
/// even if a newer one was drawn in between. Keeps the last few only.
final class DisplayImageStore: Sendable {
    let capacity: Int
    private let images = NIOLockedValueBox<[(filename: String, representation: Representation)]>([])

    init(capacity: Int = 4) { self.capacity = capacity }

    func remember(_ representation: Representation, as filename: String) {
        images.withLockedValue { images in
            images.removeAll { $0.filename == filename }
            images.append((filename, representation))
            if images.count > capacity { images.removeFirst(images.count - capacity) }
        }
    }

    func image(named filename: String) -> Representation? {
        images.withLockedValue { images in images.last { $0.filename == filename }?.representation }
    }
}
