import Foundation
import NetsnapTestSupport

/// A temporary output folder holding one file of every kind netsnap writes, plus the traps a
/// server must not fall into: symlinks pointing out, a hidden temporary file, a folder.
final class OutputFolderFixture: Sendable {
    let directory: String

    static let files: [String: String] = [
        "widgets.json": #"{"schemaVersion":1}"#,
        "badge.json": #"{"schemaVersion":1,"label":"network"}"#,
        "summary.json": #"{"state":"online"}"#,
        "feed.json": #"{"version":"https://jsonfeed.org/version/1.1","items":[]}"#,
        "feed.xml": #"<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"/>"#,
        "index.html": "<!doctype html><title>netsnap</title>",
        "dashboard.css": "body { color: white }",
        "dashboard.js": "console.log('netsnap')",
        "pages/large.html": "<!doctype html><title>large</title>",
        // The atomic writer's temporary name: never to be served, even half-written.
        ".widgets.json.4242.tmp": #"{"half":"#,
    ]
    static let tileBytes = TinyPNG.make(text: "medium@2x-dark from render")
    static let displayBytes = TinyPNG.make(text: "trmnl-light from render")

    init(withIndex: Bool = true, withDisplayTile: Bool = false) throws {
        directory = try TemporaryFolder.make("serve", subfolders: ["pages", "tiles"])
        let manager = FileManager.default
        for (name, text) in Self.files where withIndex || name != "index.html" {
            try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
        }
        try Data(Self.tileBytes).write(to: URL(fileURLWithPath: directory + "/tiles/medium@2x-dark.png"))
        if withDisplayTile {
            try Data(Self.displayBytes).write(to: URL(fileURLWithPath: directory + "/tiles/trmnl-light.png"))
        }
        try manager.createSymbolicLink(atPath: directory + "/evil.json", withDestinationPath: "/etc/passwd")
        try manager.createSymbolicLink(atPath: directory + "/outside", withDestinationPath: "/etc")
        try manager.createSymbolicLink(atPath: directory + "/alias.json", withDestinationPath: "widgets.json")
    }

    /// Replaces `name` the way the atomic writer does: a new file renamed into place.
    func rewrite(_ name: String, _ text: String) throws {
        let temporary = directory + "/.\(name).tmp"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, directory + "/" + name) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }
}
