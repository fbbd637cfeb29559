import Foundation
import NetsnapTestSupport
import Testing

@testable import NetsnapPages

/// Loading the templates: the bundled set, the user's replacements, and the errors.
@Suite struct PageTemplatesTests {
    @Test func bundledTemplatesLoadWithEveryPageAndAsset() throws {
        let templates = try PageTemplates()
        for name in PageTemplates.pageNames + PageTemplates.assetNames + ["status", "widget-small", "target-row"] {
            #expect(templates.sources[name] != nil, "\(name)")
        }
        #expect(templates.assets.map(\.path) == ["netsnap.css", "live.js", "netsnap.js", "map.js"])
        #expect(templates.wallScripts.map(\.path) == ["live.js", "sites.js"], "the wall gets the shared script too")
    }

    @Test func userTemplateReplacesTheBundledOne() throws {
        let folder = try TemporaryFolder.make("pages")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try PageFixtures.write(
            "<!-- mine -->{{>document-start}}<body><p>{{networkName}} is {{status.word}}</p></body></html>", to: "\(folder)/index.html")
        try PageFixtures.write("<span class=\"mine\">{{word}}</span>", to: "\(folder)/partials/status.html")
        try PageFixtures.write("/* my style */", to: "\(folder)/netsnap.css")
        let templates = try PageTemplates(overrides: folder)
        #expect(templates.sources["index"] == "\(folder)/index.html")
        #expect(templates.sources["status"] == "\(folder)/partials/status.html")
        #expect(templates.sources["small"] != "\(folder)/small.html")
        let pages = PageRenderer(templates: templates, settings: PageSettings()).render(PageFixtures.widgets(), now: PageFixtures.now)
        let text = Dictionary(uniqueKeysWithValues: pages.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) })
        #expect(text["index.html"]?.hasPrefix("<!-- mine --><!DOCTYPE html>") == true)
        #expect(text["index.html"]?.contains("<p>Home Wi-Fi is Degraded</p>") == true)
        #expect(text["small.html"]?.contains(#"<span class="mine">Degraded</span>"#) == true, "partials are replaced everywhere")
        #expect(text["netsnap.css"] == "/* my style */")
    }

    @Test func brokenTemplateNamesFileLineAndColumn() throws {
        let folder = try TemporaryFolder.make("pages")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try PageFixtures.write("<p>one</p>\n<p>two</p>\n{{#items}}\n<p>{{name}</p>\n{{/items}}\n", to: "\(folder)/medium.html")
        #expect {
            try PageTemplates(overrides: folder)
        } throws: { error in
            guard let error = error as? PageTemplateError else { return false }
            return error.file == "\(folder)/medium.html" && error.line == 4
                && error.description.hasPrefix("\(folder)/medium.html: line 4, column")
        }
    }

    @Test func unclosedSectionIsReported() throws {
        let folder = try TemporaryFolder.make("pages")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try PageFixtures.write("<p>\n{{#items}}\n<p>{{name}}</p>\n", to: "\(folder)/small.html")
        do {
            _ = try PageTemplates(overrides: folder)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "\(folder)/small.html: line 2: section \"items\" is never closed")
        }
    }

    @Test func missingPartialNamesTheFileAndLineThatUsesIt() throws {
        let folder = try TemporaryFolder.make("pages")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try PageFixtures.write("{{>document-start}}\n<body>\n{{> no-such-part }}\n</body>\n", to: "\(folder)/large.html")
        do {
            _ = try PageTemplates(overrides: folder)
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description == "\(folder)/large.html: line 3: partial \"no-such-part\" not found (no template file no-such-part.html)"
            )
        }
    }

    @Test func missingTemplatesAndFoldersAreErrors() throws {
        let bundled = try TemporaryFolder.make("pages")
        defer { try? FileManager.default.removeItem(atPath: bundled) }
        for name in PageTemplates.pageNames where name != "embed" { try PageFixtures.write("x", to: "\(bundled)/\(name).html") }
        do {
            _ = try PageTemplates(bundled: bundled, overrides: nil)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "\(bundled)/embed.html: template is missing")
        }
        do {
            _ = try PageTemplates(overrides: "/nonexistent/templates")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "/nonexistent/templates: templates folder does not exist")
        }
    }

    @Test func twoTemplatesOfOneNameAreRefused() throws {
        let folder = try TemporaryFolder.make("pages")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try PageFixtures.write("a", to: "\(folder)/partials/status.html")
        try PageFixtures.write("b", to: "\(folder)/more/status.html")
        #expect(throws: PageTemplateError.self) { try PageTemplates(overrides: folder) }
    }

    @Test func tagsAreFoundWithTheirLines() {
        let text = "a\n{{> head}}\n{{#x}}\n{{>row}}{{/x}}\n{{! comment }}{{<parent}}{{/parent}}{{value}}"
        #expect(
            TemplateTag.partials(in: text) == [
                TemplateTag(sigil: ">", name: "head", line: 2), TemplateTag(sigil: ">", name: "row", line: 4),
                TemplateTag(sigil: "<", name: "parent", line: 5),
            ])
        #expect(TemplateTag.all(in: text).last == TemplateTag(sigil: nil, name: "value", line: 5))
        #expect(TemplateTag.unclosedSection(in: text) == nil)
        #expect(TemplateTag.unclosedSection(in: "{{#a}}\n{{^b}}{{/b}}\n{{#c}}\n{{/a}}") == TemplateTag(sigil: "#", name: "c", line: 3))
    }
}
