import CFontconfig
import Dispatch
import Synchronization

/// fontconfig's configuration, loaded ahead on another thread. Reading /etc/fonts (dozens of
/// XML files) and the font caches takes about 3 ms, which a command that will draw text can
/// spend while its arguments are still being parsed. The first `FontLocator` takes it; any
/// later one loads its own, as before.
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
                if (try? TextLibraries.open()) != nil { slot.config = fc.FcInitLoadConfigAndFonts() }
                group.leave()
            }
            pending = (group, slot)
        }
    }

    /// The configuration loaded ahead, once it is ready; nil when none was started or it was
    /// taken. The caller owns it.
    func take() -> OpaquePointer? {
        guard let (group, slot) = pending.withLock({ pending in defer { pending = nil }; return pending }) else { return nil }
        group.wait()
        return slot.config
    }
}
