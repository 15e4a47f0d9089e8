import Container
import Foundation
import Testing

// Every sentence of the guide that states a behaviour, and the tests that fail if that behaviour
// breaks. The guide is the reference part of the DocC catalog (Sources/Container/Container.docc):
// the articles Bindings, MultibindingsAndDecorators, ScopesAndLifetimes and
// ValidationAndIntrospection, and the sections of Versions, Testing and AsynchronousSetUp named
// below, which the README held before. The tests are named as `Suite.function` (new ones are in
// this file), and `indexNamesRealTests` fails when one of them does not exist. A sentence not
// listed states no behaviour: an introduction, an example shown for reading, or a pointer elsewhere.
//
// Bindings.md: the overview and opaque factories
// - "An injector is built from a list of modules and is frozen from then on."
//       MisuseTests.bindAfterBuild, MisuseTests.refineAfterBuild
// - bind(P.self, to: Impl.init): "the initializer's parameter types are the dependencies"
//       BindingTests.autowiredInitializer, BindingTests.edgesKnownUpFront
// - bind(P.self) { (a: A, b: B) in ... }: "a closure with typed parameters, any number of them"
//       BindingTests.closureWithParameters
// - bind(P.self, toInstance:): "a value made beforehand"   BindingTests.instanceBinding
// - bind(P.self, needs: A.self, B.self) { resolver in ... }: "asks a Resolver for what it declares"
//       BindingTests.opaqueBinding, BindingTests.opaqueDeclaredForms, BindingsExampleTests.opaqueFactories,
//       FeatureScopeGridTests.cell (opaque factory row, every scope)
// - "Refinements chain after the call: .scope, .named, .version, .overriding, .liveOnly"
//       FeatureScopeGridTests.cell (scope and named), VersionTests.exactVersion,
//       ValidationTests.duplicates (.overriding), ChildInjectorTests.strictRefusesLiveOnly (.liveOnly)
// - "Every binding records the #fileID and #line of its declaration, and every diagnostic names them."
//       BindingTests.declarationSites, DiagnosticWordingTests (every test pins the sites)
// - "the injector knows every edge of the graph before it builds anything"   BindingTests.edgesKnownUpFront
// - "Validation checks declared edges like any other"      BindingTests.opaqueMissingDependency
// - "the resolver refuses anything undeclared with an error that names the binding and what to add to needs:"
//       BindingTests.opaqueUndeclaredDependency, BindingTests.opaqueDeclaredForms
// - "a wrapper of a named binding is declared with the name on the wrapper, .of(Provider<Database>.self, named:)"
//       NamedDependencyTests.opaqueNamedWrappers, DiagnosticWordingTests.undeclaredNamedWrapper
// - "No factory runs while an injector is built, except those of eager singletons."
//       BindingTests.opaqueFactoryRunsOnlyWhenResolved, BindingTests.edgesKnownUpFront,
//       FeatureScopeGridTests.cell (builds before any request: 0 in every cell but eager singletons')
// - "Bound types must be Sendable": enforced by the compiler (every `bind` requires `T: Sendable`),
//       so no run-time test can observe it.
//
// Bindings.md: Resolving
// - resolve(_:) and resolve(_:named:) return the bound instance     BindingTests.namedBindings
// - "resolve never returns nil and never crashes: it throws a ResolutionError whose description
//   says what is missing or what failed, the path of bindings that needed it, and what would fix it."
//       BindingTests.unboundTypeThrows, BindingTests.factoryErrorPropagates,
//       DiagnosticWordingTests.resolveUnbound, DiagnosticWordingTests.factoryThrows
// - "Provider<T> and Lazy<T> can be resolved, or injected as factory parameters, for any bound T"
//       FeatureScopeGridTests.cell (Provider and Lazy rows), FeaturesMeetingTests.resolvedProviderAndLazy
// - "a provider builds on every call"   ProviderAndLazyTests.providerBuildsOnDemand
// - "a lazy value once on first read"   ProviderAndLazyTests.lazyBuildsOnce, FeatureScopeGridTests.cell (Lazy row)
// - "a dependency cycle through either is legal"
//       ProviderAndLazyTests.cycleThroughProvider, ProviderAndLazyTests.cycleThroughLazy,
//       FeaturesMeetingTests.lazyBreaksSingletonCycle
// - "Both work for every scope: a Provider of a singleton returns the singleton."
//       FeatureScopeGridTests.cell (Provider and Lazy rows), FeaturesMeetingTests.resolvedProviderAndLazy,
//       FeaturesMeetingTests.providerOfSessionInSingleton
// - "Resolving Provider<T> or Lazy<T> of a T nothing binds throws at once, as injecting one fails validation."
//       FeaturesMeetingTests.resolveLazyOfUnbound, ProviderAndLazyTests.providerOfUnbound
// - "Under a name, the wrappers serve the binding of that name: resolve(Provider<Database>.self, named:),
//   resolve(Lazy<Database>.self, named:), and resolve(Database?.self, named:), which is nil when nothing
//   binds that name."
//       NamedDependencyTests.stringNamedWrappers, NamedDependencyTests.stringNamedWrapperMissing,
//       NamedDependencyTests.stringNamedWrappersMeetFeatures, NamedDependencyTests.stringNamedWrappersAwaited,
//       FeatureScopeGridTests.cell (resolve(Provider<T>.self, named:) and resolve(T?.self, named:) rows, every scope)
//
// Bindings.md: Run-time arguments
// - "consumers inject a typed Factory and call it", or resolve(_:arguments:)
//       RunTimeArgumentTests.injectedFactory
// - "The arguments come first in the closure, then the autowired dependencies: one to six
//   arguments, each Hashable & Sendable, passed in the same order by Factory<A, B, …, T> and
//   resolve(T.self, arguments: a, b, …)."
//       RunTimeArgumentTests.arities, RunTimeArgumentTests.higherArities (every scope),
//       RunTimeArgumentTests.higherArityVersionsChildrenReset, RunTimeArgumentTests.higherArityStrictChild,
//       RunTimeArgumentTests.higherArityValidation, ModelBasedTests (one to six arguments)
// - "Validation checks the dependencies like any other edges"   RunTimeArgumentTests.dependenciesValidated
// - "and that every injected Factory passes the binding's argument types: injecting
//   Factory<Int, OrderDetail>, or a plain OrderDetail, is a validation error naming both sides"
//       RunTimeArgumentTests.validation, RunTimeArgumentTests.factoryOfPlainBinding
// - "resolve with other argument types throws one naming the expected and given types"
//       RunTimeArgumentTests.wrongArguments
// - ".singleton, .weak and resettable scopes keep one instance per distinct argument value (a
//   multiton); .transient builds on every call."
//       RunTimeArgumentTests.injectedFactory (every scope), RunTimeArgumentTests.reset
// - "A child that binds the type with other arguments, or with none, hides the parent's binding in every form."
//       RunTimeArgumentTests.childChangesForm, ModelBasedTests
// - "A binding with arguments can .implements other types, and they take the same arguments";
//   "Factory<String, any Animal> serves the same binding, and the binding's scope keeps one instance
//   per argument value whichever type asks."
//       BindingsExampleTests.forwardedArguments, ImplementsTests.forwardingWithArguments (every scope),
//       ImplementsTests.forwardingWithArgumentsReset, ImplementsTests.forwardingWithArgumentsVersions,
//       ImplementsTests.forwardingWithArgumentsChildren, ImplementsTests.forwardingWithArgumentsStrictChild,
//       ImplementsTests.forwardingWithArgumentsValidation, DiagnosticWordingTests.implementsWithArguments,
//       ModelBasedTests (faces of bindings with arguments)
// - "Provider<Factory<…>>, Lazy<Factory<…>>, Factory<…>? and Lazy<Named<Archive, Factory<…>>> are
//   injected and resolved, and validated as the factory they wrap"
//       ProviderAndLazyTests.wrappersOfFactories (every scope), ProviderAndLazyTests.wrappersOfFactoriesInChildren,
//       ProviderAndLazyTests.wrappersOfFactoriesValidated, DiagnosticWordingTests.wrappedFactoryArguments
// - "A singleton holding a Lazy<Factory<…>> of a session-scoped binding holds no session instance"
//       ProviderAndLazyTests.lazyFactoryIsNoCaptive
//
// Bindings.md: Optional and named dependencies, one instance behind several protocols
// - "A parameter T? gets T when it is bound and nil when nothing binds it; validation does not call
//   that missing"   OptionalDependencyTests.boundOrNil, FeatureScopeGridTests.cell (optional row)
// - "but still checks cycles and captive scopes through it when it is bound"
//       OptionalDependencyTests.validatedWhenBound, GuideTests.captiveThroughEveryEdge
// - "and the graph marks the edge optional"   OptionalDependencyTests.graph
// - "resolve(T?.self) is nil for an unbound T and still throws when T is bound but fails to build."
//       OptionalDependencyTests.resolveOptional
// - "Named<Name, Value> asks for the binding of Value named Name.name"
//       NamedDependencyTests.namedParameter, FeatureScopeGridTests.cell (Named<> row)
// - "Wrap it for other edges: Provider<Named<…>>, Lazy<…>, Named<…>?, Named<…, Factory<…>>"
//       NamedDependencyTests.wrapped, RunTimeArgumentTests.arities,
//       FeatureScopeGridTests.cell (Provider<Named<>> row)
// - ".implements(P.self) { $0 } makes the binding serve P too, with the same instance and scope."
//       ImplementsTests.sharing, ImplementsTests.reset, FeatureScopeGridTests.cell (.implements row)
// - "Each forwarded type is a binding of its own in duplicates, versions, child overrides and the graph"
//       ImplementsTests.duplicate, ImplementsTests.versions, ImplementsTests.children, ImplementsTests.introspection,
//       ImplementsTests.forwardingWithArgumentsIntrospection
// - "Named<Name, T?> and Named<Name, Provider<T>> read as Named<Name, T>? and Provider<Named<Name, T>>."
//       NamedDependencyTests.wrappersInsideNamed
// - (where optional, Provider and Lazy meet: FeaturesMeetingFoundTests.providerOfOptional)
//
// MultibindingsAndDecorators.md: Named collections (the sentences before them are in
// MultibindingTests and MultibindingsAndDecoratorsExampleTests.versionedItems; the decorators' in
// DecoratorTests)
// - "explain([any AnalyticsSink].self) says the list is made from its items and lists each with the
//   version that serves it and why"   NamedCollectionTests.explainNamedList, MultibindingTests.introspection
// - "A contribution's .named(_:) puts it in the list (or map) of that name instead ... Consumers inject
//   it as Named<Name, [T]> (Named<Name, [Key: T]> for a map) or resolve it with resolve([T].self, named:)"
//       NamedCollectionTests.namedList, NamedCollectionTests.namedMap, NamedCollectionsExampleTests,
//       FeatureScopeGridTests.cell (item of a Named<> list rows)
// - "its ids, versions, duplicates and order are apart from the unnamed collection's"
//       NamedCollectionTests.duplicates, NamedCollectionTests.versions, NamedCollectionTests.namedList
// - "declared empty with declareList(T.self, named:) / declareMap(T.self, keyedBy:named:)"
//       NamedCollectionTests.declaredEmpty, NamedCollectionTests.explainEmpty
// - "a child withdraws from it with withdraw(T.self, id:named:) (key:named: for a map)"
//       NamedCollectionTests.children, NamedCollectionTests.childOfMap, NamedCollectionTests.withdrawWrongList
// - "a selection's override of .of(T.self, named:) chooses the versions of its items only, while
//   .of(T.self) chooses every collection's of T"   NamedCollectionTests.versions,
//       NamedCollectionTests.selectionOfNamedService
// - "Injecting a named collection nobody contributes to is a missing binding whose note says which
//   collections the contributions of that type made"   NamedCollectionTests.declaredEmpty
// - "The graph shows the name on the collection and on each item"   NamedCollectionTests.graph,
//       NamedCollectionTests.snapshotChanges
// - "to put one instance in two, contribute it to each from a singleton binding"
//       NamedCollectionTests.oneInstanceInTwo
// - (the model-based test generates named lists beside unnamed ones: GraphGenerator)
//
// ScopesAndLifetimes.md: the table, and Resetting a scope
// - transient: "a new one for every request"            FeatureScopeGridTests.cell (transient column)
// - singleton: "one per injector, built on first request, exactly once under contention"
//       FeatureScopeGridTests.cell (singleton column), ConcurrencyTests.stress
// - eagerSingleton: "one per injector, built while the injector is built"
//       FeatureScopeGridTests.cell (eagerSingleton column: built before any request),
//       FeaturesMeetingTests.opaqueEagerSingleton, ScopeTests.eagerSingletonFailure
// - weak: "shared while someone holds it, rebuilt after release (class instances only)"
//       FeatureScopeGridTests.cell (weak column), ScopeTests.weak, ScopeTests.weakValueType,
//       FeaturesMeetingTests.weakStructNamesConcreteType, ConcurrencyTests.stress
// - resettable, .session: "shared until injector.reset(scope) empties it"
//       FeatureScopeGridTests.cell (before and after reset row), ScopeTests.resettable,
//       ScopeTests.resetIsPerScope, ConcurrencyTests.resetUnderLoad
// - "injector.reset(.session) empties the scope in the injector and in every parent or child that
//   shares its instances."   ScopeTests.resetReachesChildren, GuideTests.resetFromChildReachesParent,
//       ConcurrencyTests.resetUnderLoad
//
// Versions.md: Selecting versions, and Build configuration
// - "one without a version serves every selection"       VersionTests.unversionedServesAll
// - "the injector serves the selected version if it is bound, otherwise the highest bound version
//   below it"      VersionTests.exactVersion, VersionTests.fallsBackToHighestBelow
// - explain tells "which binding, version and scope, and why"   VersionTests.explain, VersionsSnippetsExampleTests.override, ReadmeTests.outputIsReal
// - "Without versions: (VersionSelection.latest), each type is served by its latest bound version"
//       VersionTests.latestWithoutSelection, VersionTests.latestDecoratorsAndItems
// - "an app maps its own build configuration to VersionSelection.buildDefault("v2") ... explain tells
//   the two apart"   VersionTests.appBuildDefault, AppTests ParsingTests.buildDefaultGeneration
// - "v10 is above v9, and v2.1 sits between v2 and v3"     VersionTests.numericOrder
// - "A version is always written v then numbers separated by dots; "2" is reported as a malformed version."
//       FeaturesMeetingTests.versionWithoutV, VersionTests.badSelections
// - "Precedence, lowest first: module binding < the app's build default < run-time selection < child-injector override"
//       GuideTests.precedence, VersionTests.perServiceOverride, ChildInjectorTests.childBeatsVersions
//
// Bindings.md: Overrides and duplicates
// - "Binding the same type, name and version twice is a validation error that names both
//   declaration sites, unless the second says .overriding()"
//       ValidationTests.duplicates, ValidationTests.notDuplicates, DiagnosticWordingTests.duplicate
// - ".overriding() on a binding that replaces nothing is an error too, which catches a module
//   given in the wrong order"
//       DiagnosticWordingTests.overrideWithoutTarget, GuideTests.overridingModuleGivenFirst
//
// ScopesAndLifetimes.md: Child injectors, and Testing.md
// - "A child's bindings shadow the parent's, all the way down the graph; .overriding() is not needed."
//       ChildInjectorTests.childShadowsParent
// - "The parent never changes."   ChildInjectorTests.parentUnchanged, FeatureScopeGridTests.cell (strict child row)
// - "The parent's singletons are shared with the child"
//       ChildInjectorTests.singletonsShared, ChildInjectorTests.singletonBuiltInChildIsShared,
//       FeatureScopeGridTests.cell (parent, then child row, every scope)
// - "except one that depends, directly or not, on something the child overrides: the child builds its own"
//       ChildInjectorTests.affectedSingletonRebuilt (directly), GuideTests.indirectDependantRebuilt
//       (through another binding), FeatureScopeGridTests.cell (strict child row, every scope)
// - "child(modules:) does the same from modules."          ChildInjectorTests.childFromModules
// - "A child made with strict: true refuses to build a live-only binding it did not override, and
//   the error names the binding and who needed it"
//       ChildInjectorTests.strictRefusesLiveOnly, DiagnosticWordingTests.strictRefusal
// - "a test that forgets to fake the network fails instead of touching it"
//       GuideTests.strictChildNeverRunsLiveFactory
//
// Testing.md: The library and its trait in detail (these tests are in Tests/ContainerTestingTests)
// - the example                                 TestingExampleTests (and the example's own tests)
// - "gives each test its own strict child of the app's injector, with the test's fakes, as the
//   task-local Injector.current"   SuiteTraitTests.first, SuiteTraitTests.strict
// - "@Inject and Injector.default read it before the process default"
//       ParallelIsolationTests.fiftyInParallel, InjectTests.currentWinsOverDefault (ContainerTests)
// - "tests running in parallel never see each other's fakes"
//       ParallelIsolationTests.fiftyInParallel, ParallelIsolationTests.fiftyScopesAtOnce
// - "on a suite, each of its tests gets a child of its own"
//       SuiteTraitTests.first, SuiteTraitTests.second, SuiteTraitTests.Nested.nested
// - "(or modules: [...])"                       WithoutTraitTests.modules
// - ".injecting { binder in … } without from: adds to the suite's injector"
//       SuiteTraitTests.testTraitAddsToSuite
// - "strict: false allows live-only bindings the test did not override"   WithoutTraitTests.notStrict
// - "the tasks the test starts see it too, and it works the same in async and @MainActor tests"
//       SuiteTraitTests.asynchronous, SuiteTraitTests.onMainActor
// - "Misuse is the test's issue, with an InjectorTraitError that says what to do, and the body does not run"
//       MisuseTests (ContainerTestingTests): noInjectorGiven, noEnclosingInjector, nested,
//       givenInjectorFails, childFails
// - XCTest's withInjector and withInjectorAsync  XCTestInjectorTests
// - "expectEverySelectionValidates records one issue for each version selection whose graph has
//   problems, headed by the selection"   EverySelectionTests.brokenGraph, EverySelectionTests.validGraph
// - "Injector.$current.withValue(injector) { … } scopes an injector to a task tree"
//       InjectTests.currentWinsOverDefault
//
// ValidationAndIntrospection.md: the overview, and Reading a problem
// - "Building an injector validates the whole graph and throws a ValidationError listing every
//   problem at once, each with its declaration site and the path that needs it"
//       ValidationTests.buildValidates, ValidationTests.allProblemsAtOnce, DiagnosticWordingTests.validationError
// - "missing binding, with the path that needs it and everyone else who does"  ValidationTests.missingBindingPath
// - "dependency cycle of direct dependencies, as the whole loop (break it with Provider/Lazy)"
//       ValidationTests.cycleOfThree, ValidationTests.selfCycle, DiagnosticWordingTests.cycle
// - "captive dependency: a longer-lived scope holding a shorter-lived one, also through transient
//   bindings in between (singleton > resettable scopes > weak; two different resettable scopes may
//   not hold each other)"
//       GuideTests.captiveOrder (pairs of scopes), GuideTests.captiveThroughEveryEdge,
//       ValidationTests.captiveThroughTransient,
//       ValidationTests.differentResettableScopes, ValidationTests.notCaptive
// - "duplicate without .overriding(), and .overriding() with nothing to override"  (see Overrides)
// - "a version selection nothing can satisfy, an override naming an unbound service, and malformed versions"
//       VersionTests.badSelections, DiagnosticWordingTests.selectionProblems
// - "A missing standard-library value type ... the error adds a note saying to bind that type with a
//   closure that takes only the dependencies"
//       FeaturesMeetingTests.defaultValuedParameter, FeaturesMeetingTests.noDefaultValueNoteForOwnTypes
// - "its cost grows linearly with bindings + edges, reports included"
//       ValidationTests.linearReports (many problems deep in long chains), ValidationTests.linearLookups
// - "a path longer than 16 steps shows its first step and the 15 nearest the problem (-> … 984 more
//   in between)"   GuideTests.longPathElided, ValidationTests.linearReports
// - "Injector(modules:validating: .reporting) builds a broken graph anyway, so that validate(), graph
//   and explain can inspect it"       GuideTests.inspectBrokenGraph
// - "validating: .skipped checks nothing while the injector is built ... Only what a resolve meets
//   is then reported ... A child of such an injector trusts the graph too"       ValidationModeTests
//
// ValidationAndIntrospection.md: Inspecting the graph
// - "The graph lists each binding with its version (and the selected version it stands in for,
//   when it is a fallback), scope, declaration site and edges; edges through a Provider or Lazy
//   are marked, and unbound types are listed."
//       GraphRenderingTests.text, GraphRenderingTests.dot, GraphRenderingTests.mermaid,
//       GuideTests.lazyEdgesMarked
// - "The JSON form is one document with versions, nodes, edges and unbound."   GraphRenderingTests.json
//
// Bindings.md: Property injection with @Inject
// - "The property resolves on first read and keeps the instance."
//       InjectTests.resolvesLazily, InjectTests.swapDefault
// - "It resolves from the task-local Injector.current when one is set, otherwise from the process default."
//       InjectTests.currentWinsOverDefault
// - "Reading it with no injector, or when its type cannot be built, stops the program with the reason"
//       MisuseTests.injectWithoutDefault, MisuseTests.injectUnbound
//
// AsynchronousSetUp.md: The main actor (its other sentences are in AsynchronousSetUpExampleTests
// and AsyncBindingTests / StartUpTests)
// - the example                                 AsynchronousSetUpExampleTests.mainActor
// - "On the main actor, try injector.resolve(_:) builds it like any other binding"
//       MainActorBindingTests.resolvesOnMainActor
// - "anywhere else, try await injector.resolveAsync(_:) hops to the main actor to build it"
//       MainActorBindingTests.awaitResolveOffMainActorBuildsOnMain
// - "The synchronous resolve off the main actor throws a ResolutionError (mainActorIsolated) that
//   says so and how to fix it"   MainActorBindingTests.synchronousResolveOffMainActorThrows
// - "A main-actor singleton (or eager singleton) is built once, on the main actor, however many
//   tasks ask; try await Injector.start(modules:) hops there"
//       MainActorBindingTests.singletonBuiltOnceUnderContention, MainActorBindingTests.eagerSingletonAtStartUp,
//       MainActorBindingTests.eagerSingletonOnMainActor
// - "a plain parameter, or a Provider<T> or Lazy<T>, is an isolation captive, reported with the path
//   and the fix"   MainActorBindingTests.isolationCaptivesReported, MainActorBindingTests.childInjectors,
//       DiagnosticWordingTests.isolationCaptive
// - "A main-actor binding may need other main-actor bindings directly, and one with an asynchronous
//   dependency awaits it"   MainActorBindingTests.resolvesOnMainActor, MainActorBindingTests.isolatedOverAsynchronous
// - "A type served through .implements is on the main actor with its source"
//       MainActorBindingTests.implementsOfIsolated
// - "explain and the graph mark main-actor bindings"   DiagnosticWordingTests.mainActorIntrospection,
//       MainActorBindingTests.introspection
// - "An async main-actor initializer binds with bind(_:onMainActor:) too, and the binding is then
//   asynchronous as well"   MainActorBindingTests.asyncMainActorInitializer
// - "the bound type must be Sendable", "a closure that calls main-actor code says so": the compiler
//       enforces both.
//
// ScopesAndLifetimes.md: Threads and tasks
// - "An injector is immutable and Sendable once built; resolve from any thread or task at any time."
//       ConcurrencyTests.sendable, ConcurrencyTests.stress
// - "Resolving takes no global lock"                        ConcurrencyTests.noGlobalLock,
//       ConcurrencyTests.unrelatedInjectorsBuildAtOnce
// - "a built singleton is one atomic load": a cost, measured by the benchmarks (S2), not a unit test
// - "a singleton being built is guarded by its own once-lock, so it is built exactly once however
//   many tasks ask. A test resolves 8 × 10,000 times concurrently and checks exactly that."
//       ConcurrencyTests.stress
// - "An initializer that calls a provider leading back to itself gets a ResolutionError ..., never a
//   hang: on one thread, and also when two threads build P and Q at the same moment"
//       ProviderAndLazyTests.runtimeCycleThrows, DiagnosticWordingTests.runtimeCycle,
//       ConcurrencyTests.providerCycleOnTwoThreads, ConcurrencyTests.parentAndChildCycleOnTwoThreads,
//       ConcurrencyTests.unrelatedInjectorsCycleOnTwoThreads

