import Synchronization

/// What an opaque factory, `bind(P.self) { resolver in ... }`, asks for its dependencies.
///
/// Prefer autowired factories, whose edges the container reads from the parameter types.
/// The edges of an opaque factory are learned by running it once, with a recording resolver,
/// while the injector validates.
public struct Resolver: Sendable {
    let table: Late<ProducerTable>
    let recorder: Recorder?

    /// The instance bound to `type`.
    /// - Throws: ``ResolutionError`` when the type cannot be built.
    public func resolve<T: Sendable>(_ type: T.Type = T.self) throws(ResolutionError) -> T {
        recorder?.record(Dependency.of(type))
        return try injector(for: .of(type)).resolve(type)
    }

    /// The instance bound to `type` under `name`.
    /// - Throws: ``ResolutionError`` when the type cannot be built.
    public func resolve<T: Sendable>(_ type: T.Type = T.self, named name: String) throws(ResolutionError) -> T {
        recorder?.record(Dependency(key: .of(type, named: name), kind: .direct))
        return try injector(for: .of(type, named: name)).resolve(type, named: name)
    }

    private func injector(for key: ServiceKey) throws(ResolutionError) -> ProducerTable {
        guard let injector = table.target else { throw ResolutionError(.injectorReleased, key: key) }
        return injector
    }
}

/// The edges an opaque factory asked for during its dry run.
final class Recorder: Sendable {
    private let dependencies = Mutex<[Dependency]>([])

    func record(_ dependency: Dependency) {
        dependencies.withLock { if !$0.contains(dependency) { $0.append(dependency) } }
    }

    var recorded: [Dependency] { dependencies.withLock { $0 } }
}
