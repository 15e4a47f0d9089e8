// swift-tools-version: 6.2
import PackageDescription

// Code that compiled against an earlier Graft and changed meaning since, each as a newcomer's
// app wrote it. CI builds UpgradeSnippets and checks that the compiler warns at each old call,
// then runs it and checks that each error names the new spelling; and it builds
// ModuleNotSendable, which must fail to compile, saying why (.ci/run, "upgrade snippets").
let package = Package(
    name: "UpgradeSnippets",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Graft", path: "../..")],
    targets: [
        .executableTarget(name: "UpgradeSnippets", dependencies: [.product(name: "Container", package: "Graft")]),
        .target(name: "ModuleNotSendable", dependencies: [.product(name: "Container", package: "Graft")]),
    ],
    swiftLanguageModes: [.v6]
)
