/// How a binding depends on another type.
enum DependencyKind: String, Sendable {
    /// The dependency is built before the dependant and handed to its factory.
    case direct
    /// A ``Provider`` builds the dependency on demand; a cycle through it is legal.
    case provider
    /// A ``Lazy`` builds the dependency once, on first use; a cycle through it is legal.
    case lazy

    /// Whether the dependant keeps what this edge gives it (for the captive check).
    var holdsInstance: Bool { self != .provider }
}

/// One edge of the graph, from a binding to what it needs.
struct Dependency: Hashable, Sendable {
    let key: ServiceKey
    let kind: DependencyKind

    /// The dependency that a factory parameter of type `T` stands for.
    static func of<T>(_ type: T.Type) -> Dependency {
        if let special = type as? any SpecialDependency.Type { return special.dependency }
        return Dependency(key: .of(type), kind: .direct)
    }
}

/// Everything known about one `bind` call once its module is configured.
struct Binding: Sendable {
    let key: ServiceKey
    /// The version as written, or `nil` for a binding that serves every selection.
    let versionText: String?
    let scope: Scope
    let isOverriding: Bool
    let isLiveOnly: Bool
    let site: DeclarationSite
    let recipe: any Recipe
    /// Known from the factory's parameter types, or learned by a dry run for an opaque factory.
    var dependencies: [Dependency]

    var version: Version? { versionText.flatMap(Version.init) }
    var isOpaque: Bool { recipe.isOpaque }
}

/// Turns a binding into a producer once the graph is known.
protocol Recipe: Sendable {
    associatedtype Value: Sendable
    var isOpaque: Bool { get }
    func makeProducer(for binding: Binding, compiler: Compiler) -> any AnyProducer
    /// Runs an opaque factory with a recording resolver, to learn its edges.
    func dryRun(_ resolver: Resolver)
}

extension Recipe {
    var isOpaque: Bool { false }
    func dryRun(_ resolver: Resolver) {}
}

/// A factory whose parameter types are its dependencies.
struct AutowiredRecipe<T: Sendable, each D: Sendable>: Recipe {
    typealias Value = T
    let factory: @Sendable (repeat each D) throws -> T

    func makeProducer(for binding: Binding, compiler: Compiler) -> any AnyProducer {
        let dependencies = (repeat compiler.producer(for: (each D).self))
        let factory = factory
        return compiler.scoped(binding) { () throws(ResolutionError) -> T in
            do {
                return try factory(repeat try (each dependencies).get())
            } catch {
                throw ResolutionError.wrapping(error, in: binding)
            }
        }
    }
}

/// A factory that asks a ``Resolver`` for what it needs.
struct OpaqueRecipe<T: Sendable>: Recipe {
    typealias Value = T
    let factory: @Sendable (Resolver) throws -> T

    var isOpaque: Bool { true }

    func makeProducer(for binding: Binding, compiler: Compiler) -> any AnyProducer {
        let factory = factory
        let table = compiler.table
        return compiler.scoped(binding) { () throws(ResolutionError) -> T in
            try BuildStack.enter(binding.key) { () throws(ResolutionError) -> T in
                do {
                    return try factory(Resolver(table: table, recorder: nil))
                } catch {
                    throw ResolutionError.wrapping(error, in: binding)
                }
            }
        }
    }

    func dryRun(_ resolver: Resolver) {
        _ = try? factory(resolver)
    }
}

/// A value made before the injector.
struct InstanceRecipe<T: Sendable>: Recipe {
    typealias Value = T
    let instance: T

    func makeProducer(for binding: Binding, compiler: Compiler) -> any AnyProducer {
        let instance = instance
        return Producer<T> { () throws(ResolutionError) -> T in instance }
    }
}
