// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "netsnap",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "netsnap", targets: ["netsnap"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.20.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.20.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.27.0"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.0.0"),
    ],
    targets: [
        // C libraries from Debian (libpng-dev, libdeflate-dev, libfreetype-dev, libfontconfig-dev, libharfbuzz-dev,
        // libfribidi-dev), opened on first use (LazyLibrary), not linked: only commands that draw
        // need them. No pkgConfig, which would link them; the headers' folders are below.
        .systemLibrary(name: "CLibPNG", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CLibDeflate", providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CFreeType", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CHarfBuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBidi", providers: [.apt(["libfribidi-dev"])]),
        // ICU's line break iterator from the ICU Foundation already links (lib_FoundationICU): no ICU of our own.
        .systemLibrary(name: "CBreakIterator"),

        // netsnap's JSON reader and writer and RFC 3339 dates (Foundation only); the snapshot
        // contract built on them is NetsnapModel.
        .target(name: "NetsnapJSON"),
        .target(name: "NetsnapModel", dependencies: ["NetsnapJSON"]),
        // The household's language: the catalogues in po/ (compiled in), plural rules, and
        // numbers, dates and clock times in the locale's patterns (Foundation only).
        .target(name: "NetsnapLanguage", resources: [.embedInCode("Catalogues")]),
        .target(name: "NetsnapWidgets", dependencies: ["NetsnapModel", "NetsnapLanguage"]),
        .target(name: "NetsnapFeeds", dependencies: ["NetsnapWidgets", "NetsnapJSON", "NetsnapLanguage"]),
        // zlib-format compression through libdeflate (opened on first use): the snapshot archive.
        .target(name: "NetsnapCompression", dependencies: ["CLibDeflate", "CLazyLibrary", "LazyLibrary"]),
        .target(
            name: "NetsnapHistory",
            dependencies: [
                "NetsnapModel", "NetsnapJSON", "NetsnapCompression", "NetsnapLanguage", .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        // The files shipped beside the code and where they are found at run time. The page
        // templates live in the top-level Templates/ folder, where users look for them;
        // Sources/NetsnapResources/Templates links there so they become the module's resources
        // (`.process` follows the link and copies the files; `.copy` would copy the link).
        .target(
            name: "NetsnapResources",
            resources: [.process("Templates"), .copy("sample-snapshot.json")]
        ),
        .target(
            name: "NetsnapPages",
            dependencies: [
                "NetsnapWidgets", "NetsnapJSON", "NetsnapResources", "NetsnapQR", "NetsnapSettings", "NetsnapLanguage",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .target(name: "NetsnapRaster"),
        // libqrencode from Debian (libqrencode-dev): the QR code of `publicURL` on the dashboard and display tiles.
        .systemLibrary(name: "CQRencode", providers: [.apt(["libqrencode-dev"])]),
        .target(name: "NetsnapQR", dependencies: ["CQRencode", "CLazyLibrary", "LazyLibrary"]),
        // libmosquitto from Debian (libmosquitto-dev), the MQTT client behind push.
        // Opened on first use (LazyLibrary), not linked; the headers give the functions' types.
        .systemLibrary(name: "CLazyLibrary"),
        .target(name: "LazyLibrary"),
        .systemLibrary(name: "CMosquitto", providers: [.apt(["libmosquitto-dev"])]),
        .target(
            name: "NetsnapPush",
            dependencies: [
                "NetsnapModel", "NetsnapJSON", "NetsnapWidgets", "NetsnapHistory", "CMosquitto", "CLazyLibrary", "LazyLibrary",
                "NetsnapSettings",
                "NetsnapLanguage",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // libavahi-client from Debian (libavahi-client-dev): finding a NetMonitor on the LAN and
        // advertising the dashboard, through the system's avahi-daemon. No pkgConfig: its only
        // flag is -D_REENTRANT, which SwiftPM refuses with a warning; the module map links.
        .systemLibrary(name: "CAvahi", providers: [.apt(["libavahi-client-dev"])]),
        .target(
            name: "NetsnapAvahi", dependencies: ["CAvahi", "CLazyLibrary", "LazyLibrary", .product(name: "Logging", package: "swift-log")]),
        // The NetMonitor live link: a TCP client speaking the message stream, reconnecting.
        .target(
            name: "NetsnapLink",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOExtras", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(name: "NetsnapPNG", dependencies: ["NetsnapRaster", "CLibPNG", "CLibDeflate", "CLazyLibrary", "LazyLibrary"]),
        .target(
            name: "NetsnapText",
            dependencies: [
                "NetsnapRaster", "CFreeType", "CFontconfig", "CHarfBuzz", "CFriBidi", "CLazyLibrary", "LazyLibrary", "CThreadPlacement",
                "CBreakIterator", .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            exclude: ["Fonts/LICENSE.txt"],
            // Japanese messages' font, 0.4 MB for both weights (scripts/subset-cjk-font.py).
            resources: [.embedInCode("Fonts/NotoSansCJKjp-Regular-netsnap.otf"), .embedInCode("Fonts/NotoSansCJKjp-Bold-netsnap.otf")]),
        // libwebp from Debian (libwebp-dev): lossless WebP for Tronbyt/Tidbyt LED matrices, opened on first use.
        .systemLibrary(name: "CWebP", providers: [.apt(["libwebp-dev"])]),
        .target(name: "NetsnapWebP", dependencies: ["CWebP", "CLazyLibrary", "LazyLibrary", "NetsnapRaster"]),
        .target(
            name: "NetsnapTiles",
            dependencies: ["NetsnapWidgets", "NetsnapLanguage", "NetsnapRaster", "NetsnapPNG", "NetsnapText", "NetsnapQR", "NetsnapWebP"]),
        // The render job: settings, renderers run over one snapshot, atomic output files.
        .target(
            name: "NetsnapRender",
            dependencies: [
                "NetsnapModel", "NetsnapJSON", "NetsnapWidgets", "NetsnapFeeds", "NetsnapTiles", "NetsnapRaster", "NetsnapText",
                "NetsnapPages",
                "NetsnapResources", "NetsnapSettings", "NetsnapQR", "NetsnapLanguage", "CFileSystemSync",
            ]
        ),
        // The watch loop: a cycle every interval, history, the state folder and its lock.
        .target(
            name: "NetsnapWatch",
            dependencies: [
                "NetsnapRender", "NetsnapModel", "NetsnapJSON", "NetsnapWidgets", "NetsnapFeeds", "NetsnapHistory", "NetsnapSettings",
                "NetsnapLanguage", .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The wall of sites: follows sites' snapshots on a broker, judges them, renders each and the wall.
        .target(
            name: "NetsnapSites",
            dependencies: [
                "NetsnapPush", "NetsnapRender", "NetsnapModel", "NetsnapJSON", "NetsnapWidgets", "NetsnapFeeds", "NetsnapPages",
                "NetsnapHistory", "NetsnapTiles", "NetsnapSettings", "NetsnapLanguage",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The settings core: a key's declaration, strict YAML reading, the layers defaults <
        // presets < file < NETSNAP_* < flags with provenance. It imports no feature.
        .target(name: "NetsnapSettings", dependencies: [.product(name: "Yams", package: "Yams")]),
        // One Configuration value, composed of the features' settings read from the layers; it
        // depends on the modules whose settings types it holds, and reads no YAML itself.
        .target(
            name: "NetsnapConfiguration",
            dependencies: [
                "NetsnapSettings", "NetsnapRender", "NetsnapWatch", "NetsnapServer", "NetsnapGather", "NetsnapPush", "NetsnapSites",
                "NetsnapPages",
            ]
        ),
        // What `netsnap bench` measures: decoding, widgets, JSON and pages at growing sizes.
        .target(
            name: "NetsnapBenchmarks",
            dependencies: ["NetsnapModel", "NetsnapJSON", "NetsnapRender", "NetsnapPages", "NetsnapWidgets"]
        ),
        // Running as a service: the journal-safe log handler, memory given back, the health probe.
        .target(
            name: "NetsnapOperations",
            dependencies: [
                "NetsnapModel", "CGlibcMalloc",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // The application: every command as a function of typed settings, exit codes in one place.
        .target(
            name: "NetsnapApp",
            dependencies: [
                "NetsnapConfiguration", "NetsnapSettings", "NetsnapRender", "NetsnapWatch", "NetsnapServer", "NetsnapGather", "NetsnapPush",
                "NetsnapSites", "NetsnapLink", "NetsnapOperations", "NetsnapBenchmarks",
                "NetsnapAvahi", "NetsnapHistory", "NetsnapModel", "NetsnapJSON", "NetsnapWidgets", "NetsnapPages", "NetsnapTiles",
                "NetsnapRaster", "NetsnapText", "NetsnapPNG", "NetsnapLanguage", "CProcessArguments",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOPosix", package: "swift-nio"),
                // The Supervisor's API, for the broker it offers the Home Assistant app.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // The display devices' side of serving: TRMNL setup, display and log, Tronbyt, the registry of
        // displays, panel choice, refresh, the image store, their events, feed, metrics and health.
        // No HTTP server: NetsnapServer's routes adapt requests to it.
        .target(
            name: "NetsnapDisplays",
            dependencies: [
                "NetsnapModel", "NetsnapJSON", "NetsnapWidgets", "NetsnapTiles", "NetsnapRaster", "NetsnapRender", "NetsnapSettings",
                "NetsnapLanguage",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "NetsnapServer",
            dependencies: [
                "NetsnapDisplays", "NetsnapRender", "NetsnapWatch", "NetsnapPush", "NetsnapModel", "NetsnapJSON", "NetsnapTiles",
                "NetsnapRaster", "NetsnapWidgets", "NetsnapSettings", "NetsnapLanguage",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // mallopt from glibc, for the long-running commands' memory settings.
        .systemLibrary(name: "CGlibcMalloc"),
        .systemLibrary(name: "CFileSystemSync"),
        // The argument vector as `main` got it, kept by a constructor (not /proc/self/cmdline).
        .target(name: "CProcessArguments"),
        .target(name: "CThreadPlacement"),
        // rtnetlink headers from linux-libc-dev, to read the neighbour table in-process.
        .systemLibrary(name: "CLinuxNetlink"),
        .target(
            name: "NetsnapGather",
            dependencies: [
                "NetsnapModel", "NetsnapJSON", "CLinuxNetlink", "NetsnapSettings",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // Reads a refused server certificate to say why it is not trusted (self-signed, expired…).
                .product(name: "X509", package: "swift-certificates"),
            ]
        ),
        .executableTarget(
            name: "netsnap",
            dependencies: [
                "NetsnapApp", "NetsnapConfiguration", "NetsnapSettings",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [
                // SwiftPM exports every symbol of an executable (54,000 here) for testable imports,
                // which no test of this one uses; the runtime's start-up dladdr scans them all, and
                // the exported table costs page faults. About 0.8 ms a start (docs/performance.md).
                .unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux], configuration: .release))
            ]
        ),

        // libFuzzer targets (scripts/fuzz.sh builds them with -sanitize=fuzzer); a plain build
        // replays files through them instead, for the corpus and regression tests.
        .target(name: "CFuzzDriver"),
        .executableTarget(
            name: "netsnap-fuzz", dependencies: ["NetsnapJSON", "NetsnapModel", "NetsnapWidgets", "NetsnapPages", "CFuzzDriver"]),

        .executableTarget(
            name: "netsnap-tile-bench",
            dependencies: ["NetsnapTiles", "NetsnapRender", "NetsnapPNG", "NetsnapRaster", "NetsnapText", "NetsnapLanguage"]),

        // Helpers more than one test target needs: temporary folders, pngcheck, pixmaps as text,
        // the snapshot fixtures several modules' tests build on.
        .target(
            name: "NetsnapTestSupport",
            dependencies: ["NetsnapModel", "NetsnapRaster", "NetsnapLanguage", .product(name: "NIOConcurrencyHelpers", package: "swift-nio")],
            path: "Tests/NetsnapTestSupport"),
        .testTarget(name: "NetsnapJSONTests", dependencies: ["NetsnapJSON"]),
        .testTarget(name: "NetsnapModelTests", dependencies: ["NetsnapModel", "NetsnapJSON"], resources: [.copy("Fixtures")]),
        .testTarget(name: "NetsnapLanguageTests", dependencies: ["NetsnapLanguage"]),
        .testTarget(name: "NetsnapWidgetsTests", dependencies: ["NetsnapWidgets", "NetsnapTestSupport"]),
        .testTarget(name: "NetsnapResourcesTests", dependencies: ["NetsnapResources"]),
        .testTarget(name: "NetsnapFeedsTests", dependencies: ["NetsnapFeeds", "NetsnapRender", "NetsnapJSON", "NetsnapLanguage", "NetsnapTestSupport"]),
        .testTarget(
            name: "NetsnapRenderTests",
            dependencies: [
                "NetsnapRender", "NetsnapModel", "NetsnapJSON", "NetsnapWidgets", "NetsnapRaster", "NetsnapPush", "NetsnapTestSupport",
            ]),
        .testTarget(
            name: "NetsnapWatchTests",
            dependencies: [
                "NetsnapWatch", "NetsnapRender", "NetsnapHistory", "NetsnapModel", "NetsnapJSON", "NetsnapWidgets", "NetsnapTiles",
                "NetsnapLanguage", "NetsnapTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "NetsnapConfigurationTests",
            dependencies: [
                "NetsnapConfiguration", "NetsnapSettings", "NetsnapRender", "NetsnapWatch", "NetsnapServer", "NetsnapDisplays",
                "NetsnapGather", "NetsnapPush", "NetsnapPages", "NetsnapTiles", "NetsnapModel", "NetsnapJSON", "NetsnapTestSupport",
            ]),
        .testTarget(name: "NetsnapSettingsTests", dependencies: ["NetsnapSettings"]),
        .testTarget(name: "NetsnapOperationsTests", dependencies: ["NetsnapOperations", .product(name: "Logging", package: "swift-log")]),
        .testTarget(
            name: "NetsnapAppTests",
            dependencies: ["NetsnapApp", "NetsnapConfiguration", "NetsnapSettings", .product(name: "Logging", package: "swift-log")]),
        .testTarget(
            name: "NetsnapHistoryTests",
            dependencies: [
                "NetsnapHistory", "NetsnapJSON", "NetsnapLanguage", "NetsnapTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .testTarget(name: "NetsnapPagesTests", dependencies: ["NetsnapPages", "NetsnapRender", "NetsnapJSON", "NetsnapTestSupport"]),
        .testTarget(
            name: "NetsnapServerTests",
            dependencies: [
                "NetsnapServer", "NetsnapDisplays", "NetsnapRender", "NetsnapWatch", "NetsnapModel", "NetsnapJSON", "NetsnapWidgets",
                "NetsnapTiles",
                "NetsnapText", "NetsnapRaster", "NetsnapPush", "NetsnapTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "NetsnapDisplaysTests",
            dependencies: [
                "NetsnapDisplays", "NetsnapModel", "NetsnapJSON", "NetsnapWidgets", "NetsnapTiles", "NetsnapRender", "NetsnapLanguage",
                "NetsnapTestSupport", .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "NetsnapSitesTests",
            dependencies: [
                "NetsnapSites", "NetsnapPush", "NetsnapModel", "NetsnapRender", "NetsnapJSON", "NetsnapWidgets", "NetsnapHistory",
                "NetsnapTiles", "NetsnapLanguage", "NetsnapPages", "NetsnapTestSupport",
            ]),
        .testTarget(
            name: "NetsnapPushTests",
            dependencies: [
                "NetsnapPush", "NetsnapModel", "NetsnapWidgets", "NetsnapHistory", "NetsnapLanguage", "NetsnapTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .testTarget(name: "NetsnapQRTests", dependencies: ["NetsnapQR"]),
        .testTarget(name: "NetsnapAvahiTests", dependencies: ["NetsnapAvahi", "CAvahi", "CLazyLibrary"]),
        .testTarget(
            name: "NetsnapLinkTests",
            dependencies: [
                "NetsnapLink", .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOEmbedded", package: "swift-nio"),
            ]),
        .testTarget(
            name: "NetsnapRasterTests", dependencies: ["NetsnapRaster", "NetsnapPNG", "NetsnapText", "CFontconfig", "NetsnapTestSupport"]),
        // Runs the gatherer inside the tests' network namespaces (`ip netns exec`).
        .executableTarget(
            name: "GatherLabRunner", dependencies: ["NetsnapGather", "NetsnapJSON", "NetsnapSettings"], path: "Tests/GatherLabRunner"),
        .testTarget(
            name: "NetsnapGatherTests",
            dependencies: [
                "NetsnapGather", "NetsnapJSON", "NetsnapLanguage", "NetsnapSettings", "NetsnapTestSupport", "GatherLabRunner",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: ["Fixtures", "Lab"]
        ),
        .testTarget(
            name: "NetsnapTilesTests",
            dependencies: [
                "NetsnapTiles", "NetsnapWidgets", "NetsnapModel", "NetsnapPNG", "NetsnapText", "NetsnapRaster", "NetsnapTestSupport",
                "NetsnapLanguage",
            ],
            exclude: ["Goldens"]),
    ],
    swiftLanguageModes: [.v6]
)

// Debian keeps the FreeType, HarfBuzz and FriBidi headers in folders of their own, which
// pkg-config would name — but it would also link the libraries, which netsnap opens on first
// use instead (LazyLibrary). Every module that imports the text modules needs the folders.
let lazyLibraryHeaderFolders = ["/usr/include/freetype2", "/usr/include/harfbuzz", "/usr/include/fribidi"]
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(lazyLibraryHeaderFolders.flatMap { ["-Xcc", "-I\($0)"] })]
}
