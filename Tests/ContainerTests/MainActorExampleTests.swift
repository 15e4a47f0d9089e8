import Container
import Foundation
import Testing

/// The "The main actor" example of the README and of the DocC article, kept true: both show
/// this block, and the test runs it.
@Suite("Main-actor example")
struct MainActorExampleTests {
    private static let example = """
        @MainActor final class ProfileViewModel {
            let api: ProfileAPI
            init(api: ProfileAPI) { self.api = api }
        }

        final class ProfileLoader: Sendable {           // not on the main actor: awaits the view model
            let model: AsyncProvider<ProfileViewModel>
            init(model: AsyncProvider<ProfileViewModel>) { self.model = model }
        }

        struct ProfileModule: Module {
            func configure(_ binder: Binder) {
                binder.bind(ProfileAPI.self, to: ProfileAPI.init)
                binder.bind(ProfileViewModel.self, onMainActor: ProfileViewModel.init).scope(.singleton)
                binder.bind(ProfileLoader.self, to: ProfileLoader.init)
            }
        }

        let injector = try await Injector.start(modules: [ProfileModule()])
        let model = try await MainActor.run {              // on the main actor: built right here
            try injector.resolve(ProfileViewModel.self)
        }
        let loaded = try await Task.detached {            // anywhere else: await hops to the main actor
            try await injector.resolveAsync(ProfileLoader.self).model()
        }.value
        print(model === loaded, injector.explain(ProfileViewModel.self))
        """

    @Test(
        "The README and the DocC article show the same example",
        arguments: [
            "README.md", "Sources/Container/Container.docc/AsynchronousSetUp.md",
        ])
    func documentsShowIt(_ document: String) throws {
        let text = try repositoryText(document)
        #expect(text.contains("```swift\n\(Self.example)\n```"))
    }

    @Test("The example runs as written: one view model, built on the main actor")
    func exampleRuns() async throws {
        final class ProfileAPI: Sendable {}
        @MainActor final class ProfileViewModel {
            let api: ProfileAPI
            init(api: ProfileAPI) { self.api = api }
        }

        final class ProfileLoader: Sendable {  // not on the main actor: awaits the view model
            let model: AsyncProvider<ProfileViewModel>
            init(model: AsyncProvider<ProfileViewModel>) { self.model = model }
        }

        struct ProfileModule: Module {
            func configure(_ binder: Binder) {
                binder.bind(ProfileAPI.self, to: ProfileAPI.init)
                binder.bind(ProfileViewModel.self, onMainActor: ProfileViewModel.init).scope(.singleton)
                binder.bind(ProfileLoader.self, to: ProfileLoader.init)
            }
        }

        let injector = try await Injector.start(modules: [ProfileModule()])
        let model = try await MainActor.run {  // on the main actor: built right here
            try injector.resolve(ProfileViewModel.self)
        }
        let loaded = try await Task.detached {  // anywhere else: await hops to the main actor
            try await injector.resolveAsync(ProfileLoader.self).model()
        }.value
        #expect(model === loaded)
        #expect(injector.explain(ProfileViewModel.self).description.contains("isolation: @MainActor"))
        // The one thing the example cannot do: build it synchronously off the main actor.
        let refused = try await Task.detached { () throws -> ResolutionError? in
            #expect(throws: ResolutionError.self) { try injector.resolve(ProfileViewModel.self) }
        }.value
        #expect(refused?.description.contains("is isolated to the main actor") == true)
    }
}
