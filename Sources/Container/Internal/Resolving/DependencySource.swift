/// Where an autowired factory's call finds its dependencies' producers: the compiler, when
/// the binding is compiled, or the values already awaited, when a dependency is asynchronous
/// and the synchronous factory is called once they are built.
///
/// The fixed-arity `bind(_:to:)` overloads capture one typed ``Producer`` per parameter, which
/// costs less per call than reading them through ``Arguments``; the pack
/// form, of four parameters and more, reads them through ``Arguments``: a tuple of a pack's
/// producers would be read through tuple metadata on every call.
enum DependencySource {
    case compiler(Compiler)
    case built(Arguments)

    /// The producer of the parameter at `position`, of type `T`, of the factory of `binding`,
    /// whose dependencies say what each parameter is.
    func producer<T>(_ type: T.Type, at position: Int, of binding: Binding) -> Producer<T> {
        switch self {
        case .compiler(let compiler): compiler.producer(for: type, at: position, of: binding)
        case .built(let arguments): arguments.producer(at: position, as: type)
        }
    }

    /// The producers of every parameter, in order.
    func arguments<each D>(for types: repeat (each D).Type) -> Arguments {
        switch self {
        case .compiler(let compiler): compiler.arguments(for: repeat each types)
        case .built(let arguments): arguments
        }
    }
}
