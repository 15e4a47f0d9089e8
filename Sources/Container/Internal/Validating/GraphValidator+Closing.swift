extension GraphValidator {
    /// A closer on a binding whose instances the injector does not keep: a transient one, whose
    /// instances belong to whoever holds them, so no shutdown would ever close one. A value bound
    /// with `toInstance:` is kept whatever its scope says, and a weak binding keeps its instance
    /// while it lives.
    mutating func checkClosers() {
        for binding in bindings
        where binding.closer != nil && binding.scope.lifetimeRank == nil && !binding.recipe.isInstance {
            let key = binding.key
            found.append(
                GraphProblem(
                    .closesTransient,
                    "\(key) declares closing(_:), but it is transient: the injector keeps none of its instances, so none would ever close",
                    subject: key, site: binding.site, notes: ["declared at \(binding.site)"],
                    fix:
                        "give \(key) a scope that keeps its instance, such as .scope(.singleton), or remove closing(_:) and let whoever holds each instance close it"
                ))
        }
    }
}
