import Foundation
import Logging
import NIOConcurrencyHelpers
import NetsnapRender
import NetsnapTiles

/// A picture the store can keep: its bytes for the folder, and the picture again from bytes
/// read back. The server's ready-to-send `Representation` is one; the store never sees HTTP.
package protocol StorableDisplayImage: AnyObject, Sendable {
    var storedBytes: [UInt8] { get }
    /// A picture of `file`'s kind read back from the folder, last changed at `lastModified`,
    /// to be cached by clients as `DisplayImageName.caching` says.
    init(storedBytes: [UInt8], file: TileFileFormat, lastModified: Date?)
}

/// The display images `/api/display` handed out, by file name, so that a device fetching the
/// URL it was given gets exactly the image whose name it compared — even if a newer one was
/// drawn in between, and even after a restart: each is also kept in the state folder
/// (`display-images/`), because a turned, colour or 16-grey picture cannot be told from its
/// name alone. Memory keeps the last few; the folder the newest `folderCapacity`.
package final class DisplayImageStore<Image: StorableDisplayImage>: Sendable {
    package let capacity: Int
    /// Where the images are kept across restarts; nil keeps them in memory only.
    package let folder: String?
    package let folderCapacity: Int
    private let logger: Logger?
    private let images = NIOLockedValueBox<[(name: String, representation: Image)]>([])
    /// Held while writing or pruning the folder: two requests handing out one new picture
    /// would otherwise share a temporary file.
    private let writing = NIOLock()

    package static var folderName: String { "display-images" }

    package init(capacity: Int = 8, stateDirectory: String? = nil, folderCapacity: Int = 64, logger: Logger? = nil) {
        self.capacity = capacity
        folder = stateDirectory.map { $0 + "/" + Self.folderName }
        self.folderCapacity = folderCapacity
        self.logger = logger
    }

    /// Keeps `representation` as `filename` (of `file`'s kind), in memory and in the folder.
    package func remember(_ representation: Image, as filename: String, file: TileFileFormat = .png) {
        let name = "\(filename).\(file.rawValue)"
        images.withLockedValue { images in
            images.removeAll { $0.name == name }
            images.append((name, representation))
            if images.count > capacity { images.removeFirst(images.count - capacity) }
        }
        guard let folder, DisplayImageName.isValid(filename) else { return }
        writing.withLock { keep(representation, as: name, in: folder) }
    }

    private func keep(_ representation: Image, as name: String, in folder: String) {
        let path = folder + "/" + name
        if FileManager.default.fileExists(atPath: path) {
            // Still in use: its age decides when it gives way.
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
            return
        }
        do {
            _ = try AtomicFileWriter(directory: folder).write(
                OutputFile(path: name, bytes: representation.storedBytes))
            prune(folder)
        } catch {
            logger?.warning("cannot keep a display image", metadata: ["error": "\(error)"])
        }
    }

    /// The image named `filename` (of `file`'s kind) from memory, else from the folder.
    package func image(named filename: String, file: TileFileFormat = .png) -> Image? {
        let name = "\(filename).\(file.rawValue)"
        if let known = images.withLockedValue({ images in images.last { $0.name == name }?.representation }) { return known }
        guard let folder, DisplayImageName.isValid(filename),
            let data = FileManager.default.contents(atPath: folder + "/" + name)
        else { return nil }
        let modified = (try? FileManager.default.attributesOfItem(atPath: folder + "/" + name))?[.modificationDate] as? Date
        let representation = Image(storedBytes: Array(data), file: file, lastModified: modified)
        images.withLockedValue { images in
            images.append((name, representation))
            if images.count > capacity { images.removeFirst(images.count - capacity) }
        }
        return representation
    }

    /// Removes all but the newest `folderCapacity` images.
    private func prune(_ folder: String) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return }
        let dated = names.filter { !$0.hasPrefix(".") }.map { name in
            (name, (try? manager.attributesOfItem(atPath: folder + "/" + name))?[.modificationDate] as? Date ?? .distantPast)
        }
        guard dated.count > folderCapacity else { return }
        for (name, _) in dated.sorted(by: { $0.1 > $1.1 }).dropFirst(folderCapacity) {
            try? manager.removeItem(atPath: folder + "/" + name)
        }
    }
}
