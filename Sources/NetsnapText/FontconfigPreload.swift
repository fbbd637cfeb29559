import CFontconfig
import Dispatch
import Synchronization

/// The text libraries and fontconfig's standard font folders (`FontLocator`), loaded ahead on
/// another thread: opening the libraries and reading the font caches take about 2 ms, which a
/// command that will draw text can spend while its arguments are still being parsed. The first
/// `FontLocator` takes the configuration; any later one loads its own.
final class FontconfigPreload: Sendable {
    /// The process's preload, which `FontLocator` takes from.
    static let shared = FontconfigPreload()

    /// Written once by the loading thread before it leaves the group; read after waiting on it.
    private final class Slot: @unchecked Sendable {
        var config: OpaquePointer?
    }

    private let pending = Mutex<(group: DispatchGroup, slot: Slot)?>(nil)

    /// Starts loading, unless a load is already pending.
    func start() {
        pending.withLock { pending in
            guard pending == nil else { return }
            let group = DispatchGroup()
            let slot = Slot()
            group.enter()
            DispatchQueue.global(qos: .userInitiated).async {
                // Opening the text libraries here takes their loading off the caller's path too.
                if (try? TextLibraries.open()) != nil { slot.config = FontLocator.loadStandardFolders() }
                group.leave()
            }
            pending = (group, slot)
        }
    }

    /// The configuration loaded ahead, once it is ready; nil when none was started or it was
    /// taken. The caller owns it.
    func take() -> OpaquePointer? {
        guard
            let (group, slot) = pending.withLock({ pending in
                defer { pending = nil }
                return pending
            })
        else { return nil }
        group.wait()
        return slot.config
    }
}
