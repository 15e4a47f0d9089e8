// swift-tools-version: 6.1
// Benchmarks live in their own package so that Graft itself keeps `dependencies: []`.
import PackageDescription

let package = Package(
    name: "GraftBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Graft", path: ".."),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
    ],
    targets: [
        .executableTarget(
            name: "graft-benchmarks",
            dependencies: [
                .product(name: "Container", package: "Graft"),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ],
            path: "Sources/GraftBenchmarks"
        )
    ],
    swiftLanguageModes: [.v6]
)
