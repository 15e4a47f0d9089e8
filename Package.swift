// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Graft",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [
        .library(name: "Container", targets: ["Container"]),
        .library(name: "Protocols", targets: ["Protocols"]),
        .executable(name: "graft", targets: ["App"]),
    ],
    traits: [
        .trait(name: "ImplV1", description: "Build the reference app with V1 as the default implementation generation."),
        .trait(name: "ImplV2", description: "Build the reference app with V2 as the default implementation generation."),
        .default(enabledTraits: ["ImplV1"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "Container"),
        .testTarget(name: "ContainerTests", dependencies: ["Container"]),
        .target(name: "Protocols", dependencies: ["Container"]),
        .testTarget(name: "ProtocolsTests", dependencies: ["Protocols", "TestSupport"]),
        .target(name: "Backend", dependencies: ["Protocols", "Container"]),
        .target(name: "TestSupport", dependencies: ["Protocols", "Container"], path: "Tests/Support"),
        .testTarget(name: "BackendTests", dependencies: ["Backend", "Protocols", "TestSupport"]),
        .target(name: "ImplV1", dependencies: ["Protocols"]),
        .testTarget(name: "ImplV1Tests", dependencies: ["ImplV1", "Backend", "Protocols", "TestSupport"]),
        .target(name: "ImplV2", dependencies: ["Protocols"]),
        .testTarget(name: "ImplV2Tests", dependencies: ["ImplV2", "ImplV1", "Backend", "Protocols", "TestSupport"]),
        .executableTarget(name: "App", dependencies: ["Container", "Protocols", "ImplV1", "ImplV2", "Backend"]),
        .testTarget(name: "AppTests", dependencies: ["App", "Container", "Protocols", "TestSupport"]),
        .executableTarget(name: "QuickStart", dependencies: ["Container"], path: "Examples/QuickStart"),
    ],
    swiftLanguageModes: [.v6]
)
