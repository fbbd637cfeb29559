// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "netsnap",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "netsnap", targets: ["netsnap"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // C libraries from Debian (libpng-dev, libfreetype-dev, libfontconfig-dev).
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),

        .target(name: "NetsnapModel"),
        .target(name: "NetsnapWidgets", dependencies: ["NetsnapModel"]),
        .target(name: "NetsnapFeeds", dependencies: ["NetsnapWidgets"]),
        .target(name: "NetsnapRaster"),
        .target(name: "NetsnapPNG", dependencies: ["NetsnapRaster", "CLibPNG"]),
        .target(name: "NetsnapText", dependencies: ["NetsnapRaster", "CFreeType", "CFontconfig"]),
        .target(name: "NetsnapTiles", dependencies: ["NetsnapWidgets", "NetsnapRaster", "NetsnapPNG", "NetsnapText"]),
        .target(
            name: "NetsnapBuild",
            dependencies: [
                "NetsnapModel", "NetsnapWidgets", "NetsnapFeeds",
                .product(name: "Yams", package: "Yams"),
            ],
            resources: [.copy("Resources/sample-snapshot.json")]
        ),
        .executableTarget(
            name: "netsnap",
            dependencies: [
                "NetsnapBuild",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .executableTarget(
            name: "netsnap-tile-bench", dependencies: ["NetsnapTiles", "NetsnapBuild", "NetsnapPNG", "NetsnapRaster", "NetsnapText"]),

        .testTarget(name: "NetsnapModelTests", dependencies: ["NetsnapModel"], resources: [.copy("Fixtures")]),
        .testTarget(name: "NetsnapWidgetsTests", dependencies: ["NetsnapWidgets"]),
        .testTarget(name: "NetsnapFeedsTests", dependencies: ["NetsnapFeeds", "NetsnapBuild"]),
        .testTarget(name: "NetsnapBuildTests", dependencies: ["NetsnapBuild"]),
        .testTarget(name: "NetsnapRasterTests", dependencies: ["NetsnapRaster", "NetsnapPNG", "NetsnapText"]),
        .testTarget(
            name: "NetsnapTilesTests",
            dependencies: ["NetsnapTiles", "NetsnapWidgets", "NetsnapModel", "NetsnapPNG", "NetsnapText", "NetsnapRaster"],
            exclude: ["Goldens"]),
    ],
    swiftLanguageModes: [.v6]
)