enum SessionKey: BindingName { static let name = "current" }
protocol SessionReading: Sendable {}
extension Session: SessionReading {}

final class HoldsOptional: Sendable { init(session: Session?) {} }
final class HoldsNamed: Sendable { init(session: Named<SessionKey, Session>) {} }
final class HoldsLazy: Sendable { init(session: Lazy<Session>) {} }
final class HoldsLazyOptional: Sendable { init(session: Lazy<Session?>) {} }
final class HoldsForwarded: Sendable { init(session: any SessionReading) {} }
final class HoldsProvider: Sendable { init(session: Provider<Session>) {} }

final class Repository: Sendable {
    let api: APIClient
    init(api: APIClient) { self.api = api }
}

@Suite("Guide")
struct GuideTests {
    @Test("Every test the index at the top of this file names exists, so a renamed or deleted test fails here")
    func indexNamesRealTests() throws {
        let text = try repositoryText("Tests/ContainerTests/GuideTests.swift")
        let index = text[..<(try #require(text.range(of: "\nenum SessionKey")).lowerBound)]
        let files = try #require(
            FileManager.default.enumerator(atPath: repositoryRoot.appendingPathComponent("Tests").path))
        // Not a build folder's copies (`.build` under an example package): a test deleted from the
        // sources must be missing here even when a stale copy is left there.
        let sources = try files.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
            .map { try repositoryText("Tests/\($0)") }
        // `Suite.function`, or `Suite.Nested.function` for a suite nested in another.
        let reference = try Regex(#"\b([A-Z]\w*Tests)(?:\.[A-Z]\w*)*\.([a-z]\w*)\b"#)
        var named: Set<String> = []
        var missing: [String] = []
        for match in index.matches(of: reference) {
            let suite = String(try #require(match.output[1].substring))
            let function = String(try #require(match.output[2].substring))
            guard named.insert(String(index[match.range])).inserted else { continue }
            let declaring = try Regex(#"(struct|class|enum|extension)\s+"# + suite + #"\b"#)
            let declares = try Regex(#"func\s+"# + function + #"\s*[(<]"#)
            let owners = sources.filter { $0.contains(declaring) }
            if !owners.contains(where: { $0.contains(declares) }) { missing.append(String(index[match.range])) }
        }
        // The index names about two hundred tests: far fewer found means the pattern broke.
        #expect(named.count >= 190)
        #expect(missing == [])
    }

    @Test("Resetting a scope through a child empties the parent's instances too")
    func resetFromChildReachesParent() throws {
        let counter = Counter()
        let parent = try makeInjector { binder in
            binder.bind(Session.self) { Session(serial: counter.next()) }.scope(.session)
        }
        let child = try parent.child { binder in binder.bind(Clock.self, toInstance: FixedClock(now: 1)) }
        let before = try parent.resolve(Session.self)
        #expect(try child.resolve(Session.self) === before)
        child.reset(.session)
        let after = try parent.resolve(Session.self)
        #expect(after !== before)
        #expect(try child.resolve(Session.self) === after)
        #expect(counter.value == 2)
    }

    @Test("Precedence: module binding < the app's build default < run-time selection < child override")
    func precedence() throws {
        let module = TestModule { binder in
            binder.bind(String.self, toInstance: "unversioned")
            binder.bind(String.self, toInstance: "v1").version("v1")
            binder.bind(String.self, toInstance: "v2").version("v2")
            binder.bind(Int.self, toInstance: 1)
        }
        let byModule = try Injector(modules: [module], versions: .buildDefault("v1"))
        #expect(try byModule.resolve(Int.self) == 1)
        #expect(try byModule.resolve(String.self) == "v1")
        let byBuild = try Injector(
            modules: [module], versions: .buildDefault("v1", overrides: [.of(String.self): "v2"]))
        #expect(try byBuild.resolve(String.self) == "v2")
        let other = "v2"
        let byRunTime = try Injector(modules: [module], versions: VersionSelection(default: other))
        #expect(try byRunTime.resolve(String.self) == other)
        let byChild = try byRunTime.child { binder in binder.bind(String.self, toInstance: "child") }
        #expect(try byChild.resolve(String.self) == "child")
        #expect(try byRunTime.resolve(String.self) == other)
    }

    @Test("A module of overrides given before the module it overrides is reported")
    func overridingModuleGivenFirst() throws {
        let base = TestModule { binder in binder.bind(Clock.self, to: SystemClock.init) }
        let fakes = TestModule { binder in binder.bind(Clock.self) { FixedClock(now: 1) }.overriding() }
        let error = #expect(throws: ValidationError.self) { _ = try Injector(modules: [fakes, base]) }
        #expect(error?.problems.map(\.kind).contains(.overrideWithoutTarget) == true)
        #expect(try Injector(modules: [base, fakes]).resolve(Clock.self).now == 1)
    }

    @Test("A parent singleton that depends on an override through another binding is rebuilt in the child")
    func indirectDependantRebuilt() throws {
        let counter = Counter()
        let parent = try makeInjector { binder in
            binder.bind(Transport.self, to: LiveTransport.init)
            binder.bind(APIClient.self, to: APIClient.init)
            binder.bind(Repository.self) { (api: APIClient) in
                counter.next()
                return Repository(api: api)
            }
            .scope(.singleton)
        }
        let live = try parent.resolve(Repository.self)
        let child = try parent.child { binder in binder.bind(Transport.self, to: FakeTransport.init) }
        let faked = try child.resolve(Repository.self)
        #expect(faked !== live)
        #expect(faked.api.transport.name == "fake")
        #expect(try child.resolve(Repository.self) === faked)
        #expect(try parent.resolve(Repository.self) === live)
        #expect(counter.value == 2)
    }

    @Test("A strict child that forgets to fake a live-only binding never runs its factory")
    func strictChildNeverRunsLiveFactory() throws {
        let live = Counter()
        let parent = try makeInjector { binder in
            binder.bind(Transport.self) {
                live.next()
                return LiveTransport()
            }.liveOnly()
            binder.bind(APIClient.self, to: APIClient.init)
        }
        let test = try parent.child(strict: true) { binder in binder.bind(Clock.self, toInstance: FixedClock(now: 1)) }
        let site = try #require(parent.explain(Transport.self).binding).site
        #expect(site.fileID == "ContainerTests/GuideTests.swift")
        let direct = try #require(throws: ResolutionError.self) { _ = try test.resolve(APIClient.self) }
        let provided = try #require(throws: ResolutionError.self) {
            _ = try test.resolve(Provider<APIClient>.self).get()
        }
        for refused in [direct, provided] {
            guard case .liveOnly(let refusedSite) = refused.reason else {
                Issue.record("expected a live-only refusal, got \(refused)")
                continue
            }
            #expect(refusedSite == site)
            #expect(refused.key == .of(Transport.self))
            #expect(refused.path.map(\.key) == [.of(APIClient.self), .of(Transport.self)])
        }
        #expect(live.value == 0)
    }

    @Test("A long path shows its first step, how many it leaves out, and the 15 nearest the problem")
    func longPathElided() throws {
        let body: @Sendable (Binder) -> Void = { binder in
            for index in 0...30 {
                let next: ServiceKey = index < 30 ? .of(ChainLink.self, named: "\(index + 1)") : .of(ChainMissing.self)
                binder.bind(ChainLink.self, needs: [next]) { _ in ChainLink() }.named("\(index)")
            }
        }
        let found = try problems(body)
        // Every link is bound by the one line in the loop.
        let site = Sites(body)[ChainLink.self, named: "0"]
        let nearest = (16...30).map { "         -> ChainLink named \"\($0)\" (\(site))" }
        #expect(
            found.map(\.description) == [
                ([
                    "error: no binding for ChainMissing [G101]",
                    "  needed by ChainLink named \"0\" (\(site))",
                    "         -> … 15 more",
                ]
                    + nearest
                    + [
                        "         -> ChainMissing",
                        "  fix: bind ChainMissing in one of the modules given to Injector(modules:)",
                    ]).joined(separator: "\n")
            ])
        #expect(found.first?.omittedSteps == 15)
    }

    struct CaptiveCase: Sendable, CustomTestStringConvertible {
        let holder: Scope
        let held: Scope
        let isCaptive: Bool
        var testDescription: String { "\(holder) holding \(held): \(isCaptive ? "captive" : "fine")" }
    }

    /// singleton > resettable scopes > weak, and two different resettable scopes hold neither way.
    static let captiveCases: [CaptiveCase] = [
        CaptiveCase(holder: .singleton, held: .weak, isCaptive: true),
        CaptiveCase(holder: .singleton, held: .session, isCaptive: true),
        CaptiveCase(holder: .eagerSingleton, held: .session, isCaptive: true),
        CaptiveCase(holder: .session, held: .weak, isCaptive: true),
        CaptiveCase(holder: .session, held: .resettable("request"), isCaptive: true),
        CaptiveCase(holder: .resettable("request"), held: .session, isCaptive: true),
        CaptiveCase(holder: .singleton, held: .eagerSingleton, isCaptive: false),
        CaptiveCase(holder: .session, held: .singleton, isCaptive: false),
        CaptiveCase(holder: .session, held: .session, isCaptive: false),
        CaptiveCase(holder: .weak, held: .session, isCaptive: false),
        CaptiveCase(holder: .weak, held: .singleton, isCaptive: false),
        CaptiveCase(holder: .weak, held: .weak, isCaptive: false),
        CaptiveCase(holder: .transient, held: .weak, isCaptive: false),
    ]

    @Test("A longer-lived scope may not hold a shorter-lived one", arguments: captiveCases)
    func captiveOrder(_ captive: CaptiveCase) throws {
        let found = try problems { binder in
            binder.bind(Session.self) { Session(serial: 1) }.scope(captive.held)
            binder.bind(Coordinator.self, to: Coordinator.init).scope(captive.holder)
        }
        #expect(found.map(\.kind) == (captive.isCaptive ? [.captiveDependency] : []))
    }

    enum HoldingEdge: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case optional = "T?"
        case named = "Named<_, T>"
        case lazy = "Lazy<T>"
        case lazyOptional = "Lazy<T?>"
        case implements = "a type T .implements"
        case provider = "Provider<T>"

        /// Binds a session-scoped `Session` and a singleton that takes it through this edge.
        func bind(_ binder: Binder) {
            let session = binder.bind(Session.self) { Session(serial: 1) }.scope(.session)
            switch self {
            case .optional: binder.bind(HoldsOptional.self, to: HoldsOptional.init).scope(.singleton)
            case .named:
                session.named(SessionKey.self)
                binder.bind(HoldsNamed.self, to: HoldsNamed.init).scope(.singleton)
            case .lazy: binder.bind(HoldsLazy.self, to: HoldsLazy.init).scope(.singleton)
            case .lazyOptional: binder.bind(HoldsLazyOptional.self, to: HoldsLazyOptional.init).scope(.singleton)
            case .implements:
                session.implements((any SessionReading).self) { $0 }
                binder.bind(HoldsForwarded.self, to: HoldsForwarded.init).scope(.singleton)
            case .provider: binder.bind(HoldsProvider.self, to: HoldsProvider.init).scope(.singleton)
            }
        }

        var testDescription: String { rawValue }
    }

    @Test(
        "A singleton holding a session-scoped instance is captive through every edge that keeps it, not through a Provider",
        arguments: HoldingEdge.allCases)
    func captiveThroughEveryEdge(_ edge: HoldingEdge) throws {
        let found = try problems(edge.bind)
        #expect(found.map(\.kind) == (edge == .provider ? [] : [.captiveDependency]))
    }

    @Test("A graph built without validation can still be inspected")
    func inspectBrokenGraph() throws {
        let injector = try makeInjector(validating: .reporting) { binder in
            binder.bind(APIClient.self, to: APIClient.init)
        }
        let error = #expect(throws: ValidationError.self) { try injector.validate() }
        #expect(error?.problems.map(\.message) == ["no binding for Transport"])
        #expect(injector.graph.unbound == [.of(Transport.self)])
        #expect(injector.explain(APIClient.self).binding?.key == .of(APIClient.self))
        #expect(injector.explain(Transport.self).binding == nil)
    }

    @Test("Edges through a Lazy are marked in the rendered graph")
    func lazyEdgesMarked() throws {
        let injector = try makeInjector { binder in
            binder.bind(Owner.self, to: Owner.init).scope(.singleton)
            binder.bind(Pet.self, to: Pet.init)
        }
        let text = injector.graph.rendered(as: .text)
        #expect(text.contains("\n  -> Pet (lazy)\n"), "\(text)")
        #expect(text.contains("\n  -> Owner\n") || text.hasSuffix("\n  -> Owner"), "\(text)")
    }
}
