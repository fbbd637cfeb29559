import Synchronization

/// The outputs a renderer made last time, each group with the inputs it was made from, so a
/// watch loop draws a tile or page again only when what it shows changed. Kept by one loop
/// over one renderer; safe to share across tasks.
public final class RenderReuse: Sendable {
    private struct Entry: Sendable {
        let inputs: any Equatable & Sendable
        let files: [OutputFile]
    }

    /// Which groups the last render drew and which it reused, in render order.
    public struct Report: Sendable, Equatable {
        public var rendered: [String] = []
        public var reused: [String] = []
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let report = Mutex(Report())

    public init() {}

    /// What the last render drew and reused.
    public var lastReport: Report { report.withLock { $0 } }

    /// Starts a new render's report.
    func beginRender() { report.withLock { $0 = Report() } }

    /// The files of group `name`: the kept ones when `inputs` equal the last ones, else
    /// `render()`'s, which are kept for next time.
    func files<Inputs: Equatable & Sendable>(
        _ name: String, inputs: Inputs, render: () throws -> [OutputFile]
    ) rethrows -> [OutputFile] {
        let kept = entries.withLock { $0[name] }
        if let kept, let keptInputs = kept.inputs as? Inputs, keptInputs == inputs {
            report.withLock { $0.reused.append(name) }
            return kept.files
        }
        let files = try render()
        entries.withLock { $0[name] = Entry(inputs: inputs, files: files) }
        report.withLock { $0.rendered.append(name) }
        return files
    }
}
