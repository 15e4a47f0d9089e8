// swift-tools-version: 6.2
import PackageDescription

/// Xcode 26's settings for a new app target: default main-actor isolation (SE-0466) and
/// "Approachable Concurrency". The quick start and a test target are built with them, so the
/// README's example and the container's main-actor path are proved as such an app meets them.
let appTargetSettings: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("InferIsolatedConformances"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
]

let package = Package(
    name: "Graft",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [
        .library(name: "Container", targets: ["Container"]),
        .library(name: "ContainerTesting", targets: ["ContainerTesting"]),
        .executable(name: "graft", targets: ["GraftCommand"]),
    ],
    traits: [
        .trait(
            name: "ImplV1", description: "Build the reference app with V1 as the default implementation generation."),
        .trait(
            name: "ImplV2", description: "Build the reference app with V2 as the default implementation generation."),
        .default(enabledTraits: ["ImplV1"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "Container"),
        // ContainerTesting too, for the Diagnostics article's examples of the traits' errors.
        .testTarget(name: "ContainerTests", dependencies: ["Container", "ContainerTesting"]),
        .testTarget(
            name: "DefaultIsolationTests", dependencies: ["Container"], swiftSettings: appTargetSettings),
        // Test support for the container's users: a test target links it, an app never does.
        .target(name: "ContainerTesting", dependencies: ["Container"]),
        .testTarget(name: "ContainerTestingTests", dependencies: ["ContainerTesting", "Container"]),

        // The contract every generation shares.
        .target(name: "Protocols"),
        .testTarget(
            name: "ProtocolsTests",
            dependencies: ["Protocols", "Client", "WireFormat", "ImplV1", "ImplV2", "Container", "TestSupport"]),

        // Shared mechanisms, named for what they hold.
        // The rules for text at the app's edges: what input must be, and others' text made safe to print.
        .target(name: "TextRules", dependencies: ["Protocols"]),
        .testTarget(name: "TextRulesTests", dependencies: ["TextRules"]),
        .target(name: "WireFormat", dependencies: ["Protocols"]),
        .testTarget(
            name: "WireFormatTests", dependencies: ["WireFormat", "ImplV1", "ImplV2", "Protocols", "TestSupport"]),
        .target(name: "Cryptography"),
        .testTarget(name: "CryptographyTests", dependencies: ["Cryptography"]),
        .target(name: "FileStorage", dependencies: ["Protocols"]),
        .testTarget(name: "FileStorageTests", dependencies: ["FileStorage", "Protocols", "TestSupport"]),
        .target(name: "Client", dependencies: ["Protocols", "TextRules", "WireFormat", "Cryptography", "Container"]),
        .testTarget(
            name: "ClientTests",
            dependencies: ["Client", "WireFormat", "ImplV1", "ImplV2", "Cryptography", "Protocols", "TestSupport"]),

        // The generations, and the embedded backend that serves them all.
        .target(name: "ImplV1", dependencies: ["Client", "WireFormat", "TextRules", "Protocols", "Container"]),
        .testTarget(
            name: "ImplV1Tests", dependencies: ["ImplV1", "Client", "Backend", "Protocols", "Container", "TestSupport"]),
        .target(
            name: "ImplV2",
            dependencies: ["Client", "WireFormat", "Cryptography", "TextRules", "Protocols", "Container"]),
        .testTarget(
            name: "ImplV2Tests",
            dependencies: [
                "ImplV2", "ImplV1", "Client", "WireFormat", "Cryptography", "Backend", "Protocols", "Container",
                "TestSupport",
            ]),
        .target(
            name: "Backend",
            dependencies: ["Protocols", "TextRules", "WireFormat", "Cryptography", "FileStorage", "Container"]),
        .testTarget(
            name: "BackendTests",
            dependencies: [
                "Backend", "ImplV1", "ImplV2", "Client", "WireFormat", "Cryptography", "Protocols", "Container",
                "TestSupport",
            ]),

        // What the reference app's tests share: fakes, in-memory stores, and TestGraph, the app's
        // graph on the embedded backend in memory.
        .target(
            name: "TestSupport", dependencies: ["Protocols", "Client", "Backend", "Container"], path: "Tests/Support"),
        // The app as a library, so that tests call it in process, under the thin `graft` executable.
        .target(
            name: "App",
            dependencies: [
                "Container", "Protocols", "TextRules", "WireFormat", "Client", "FileStorage", "ImplV1", "ImplV2",
                "Backend",
            ],
            exclude: ["README.md"]),  // the command line's reference, for readers of the repository
        .executableTarget(name: "GraftCommand", dependencies: ["App"]),
        // graft with a pause at its state points, for AppTests' interleaving tests only: the
        // `graft` product has no such hook.
        .executableTarget(name: "PausingGraft", dependencies: ["App"], path: "Tests/PausingGraft"),
        .testTarget(
            name: "AppTests",
            dependencies: [
                "App", "Container", "Protocols", "TextRules", "WireFormat", "Client", "FileStorage", "ImplV2",
                "Backend",
                "TestSupport",
            ]),
        .executableTarget(
            name: "QuickStart", dependencies: ["Container"], path: "Examples/QuickStart",
            swiftSettings: appTargetSettings),
    ],
    swiftLanguageModes: [.v6]
)
