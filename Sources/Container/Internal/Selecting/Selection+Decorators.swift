/// How a level wraps its bindings in the decorators chosen for its selection.
extension Selection {
    /// Wraps the chosen binding of each decorated key with the decorators chosen for the
    /// selection: for each decorator id, the selected version if declared, else the highest below
    /// it; one without a version always. `parent` serves the keys a child decorates but does not
    /// bind.
    mutating func decorate(with decorators: [Decorator], versions: VersionSelection, parent: Layer?) {
        let chosen = chooseDecorators(decorators, for: versions)
        var byKey: [ServiceKey: [Decorator]] = [:]
        var keys: [ServiceKey] = []
        // A key a child binds itself is still wrapped by its parent's decorators, inside the
        // child's own: a decorator wraps whatever serves its type, a test's fake included.
        for key in order {
            guard let inherited = parent?.binding(for: key)?.decorators, !inherited.isEmpty else { continue }
            keys.append(key)
            byKey[key] = inherited
        }
        for decorator in chosen {
            if byKey[decorator.key] == nil { keys.append(decorator.key) }
            byKey[decorator.key, default: []].append(decorator)
        }
        for key in keys {
            let wrapping = byKey[key]!
            guard let base = selected(key) ?? (hidden.contains(key) ? nil : parent?.selected(for: key)) else {
                // A decorator of a type that is bound but not served under this selection has
                // nothing to wrap here, which is no problem: another selection serves it.
                let isBound =
                    notServed[key] != nil || unselectable.contains(key) || hidden.contains(key)
                    || parent?.notServed(for: key) != nil || parent?.isUnselectable(key) == true
                if isBound { continue }
                for decorator in wrapping {
                    problems.append(
                        GraphProblem(
                            .decoratesUnbound, "decorator of \(key), which nothing binds", subject: key,
                            site: decorator.site,
                            notes: ["declared at \(decorator.site)"],
                            fix: "bind \(key), or remove the decorator if \(key) is not part of this graph"))
                }
                continue
            }
            let decorated = base.binding.decorated(with: wrapping)
            if let position = positions[key] {
                bindings[position] = decorated
            } else {
                append(decorated, for: key)
                decoratedOnly.insert(key)
                // The parent's reason and candidates, which are not this level's.
                choices[key] = Choice(rivals: base.rivals, reason: base.reason)
            }
        }
    }

    /// The decorators chosen for the selection, in declaration order (which decides how they
    /// stack); an invalid version is reported, and each version declared is noted.
    private mutating func chooseDecorators(_ decorators: [Decorator], for versions: VersionSelection) -> [Decorator] {
        var chosen: [Decorator] = []
        // By key, then id, not by a string of both: a key's description is its type's name,
        // which the runtime demangles the first time it is asked for, dearly for nested generic
        // types.
        var groups: [ServiceKey: [String: [Decorator]]] = [:]
        for (position, decorator) in decorators.enumerated() {
            if let text = decorator.versionText, decorator.version == nil {
                reportInvalidVersion(text, on: "decorator", of: decorator.key, at: decorator.site)
                continue
            }
            if let version = decorator.version { declaredVersions[decorator.key.service, default: []].insert(version) }
            // Without an id, a decorator is a group of its own, chosen by the same rule.
            let id = decorator.id ?? "\u{0}\(position)"
            groups[decorator.key, default: [:]][id, default: []].append(decorator)
        }
        for group in groups.values.lazy.flatMap({ $0.values }) {
            // The highest version at or below the selected one (any, with no selection given); an
            // unversioned one when none is, or when the selected version is malformed (reported
            // already) and so compares with none.
            let versioned: [Decorator]
            if let text = versions.selectedVersion(for: group[0].key).version {
                versioned =
                    Version(text).map { wanted in group.filter { $0.version.map { $0 <= wanted } ?? false } } ?? []
            } else {
                versioned = group.filter { $0.version != nil }
            }
            let best = versioned.max { $0.version! < $1.version! } ?? group.first { $0.version == nil }
            if let best { chosen.append(best) }
        }
        // Declaration order decides how they stack, whatever their ids.
        if chosen.count > 1 {
            let position = Dictionary(uniqueKeysWithValues: decorators.enumerated().map { (ObjectIdentifier($1), $0) })
            chosen.sort { position[ObjectIdentifier($0)]! < position[ObjectIdentifier($1)]! }
        }
        return chosen
    }
}
