/// Whether a binding must be built with `await`, and why.
///
/// A binding is asynchronous when its factory is `async`, or when a dependency that is built
/// before it (a direct or optional edge) is asynchronous: it must await that dependency first.
/// Providers, lazy values and factories build later, so they do not pass it on.
enum Asynchrony: Hashable, Sendable {
    case synchronous
    /// Its own factory is `async`.
    case asyncFactory
    /// It needs this asynchronous dependency, built first.
    case dependency(ServiceKey)

    var isAsynchronous: Bool { self != .synchronous }
}

extension Layer {
    /// Whether the binding of `key`, as this level serves it, is asynchronous, and why.
    ///
    /// Settled once per key and level, and remembered: each binding and edge is visited once,
    /// so settling the whole graph is linear in bindings + edges. The search keeps its own
    /// stack, so a long chain of dependencies cannot overflow the thread's.
    func asynchrony(of key: ServiceKey) -> Asynchrony {
        guard hasAsyncFactory else { return .synchronous }
        return asynchronies.withLock { settled in
            if let known = settled[key] { return known }
            // Each entry: a key being settled, and the next of its dependencies to look at.
            var stack = [(key: key, next: 0)]
            var visiting: Set<ServiceKey> = [key]
            search: while let (current, next) = stack.last {
                var found = Asynchrony.synchronous
                if let binding = binding(for: current), !isRefused(current) {
                    if binding.recipe.isAsync {
                        found = .asyncFactory
                    } else if binding.recipe.canAwait {
                        // (A recipe that cannot await its dependencies stays synchronous; building it
                        // synchronously fails with the asynchronous dependency's error.)
                        for index in next..<binding.dependencies.count {
                            let dependency = binding.dependencies[index]
                            // A loop of such edges is a cycle that validation reports; it makes
                            // nothing asynchronous.
                            guard dependency.kind.isBuiltFirst, !visiting.contains(dependency.key) else { continue }
                            guard let known = settled[dependency.key] else {
                                // Settle the dependency first, then come back to this edge.
                                stack[stack.count - 1].next = index
                                visiting.insert(dependency.key)
                                stack.append((dependency.key, 0))
                                continue search
                            }
                            if known.isAsynchronous {
                                found = .dependency(dependency.key)
                                break
                            }
                        }
                    }
                }
                settled[current] = found
                visiting.remove(current)
                stack.removeLast()
            }
            return settled[key]!
        }
    }

    /// The keys from `key` to the binding whose factory is `async`, both included: `[key]` when
    /// its own factory is.
    func asynchronousChain(from key: ServiceKey) -> [ServiceKey] {
        var chain = [key]
        while case .dependency(let next) = asynchrony(of: chain.last!), chain.count <= PathStep.limit {
            chain.append(next)
        }
        return chain
    }
}
