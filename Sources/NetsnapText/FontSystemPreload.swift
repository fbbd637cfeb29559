import Dispatch
import Synchronization

/// A `FontSystem` for the default configuration, made ahead on another thread: opening the
/// text libraries, reading the font folders' caches and loading the main face take about
/// 2 ms, which a command that will draw text spends while its arguments are parsed and its
/// configuration read (docs/performance.md). `FontSystem.make` takes it for the same
/// configuration, once; the thread goes on loading the family's other weights.
final class FontSystemPreload: Sendable {
    /// The process's preload, which `FontSystem.make` takes from.
    static let shared = FontSystemPreload()

    /// Written once by the loading thread before it leaves the group; read after waiting on it.
    private final class Slot: @unchecked Sendable {
        var system: FontSystem?
    }

    /// What the preload is made for: `FontSystem.make` with any other configuration makes its own.
    static let configuration = FontConfiguration()

    private let pending = Mutex<(group: DispatchGroup, slot: Slot)?>(nil)

    /// Starts making the system, unless one is already pending; `first` runs on the same
    /// thread before it (one preloading thread beside the parser keeps both cores' work);
    /// `text` is shaped in every weight after the hand-over (`FontSystem.warmUp`).
    func start(first: @escaping @Sendable () -> Void = {}, text: String = "") {
        pending.withLock { pending in
            guard pending == nil else { return }
            let group = DispatchGroup()
            let slot = Slot()
            group.enter()
            BackgroundThread.start {
                first()
                let system = try? FontSystem(configuration: Self.configuration)
                slot.system = system
                group.leave()
                // Handed over with its regular face; the other weights load here meanwhile,
                // each in its turn with the caller's drawing (the system is locked).
                system?.warmUp(text)
            }
            pending = (group, slot)
        }
    }

    /// The system made ahead, once it is ready, when it was made for `configuration`; nil
    /// when none was started, it was taken, or it is for another configuration.
    func take(for configuration: FontConfiguration) -> FontSystem? {
        guard configuration == Self.configuration,
            let (group, slot) = pending.withLock({ pending in
                defer { pending = nil }
                return pending
            })
        else { return nil }
        group.wait()
        return slot.system
    }
}
