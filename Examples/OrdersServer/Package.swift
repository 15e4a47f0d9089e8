// swift-tools-version: 6.2
import PackageDescription

// A Hummingbird 2 server on Graft, which CI builds, tests and runs under load. Graft is the
// package two folders up; the name gives it the same package name whatever its folder is called.
let package = Package(
    name: "OrdersServer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Graft", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "Orders",
            dependencies: [
                .product(name: "Container", package: "Graft"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(name: "OrdersServer", dependencies: ["Orders"]),
        .testTarget(
            name: "OrdersTests",
            dependencies: [
                "Orders",
                .product(name: "Container", package: "Graft"),
                .product(name: "ContainerTesting", package: "Graft"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Snapshots"]),  // the approved graphs, read by CompositionTests
    ],
    swiftLanguageModes: [.v6]
)
