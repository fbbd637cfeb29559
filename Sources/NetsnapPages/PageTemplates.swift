import Foundation
import Mustache
import NetsnapModel
import NetsnapResources

/// The templates and assets the pages are made from: the bundled `Templates/` folder, with
/// any file of the same name in the user's folder taking its place. Every template is
/// parsed and every partial it names is checked here, once, so that a missing or broken
/// template is an error naming its file and line before anything is rendered.
///
/// A template is named by its file name without `.html`, wherever it sits in the folder:
/// the five pages by their page name, partials (kept in `partials/`) by theirs.
public struct PageTemplates: Sendable {
    /// The page templates, each rendered to `<name>.html`.
    public static let pageNames = ["index", "small", "medium", "large", "embed"]
    /// Files copied next to the pages as they are: the stylesheet, the script the pages share
    /// with the wall, the pages' own script and the network map's.
    public static let assetNames = ["netsnap.css", sharedScriptName, "netsnap.js", "map.js"]
    /// What the pages' script and the wall's share: ages, text cleaning, the refresh loop.
    public static let sharedScriptName = "live.js"
    /// The wall's script (`sites.html` of `watch --sites`), written beside it with the shared one.
    public static let wallScriptName = "sites.js"

    let library: MustacheLibrary
    /// The assets' bytes, in `assetNames` order.
    let assets: [RenderedPage]
    /// The wall's scripts: the shared one, then its own.
    let wallScripts: [RenderedPage]
    /// The file each template (by name) and asset (by file name) was read from.
    public let sources: [String: String]

    /// Reads the bundled templates and the user's replacements from `overrides`.
    public init(overrides: String? = nil) throws(PageTemplateError) {
        try self.init(bundled: Self.bundledDirectory, overrides: overrides)
    }

    /// Reads the templates in `bundled`, replaced file by file by those in `overrides`.
    public init(bundled: String, overrides: String?) throws(PageTemplateError) {
        if let overrides {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: overrides, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw PageTemplateError(file: overrides, message: "templates folder does not exist")
            }
        }
        var sources = try Self.files(in: bundled)
        if let overrides { sources.merge(try Self.files(in: overrides)) { _, user in user } }
        for name in Self.pageNames + Self.assetNames + [Self.wallScriptName] where sources[name] == nil {
            let file = name.contains(".") ? name : "\(name).html"
            throw PageTemplateError(file: "\(bundled)/\(file)", message: "template is missing")
        }
        var templates: [String: MustacheTemplate] = [:]
        var texts: [String: String] = [:]
        for (name, path) in sources where !Self.assetNames.contains(name) && name != Self.wallScriptName {
            let text = try Self.read(path)
            texts[name] = text
            templates[name] = try Self.parse(text, file: path)
        }
        for (name, text) in texts {
            if let reference = TemplateTag.partials(in: text).first(where: { templates[$0.name] == nil }) {
                throw PageTemplateError(
                    file: sources[name] ?? name, line: reference.line,
                    message: "partial \"\(reference.name)\" not found (no template file \(reference.name).html)")
            }
        }
        var assets: [RenderedPage] = []
        for asset in Self.assetNames {
            assets.append(RenderedPage(path: asset, bytes: Array(try Self.read(sources[asset] ?? asset).utf8)))
        }
        library = MustacheLibrary(templates: templates)
        self.assets = assets
        let script = Self.wallScriptName
        wallScripts =
            assets.filter { $0.path == Self.sharedScriptName }
            + [RenderedPage(path: script, bytes: Array(try Self.read(sources[script] ?? script).utf8))]
        self.sources = sources
    }

    /// Renders the template `name` with `context`. Control characters that reached the page
    /// (a NUL in a device name: Mustache escapes markup, not those) become U+FFFD, once, over
    /// the whole page, so no value and no template can bring one in.
    func render(_ name: String, _ context: Any) -> String {
        // Every page template was checked to exist in init, so this only fails on a programming error.
        guard let text = library.render(context, withTemplate: name) else { preconditionFailure("no template \(name)") }
        return TextHygiene.replacingControls(text)
    }

    /// The templates shipped with netsnap (see `ResourceLocation` for where they are found).
    static var bundledDirectory: String {
        ResourceLocation.shipped.templatesDirectory
    }

    /// Template names (file name without `.html`) and asset names mapped to their paths,
    /// found anywhere under `folder`; two templates of one name are an error.
    private static func files(in folder: String) throws(PageTemplateError) -> [String: String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [:] }
        var result: [String: String] = [:]
        while let relative = enumerator.nextObject() as? String {
            let fileName = (relative as NSString).lastPathComponent
            let name: String
            if fileName.hasSuffix(".html") {
                name = String(fileName.dropLast(".html".count))
            } else if assetNames.contains(fileName) || fileName == wallScriptName {
                name = fileName
            } else {
                continue
            }
            let path = "\(folder)/\(relative)"
            if let other = result[name] {
                throw PageTemplateError(file: path, message: "has the same name as \(other); template names must be unique")
            }
            result[name] = path
        }
        return result
    }

    private static func read(_ path: String) throws(PageTemplateError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PageTemplateError(file: path, message: "cannot be read")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw PageTemplateError(file: path, message: "is not UTF-8 text")
        }
        return text
    }

    private static func parse(_ text: String, file: String) throws(PageTemplateError) -> MustacheTemplate {
        do {
            return try MustacheTemplate(string: text)
        } catch let error as MustacheTemplate.ParserError {
            // The parser notices an unclosed section only at the end of the file; name the opener.
            if case .expectedSectionEnd? = error.error as? MustacheTemplate.Error, let section = TemplateTag.unclosedSection(in: text) {
                throw PageTemplateError(file: file, line: section.line, message: "section \"\(section.name)\" is never closed")
            }
            throw PageTemplateError(
                file: file, line: error.context.lineNumber, column: error.context.columnNumber, message: explain(error.error))
        } catch {
            throw PageTemplateError(file: file, message: "cannot be parsed: \(error)")
        }
    }

    private static func explain(_ error: Error) -> String {
        switch error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect?: return "section closed with a different name than it was opened with"
        case .unfinishedName?: return "tag is not closed, or its name is malformed"
        case .expectedSectionEnd?: return "a section opened in this file is never closed"
        case .invalidSetDelimiter?: return "malformed set-delimiter tag"
        case .transformAppliedToInheritanceSection?: return "a transform cannot be applied to an inheritance section"
        case .illegalTokenInsideInheritSection?, .textInsideInheritSection?: return "only blocks may stand inside an inheriting partial"
        case .invalidConfigVariableSyntax?, .unrecognisedConfigVariable?: return "unknown or malformed pragma"
        case nil: return "\(error)"
        }
    }
}
