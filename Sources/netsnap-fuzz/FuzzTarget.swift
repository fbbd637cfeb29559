import Foundation
import NetsnapJSON
import NetsnapModel
import NetsnapPages
import NetsnapWidgets

/// What a fuzz input is fed to. Each target checks, besides not crashing, an invariant the
/// code promises: what netsnap writes it reads back to the same bytes, the decoder's quick
/// device path reads what its general path reads, and no control character reaches a page.
enum FuzzTarget: String, CaseIterable {
    /// The input is a snapshot document.
    case decoder
    /// The input is a JSON Lines message stream.
    case stream
    /// The first byte picks: below 0x80 the rest is a snapshot rendered into every page;
    /// from 0x80 it is a user's `index.html` template, loaded and rendered with a small network.
    case template

    func run(_ bytes: [UInt8]) {
        switch self {
        case .decoder:
            let snapshot = try? SnapshotDecoder.decode(bytes)
            precondition(snapshot == (try? SnapshotDecoder.decodeGenerally(bytes)), "the quick device path read another snapshot")
            if let snapshot { Self.checkRoundTrip(snapshot) }
        case .stream:
            if let snapshot = try? MessageStreamFolder.fold(bytes) { Self.checkRoundTrip(snapshot) }
        case .template:
            guard let mode = bytes.first else { return }
            if mode < 0x80 {
                Self.renderPages(bytes.dropFirst())
            } else {
                Self.renderTemplate(bytes.dropFirst())
            }
        }
    }

    /// Writing a decoded snapshot and reading it back changes nothing (after the first
    /// write, which normalises spellings of addresses, dates and numbers).
    private static func checkRoundTrip(_ snapshot: Snapshot) {
        let written = JSONWriter.bytes(snapshot.jsonValue)
        guard let again = try? SnapshotDecoder.decode(written) else {
            fatalError("netsnap cannot read what it wrote: \(String(decoding: written, as: UTF8.self))")
        }
        precondition(JSONWriter.bytes(again.jsonValue) == written, "a round trip changed the snapshot")
    }

    private static let renderer: PageRenderer = {
        do {
            return PageRenderer(templates: try PageTemplates(), settings: PageSettings())
        } catch {
            fatalError("the bundled templates do not load: \(error)")
        }
    }()

    private static func renderPages(_ bytes: ArraySlice<UInt8>) {
        guard let snapshot = try? SnapshotDecoder.decode(Array(bytes)) else { return }
        for page in renderer.render(WidgetSet(snapshot), now: snapshot.generatedAt.addingTimeInterval(60))
        where page.path.hasSuffix(".html") {
            let text = String(decoding: page.bytes, as: UTF8.self)
            precondition(TextHygiene.replacingControls(text) == text, "a control character reached \(page.path)")
        }
    }

    /// A scratch folder of this process for template overrides.
    private static let scratch: String = {
        let path = NSTemporaryDirectory() + "netsnap-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    private static let network = WidgetSet(
        Snapshot(
            generatedAt: Date(timeIntervalSince1970: 1_795_257_727),
            status: NetworkStatus(
                connectionType: .wifi, ssid: "Home \u{202E}Wi-Fi", gatewayIP: IPAddress("192.168.1.1"), gatewayLatency: 4.2,
                updatedAt: Date(timeIntervalSince1970: 1_795_257_725))))

    private static func renderTemplate(_ bytes: ArraySlice<UInt8>) {
        let file = scratch + "/index.html"
        guard FileManager.default.createFile(atPath: file, contents: Data(bytes)) else { fatalError("cannot write \(file)") }
        // A broken template is refused with its line; one that loads must render.
        guard let templates = try? PageTemplates(overrides: scratch) else { return }
        _ = PageRenderer(templates: templates, settings: PageSettings()).render(network, now: Date(timeIntervalSince1970: 1_795_257_787))
    }
}
