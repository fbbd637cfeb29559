/// The `Content-Type` of each kind of file netsnap writes, chosen by name.
enum MediaTypes {
    /// The type for a file named `name` (the last path segment).
    static func forFile(named name: Substring) -> String {
        // The feeds have registered types of their own that readers rely on.
        if name == "feed.json" { return "application/feed+json" }
        if name == "feed.xml" { return "application/atom+xml" }
        guard let dot = name.lastIndex(of: ".") else { return fallback }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? fallback
    }

    static let fallback = "application/octet-stream"

    private static let byExtension: [String: String] = [
        "json": "application/json",
        "xml": "application/xml",
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css",
        "js": "text/javascript",
        "mjs": "text/javascript",
        "png": "image/png",
        "svg": "image/svg+xml",
        "txt": "text/plain; charset=utf-8",
        "webmanifest": "application/manifest+json",
        "ico": "image/vnd.microsoft.icon",
    ]
}
