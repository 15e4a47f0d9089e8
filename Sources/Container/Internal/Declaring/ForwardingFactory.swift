/// A ``Factory`` type, which knows its own argument types: so `.implements` on a binding with
/// run-time arguments, which knows only the bound type, can make the factory of the type it
/// forwards to, with the same arguments.
protocol ForwardingFactory {
    /// The recipe of a binding that serves `Factory<Argument…, F>` by calling the factory of the
    /// binding it forwards to and converting what it makes; and that factory type.
    static func forwarding<Source, F: Sendable>(
        to type: F.Type, _ conversion: @escaping @Sendable (Source) -> F
    ) -> (recipe: Recipe, factory: any Any.Type)
}

extension Factory: ForwardingFactory {
    static func forwarding<Source, F: Sendable>(
        to type: F.Type, _ conversion: @escaping @Sendable (Source) -> F
    ) -> (recipe: Recipe, factory: any Any.Type) {
        // Checked once, when the binding is declared: `Source` is the bound type, the product
        // of this factory type, since the binding's builder made both.
        let convert = conversion as! @Sendable (Product) -> F
        let recipe = Recipe.arguments { binding, compiler in
            let source = compiler.producer(for: binding.forwardsTo!, as: Self.self)
            // Transient: the source's factory keeps one instance per argument value when
            // its scope says so, and this one hands those instances on.
            return compiler.factory(of: binding) {
                (arguments: repeat each Argument) throws(ResolutionError) -> F in
                convert(try source.get().make(repeat each arguments))
            }
        }
        return (recipe, Factory<repeat each Argument, F>.self)
    }
}
