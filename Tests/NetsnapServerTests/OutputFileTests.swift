import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import NetsnapServer

@Suite struct OutputFileTests {
    /// Files are served without the router unless a route may claim the path; routes win
    /// where both could answer.
    @Test func onlyPathsARouteMayClaimGoThroughTheRouter() {
        let routes: [(String, RequestHandler)] = [
            ("/healthz", .health), ("/metrics", .metrics), ("/api/display", .display), ("/api/setup", .display),
            ("/display/abc.png", .display), ("/tiles/medium.png", .tiles), ("/tiles/trmnl-gray.png", .tiles),
            ("/tiles/1024x600.png", .tiles), ("/tiles/16x99999.png", .tiles),
        ]
        for (path, handler) in routes {
            #expect(RequestHandler(path: path) == handler, "\(path)")
        }
        for path in [
            "/", "/index.html", "/widgets.json", "/tiles/medium@2x-dark.png", "/tiles/trmnl-light.png",
            "/tiles/medium.gif", "/healthz.json", "/metricsx", "/tiles/1024x600-gray4-light.png", "/tiles/.png",
            "/tiles/x.png", "/tiles/1024x.png", "/tiles/x600.png", "/tiles/01024x600.png", "/tiles/1024x600x2.png",
            "/tiles/123456x600.png", "/tiles/1024X600.png", "/tiles/１０x10.png", "/tiles.png",
        ] {
            #expect(RequestHandler(path: path) == .files, "\(path)")
        }
    }

