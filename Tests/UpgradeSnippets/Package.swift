// swift-tools-version: 6.2
import PackageDescription

// Calls that compiled against an earlier Graft and changed meaning since, each as a newcomer's
// app wrote it. CI builds this package and checks that the compiler warns at each one, then
// runs it and checks that each error names the new spelling (.ci/run, "upgrade snippets").
let package = Package(
    name: "UpgradeSnippets",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Graft", path: "../..")],
    targets: [
        .executableTarget(name: "UpgradeSnippets", dependencies: [.product(name: "Container", package: "Graft")])
    ],
    swiftLanguageModes: [.v6]
)
