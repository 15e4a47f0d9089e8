import Backend
import Client
import Container
import ImplV1
import ImplV2
import Protocols
import TestSupport

// The reference application's example in README "How a generation is composed": the text between
// the markers is quoted there byte for byte (DocumentationExamplesTests checks it), and compiled
// and run here.

// example:begin
func v1WithTheV2Cart() async throws -> Injector {
    try await Injector.start(
        modules: [
            ImplV1Module(), ImplV2Module(), ClientModule(secret: BackendConfiguration.defaultClientSecret),
            EmbeddedBackendModule(storage: InMemoryBackendStorage()), MemoryStoresModule(),
        ],
        versions: VersionSelection(default: "v1", overrides: [.of((any CartService).self): "v2"]))
}

func logIn(_ injector: Injector) async throws -> LoginResult {
    // An answer per business operation; a branch with no answer is declined.
    let branches = LoginBranches().answering(.createGesturePassword, with: "1235")
    return try await injector.resolveAsync((any CustomerLogic).self)
        .login(mobile: "13800000001", password: "correct horse", branches: branches)
}
// example:end