    @Test(arguments: [
        ("/widgets.json", "application/json"),
        ("/badge.json", "application/json"),
        ("/summary.json", "application/json"),
        ("/feed.json", "application/feed+json"),
        ("/feed.xml", "application/atom+xml"),
        ("/index.html", "text/html; charset=utf-8"),
        ("/pages/large.html", "text/html; charset=utf-8"),
        ("/dashboard.css", "text/css"),
        ("/dashboard.js", "text/javascript"),
        ("/tiles/medium@2x-dark.png", "image/png"),
    ])
    func servesEachFileWithItsType(path: String, type: String) async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == type)
            #expect(response.headers[.cacheControl] == "max-age=30")
            #expect(response.headers[.eTag]?.hasPrefix("\"") == true)
            let expected = try Data(contentsOf: URL(fileURLWithPath: fixture.folder.directory + path))
            #expect(Array(response.body.readableBytesView) == Array(expected))
        }
    }

    @Test func rootIsTheIndexPage() async throws {
        try await ServerFixture().withRouter { client async throws in
            let response = try await client.execute(uri: "/", method: .get)
            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == OutputFolderFixture.files["index.html"])
        }
    }

    @Test func rootWithoutIndexIsNotFound() async throws {
        try await ServerFixture(folder: OutputFolderFixture(withIndex: false)).withRouter { client async throws in
            #expect(try await client.execute(uri: "/", method: .get).status == .notFound)
        }
    }

    @Test(arguments: ["/pages", "/pages/", "/tiles", "/missing.json", "/index.html/", "/pages/missing.html"])
    func foldersAndMissingFilesAreNotFound(path: String) async throws {
        try await ServerFixture().withRouter { client async throws in
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.status == .notFound)
            #expect(!String(buffer: response.body).contains("large.html"))
        }
    }

    @Test func filesCarryLastModifiedAndAnswerIfModifiedSince() async throws {
        let fixture = try ServerFixture()
        let modified = try #require(
            try FileManager.default.attributesOfItem(atPath: fixture.folder.directory + "/widgets.json")[.modificationDate] as? Date)
        try await fixture.withRouter { client async throws in
            let first = try await client.execute(uri: "/widgets.json", method: .get)
            let header = try #require(first.headers[.lastModified])
            #expect(header == HTTPDate.format(modified))
            let since = try await client.execute(uri: "/widgets.json", method: .get, headers: [.ifModifiedSince: header])
            #expect(since.status == .notModified)
            #expect(since.body.readableBytes == 0)
            let earlier = HTTPDate.format(modified.addingTimeInterval(-60))
            #expect(try await client.execute(uri: "/widgets.json", method: .get, headers: [.ifModifiedSince: earlier]).status == .ok)
            #expect(try await client.execute(uri: "/widgets.json", method: .get, headers: [.ifModifiedSince: "yesterday"]).status == .ok)
        }
        #expect(HTTPDate.parse(HTTPDate.format(Date(timeIntervalSince1970: 784_111_777))) == Date(timeIntervalSince1970: 784_111_777))
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 784_111_777)) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }

    @Test func matchingEntityTagGivesNotModifiedWithoutBody() async throws {
        try await ServerFixture().withRouter { client async throws in
            let first = try await client.execute(uri: "/widgets.json", method: .get)
            let tag = try #require(first.headers[.eTag])
            for header in [tag, "W/\(tag)", "\"other\", \(tag)", "*"] {
                let again = try await client.execute(uri: "/widgets.json", method: .get, headers: [.ifNoneMatch: header])
                #expect(again.status == .notModified, "If-None-Match: \(header)")
                #expect(again.body.readableBytes == 0)
                #expect(again.headers[.eTag] == tag)
                #expect(again.headers[.cacheControl] == "max-age=30")
            }
            let other = try await client.execute(uri: "/widgets.json", method: .get, headers: [.ifNoneMatch: "\"stale\""])
            #expect(other.status == .ok)
        }
    }

    @Test func rewrittenFileGetsANewEntityTagAndNewBytes() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            let first = try await client.execute(uri: "/widgets.json", method: .get)
            try fixture.folder.rewrite("widgets.json", #"{"schemaVersion":1,"new":true}"#)
            let second = try await client.execute(uri: "/widgets.json", method: .get, headers: [.ifNoneMatch: first.headers[.eTag]!])
            #expect(second.status == .ok)
            #expect(String(buffer: second.body) == #"{"schemaVersion":1,"new":true}"#)
            #expect(second.headers[.eTag] != first.headers[.eTag])
        }
    }

    @Test func sameBytesKeepTheSameEntityTagAcrossRewrites() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            let first = try await client.execute(uri: "/summary.json", method: .get)
            try fixture.folder.rewrite("summary.json", OutputFolderFixture.files["summary.json"]!)
            let second = try await client.execute(uri: "/summary.json", method: .get)
            #expect(second.headers[.eTag] == first.headers[.eTag])
        }
    }

    @Test func headHasTheHeadersOfGetAndNoBody() async throws {
        try await ServerFixture().withRouter { client async throws in
            let get = try await client.execute(uri: "/tiles/medium@2x-dark.png", method: .get)
            let head = try await client.execute(uri: "/tiles/medium@2x-dark.png", method: .head)
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            #expect(head.headers[.contentLength] == String(OutputFolderFixture.tileBytes.count))
            #expect(head.headers[.eTag] == get.headers[.eTag])
            #expect(head.headers[.contentType] == "image/png")
        }
    }

    @Test(arguments: [HTTPRequest.Method.post, .put, .delete, .patch, .options, HTTPRequest.Method("PROPFIND")!])
    func everyOtherMethodIsRefusedWithAllow(method: HTTPRequest.Method) async throws {
        try await ServerFixture().withRouter { client async throws in
            for path in ["/widgets.json", "/missing", "/healthz", "/api/display"] {
                let response = try await client.execute(uri: path, method: method, body: ByteBuffer(string: "x"))
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "GET, HEAD")
            }
        }
    }

    @Test func symlinkInsideTheFolderIsServed() async throws {
        try await ServerFixture().withRouter { client async throws in
            let response = try await client.execute(uri: "/alias.json", method: .get)
            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == OutputFolderFixture.files["widgets.json"])
        }
    }

    @Test func retargetedSymlinkIsFollowedAfresh() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client async throws in
            #expect(
                String(buffer: try await client.execute(uri: "/alias.json", method: .get).body) == OutputFolderFixture.files["widgets.json"]
            )
            let alias = fixture.folder.directory + "/alias.json"
            try FileManager.default.removeItem(atPath: alias)
            try FileManager.default.createSymbolicLink(atPath: alias, withDestinationPath: "summary.json")
            #expect(
                String(buffer: try await client.execute(uri: "/alias.json", method: .get).body) == OutputFolderFixture.files["summary.json"]
            )
        }
    }

    /// Spellings of one file share its cache entry, so a client inventing spellings cannot
    /// fill the cache with copies and push the popular files out.
    @Test func spellingsOfAFileShareOneCacheEntry() throws {
        let fixture = try OutputFolderFixture()
        let files = OutputFileResponder(folder: try #require(OutputFolder(path: fixture.directory)), maxAgeSeconds: 30)
        let plain = try #require(files.representation(ofRawPath: "/widgets.json"))
        for spelling in ["/%77idgets.json", "/w%69dgets.json", "/widgets%2Ejson", "/%77%69%64%67%65%74%73%2e%6a%73%6f%6e"] {
            #expect(files.representation(ofRawPath: spelling)?.entityTag == plain.entityTag, "\(spelling)")
        }
        #expect(files.cache.count == 1)
        _ = files.representation(ofRawPath: "/")
        _ = files.representation(ofRawPath: "/%69ndex.html")
        #expect(files.cache.count == 3)
    }

    /// Even so the number of entries is bounded, whatever fills it.
    @Test func theCacheStartsOverAtItsEntryLimit() {
        let cache = OutputFileCache(maximumEntries: 2)
        func entry() -> OutputFileCache.Entry {
            OutputFileCache.Entry(
                requestedPath: "/out/empty", requestStamp: FileStamp(stat()), resolvedPath: "/out/empty", fileStamp: FileStamp(stat()),
                representation: Representation(bytes: [], contentType: "text/plain", cacheControl: "max-age=1"))
        }
        cache.store(entry(), for: "/a")
        cache.store(entry(), for: "/b")
        cache.store(entry(), for: "/b")
        #expect(cache.entry(for: "/a") != nil && cache.entry(for: "/b") != nil)
        cache.store(entry(), for: "/c")
        #expect(cache.entry(for: "/a") == nil && cache.entry(for: "/b") == nil && cache.entry(for: "/c") != nil)
        #expect(cache.count == 1)
    }

    @Test func missingOutputFolderIsAnErrorAtStart() throws {
        let arguments = TestArguments(outputDirectory: "/nonexistent/netsnap")
        #expect(throws: ServerError.self) {
            _ = try buildResponder(arguments, dependencies: ServerDependencies(watchStatus: FixedStatus(), metrics: ServerMetrics()))
        }
    }
}

/// Health that never changes, for tests that do not look at it.
struct FixedStatus: WatchStatus {
    func health() -> WatchHealth { WatchHealth(intervalSeconds: 30) }
}
