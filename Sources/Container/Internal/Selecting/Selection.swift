/// The bindings of one injector level after duplicates and overrides are settled and one
/// binding per key is chosen for the version selection.
struct Selection: Sendable {
    /// Keys with a chosen binding, in the order their first binding was declared.
    private(set) var order: [ServiceKey] = []
    /// The binding chosen for each key of ``order``, at the same position.
    private(set) var bindings: [Binding] = []
    /// Where each key of ``order`` is: the one table of keys that start-up builds. The
    /// positions it gives index ``bindings`` and every table that start-up and validation keep
    /// per binding, so that no later phase hashes a key to find its binding again.
    private(set) var positions = KeyIndex()
    /// For a key not chosen simply as its only binding (a version chosen among several, a
    /// collection, a parent's binding a child decorates): the other candidates, and why.
    private var choices: [ServiceKey: Choice] = [:]
    /// Why a key with no ``choices`` entry is served: a root's only binding, or a child's override.
    private let plainReason: SelectionReason
    /// Keys that are bound, but that no binding serves under the selection: only later versions
    /// are bound, or the key is retired.
    private(set) var notServed: [ServiceKey: NotServed] = [:]
    /// Keys bound, but whose selected version is malformed (reported once, as the selection's
    /// problem), so nothing could be chosen for them.
    private(set) var unselectable: Set<ServiceKey> = []
    private(set) var problems: [GraphProblem] = []
    /// Keys this level hides from its parent's: items it withdraws from their collections, and
    /// types a child retires.
    private(set) var hidden: Set<ServiceKey> = []
    /// Keys this level decorates but does not bind: a child's decorator of a parent's binding.
    private(set) var decoratedOnly: Set<ServiceKey> = []
    /// The retirement of each key that a child retires, which hides the parent's binding.
    private var childRetirements: [ServiceKey: Binding] = [:]
    /// Every well-formed version this level declares for each service (type and name; a
    /// contribution counts for its element type): bindings, retirements and decorators.
    private(set) var declaredVersions: [ServiceKey: Set<Version>] = [:]
    /// The invalid-selection messages already reported, so each is reported once.
    private var invalidSelections: Set<String> = []
    /// Whether any binding declared here contributes to a collection (whichever version is
    /// chosen), so that ``collect`` looks for contributions only when there may be some.
    private var hasContributions = false

    /// Settles `bindings`, declared in this order, for `versions`. A child injector's bindings
    /// override its parent's whatever their version, so they are chosen `asOverrides`.
    init(bindings: [Binding], versions: VersionSelection, asOverrides: Bool = false) {
        plainReason = asOverrides ? .childOverride : .unversioned
        let (bound, firsts, others) = settleDuplicates(bindings)
        // Sorted once for both reports below: a key's description demangles its type's name.
        let overrides = asOverrides ? [] : versions.overrides.sorted { $0.key.description < $1.key.description }
        if !asOverrides {
            // A malformed selection is a problem whether or not any binding is versioned.
            if let text = versions.defaultVersion { reportIfInvalid(text, origin: versions.defaultOrigin) }
            for (key, version) in overrides { reportIfInvalid(version, origin: .override(key)) }
        }
        let defaultVersion = versions.defaultVersion.flatMap(Version.init)
        self.bindings = firsts
        var unchosen: Set<Int> = []
        // The common case, one binding without a version per key, has nothing to choose.
        for (position, (key, first)) in zip(order, firsts).enumerated()
        where first.version != nil || (!others.isEmpty && others[key] != nil) {
            let chosen = choose(
                for: key, among: [first] + (others[key] ?? []), versions: versions, defaultVersion: defaultVersion,
                asOverride: asOverrides)
            if let chosen { self.bindings[position] = chosen } else { unchosen.insert(position) }
        }
        if unchosen.isEmpty {
            // Every key settled has a binding, where settling put it.
            positions = bound
        } else {
            let kept = order.indices.filter { !unchosen.contains($0) }
            order = kept.map { order[$0] }
            self.bindings = kept.map { self.bindings[$0] }
            positions = KeyIndex(minimumCapacity: order.count)
            for (position, key) in order.enumerated() { positions.set(position, for: key) }
        }
        guard !overrides.isEmpty else { return }
        // A selection may name a multibinding's element type: it chooses the version of every
        // item, as `VersionSelection.selectedVersion(for:)` does for keys with an item identity.
        let contributed = Set(
            bound.otherKeys.lazy.filter { $0.item != nil }.map { ServiceKey(type: $0.type, name: $0.name) })
        for (key, version) in overrides where bound[key] == nil && !contributed.contains(key) {
            problems.append(
                GraphProblem(
                    .unsatisfiableVersion,
                    "the version selection names \(key) (\(version)), but nothing binds \(key)", subject: nil,
                    related: [key],
                    fix: "remove \(key) from the selection's overrides, or bind it in one of the modules"))
        }
    }

    /// Makes the binding of each collection this level contributes to, declares or withdraws
    /// from: a transient binding whose edges are its items (a parent's, then this level's, which
    /// replace them by identity), lists ordered by position and then id.
    mutating func collect(declared: [CollectionDeclaration], withdrawals: [Withdrawal], parent: Layer?) {
        // A level that retires, declares, withdraws and contributes nothing makes no collection.
        guard hasContributions || !childRetirements.isEmpty || !declared.isEmpty || !withdrawals.isEmpty else {
            return
        }
        // What a child retires must hide something its parent binds; reported in declaration order.
        let unbound = childRetirements.values.filter {
            parent?.binding(for: $0.key) == nil && parent?.notServed(for: $0.key) == nil
        }
        for retirement in unbound.sorted(by: { ($0.site.fileID, $0.site.line) < ($1.site.fileID, $1.site.line) }) {
            reportRetirementOfUnbound(retirement)
        }
        var collections: [ServiceKey] = []
        var made: [ServiceKey: (recipe: @Sendable () -> Recipe, site: DeclarationSite)] = [:]
        var items: [ServiceKey: [ServiceKey]] = [:]
        func note(_ collection: ServiceKey, _ recipe: @escaping @Sendable () -> Recipe, _ site: DeclarationSite) {
            if made[collection] == nil {
                collections.append(collection)
                made[collection] = (recipe, site)
            }
        }
        for (key, binding) in zip(order, bindings) {
            guard let membership = binding.membership else { continue }
            note(membership.collection, membership.makeCollection, binding.site)
            items[membership.collection, default: []].append(key)
        }
        for declaration in declared { note(declaration.collection, declaration.makeCollection, declaration.site) }
        var removed: Set<ServiceKey> = []
        for withdrawal in withdrawals {
            guard let inherited = parent?.binding(for: withdrawal.collection),
                inherited.dependencies.contains(where: { $0.key == withdrawal.item })
            else {
                problems.append(
                    GraphProblem(
                        .missingBinding,
                        "withdraw of \(withdrawal.item), which the collection \(withdrawal.collection) does not have",
                        subject: withdrawal.collection, related: [withdrawal.item], site: withdrawal.site,
                        notes: ["declared at \(withdrawal.site)"],
                        fix: "withdraw an item the parent contributes, or remove the withdraw"))
                continue
            }
            note(withdrawal.collection, { inherited.recipe }, inherited.site)
            removed.insert(withdrawal.item)
            hidden.insert(withdrawal.item)
        }
        for collection in collections {
            let (recipe, site) = made[collection]!
            if let plain = binding(for: collection) {
                problems.append(
                    GraphProblem(
                        .duplicateBinding, "duplicate binding of \(collection): bound, and made from contributions",
                        subject: collection,
                        notes: ["bound at \(plain.site)", "contributed to at \(site)"],
                        fix: "contribute every item, or bind the collection, not both"))
                continue
            }
            var keys = (parent?.binding(for: collection)?.dependencies.map(\.key) ?? []).filter {
                !removed.contains($0)
            }
            for key in items[collection] ?? [] where !keys.contains(key) { keys.append(key) }
            // Each item's place is read before the tables change below: a closure that kept one
            // alive would make that change copy the whole table, once per collection.
            keys =
                keys.map { key in
                    (
                        key: key,
                        position: (self.binding(for: key) ?? parent?.binding(for: key))?.membership?.position ?? 0,
                        label: key.item?.label ?? ""
                    )
                }
                .sorted { ($0.position, $0.label) < ($1.position, $1.label) }
                .map(\.key)
            let binding = Binding(
                key: collection, versionText: nil, scope: .transient, isOverriding: false, isLiveOnly: false,
                site: site, recipe: recipe(), dependencies: keys.map { Dependency(key: $0, kind: .direct) })
            append(binding, for: collection)
            choices[collection] = Choice(rivals: [], reason: .collection(items: keys.count))
        }
    }

    /// Wraps the chosen binding of each decorated key with the decorators chosen for the
    /// selection: for each decorator id, the selected version if declared, else the highest below
    /// it; one without a version always. `parent` serves the keys a child decorates but does not
    /// bind.
    mutating func decorate(with decorators: [Decorator], versions: VersionSelection, parent: Layer?) {
        var chosen: [Decorator] = []
        // By key, then id, not by a string of both: a key's description is its type's name,
        // which the runtime demangles the first time it is asked for (S12, whose keys are
        // nested generic types: ≈700 k instructions per decorator, a fifth of a first start-up).
        var groups: [ServiceKey: [String: [Decorator]]] = [:]
        for (position, decorator) in decorators.enumerated() {
            if let text = decorator.versionText, decorator.version == nil {
                problems.append(
                    GraphProblem(
                        .invalidVersion, "invalid version \"\(text)\" on the decorator of \(decorator.key)",
                        subject: decorator.key,
                        site: decorator.site,
                        notes: ["declared at \(decorator.site)"], fix: "write \(Version.formatHelp)"))
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

    /// Keeps, per key and version, the last binding of a chain of overrides, and reports the
    /// duplicates that did not say `.overriding()`. Returns where each key is in ``order``, each
    /// key's first binding (in that order) and, for the few keys bound more than once, the others.
    ///
    /// Positions rather than a table of first bindings: one hash per binding finds or claims its
    /// key's place, and the caller walks the first bindings without looking each up again.
    private mutating func settleDuplicates(_ bindings: [Binding]) -> (
        positions: KeyIndex, firsts: [Binding], others: [ServiceKey: [Binding]]
    ) {
        var positions = KeyIndex(minimumCapacity: bindings.count)
        var firsts: [Binding] = []
        var others: [ServiceKey: [Binding]] = [:]
        firsts.reserveCapacity(bindings.count)
        for binding in bindings {
            if let text = binding.versionText, binding.version == nil {
                problems.append(
                    GraphProblem(
                        .invalidVersion, "invalid version \"\(text)\" on the binding of \(binding.key)",
                        subject: binding.key,
                        site: binding.site,
                        notes: ["declared at \(binding.site)"], fix: "write \(Version.formatHelp)"))
                continue
            }
            if let version = binding.version { declaredVersions[binding.key.service, default: []].insert(version) }
            if binding.membership != nil { hasContributions = true }
            let next = firsts.count
            let position = positions.position(of: binding.key, insertingIfAbsent: next)
            guard position < next else {
                order.append(binding.key)
                if binding.isOverriding { reportOverrideWithoutTarget(binding) }
                firsts.append(binding)
                continue
            }
            let first = firsts[position]
            if first.version == binding.version {
                if !binding.isOverriding { reportDuplicate(of: first, by: binding) }
                firsts[position] = binding
            } else if let index = others[binding.key]?.firstIndex(where: { $0.version == binding.version }) {
                if !binding.isOverriding { reportDuplicate(of: others[binding.key]![index], by: binding) }
                others[binding.key]![index] = binding
            } else {
                if binding.isOverriding { reportOverrideWithoutTarget(binding) }
                others[binding.key, default: []].append(binding)
            }
        }
        return (positions, firsts, others)
    }

    private mutating func reportRetirementOfUnbound(_ retirement: Binding) {
        problems.append(
            GraphProblem(
                .retiresUnbound,
                "\(retirement.key) is retired from \(retirement.versionText ?? ""), but nothing binds \(retirement.key)",
                subject: retirement.key, site: retirement.site, notes: ["retired at \(retirement.site)"],
                fix: "remove the retire, or check that the module that binds \(retirement.key) is given too"))
    }

    private mutating func reportIfInvalid(_ text: String, origin: VersionSelection.Origin) {
        guard Version(text) == nil else { return }
        let message = "invalid selected version \"\(text)\" (\(origin))"
        if invalidSelections.insert(message).inserted {
            let subject: ServiceKey? = if case .override(let key) = origin { key } else { nil }
            problems.append(
                GraphProblem(.invalidVersion, message, subject: subject, fix: "select \(Version.formatHelp)"))
        }
    }

    private mutating func reportDuplicate(of earlier: Binding, by binding: Binding) {
        let version = binding.versionText.map { " version \($0)" } ?? ""
        problems.append(
            GraphProblem(
                .duplicateBinding, "duplicate binding of \(binding.key)\(version)", subject: binding.key,
                site: binding.site,
                notes: ["first declared at \(earlier.site)", "again declared at \(binding.site)"],
                fix: "remove one of them, or add .overriding() to the second if it is meant to replace the first"))
    }

    private mutating func reportOverrideWithoutTarget(_ binding: Binding) {
        let version = binding.versionText.map { " version \($0)" } ?? ""
        problems.append(
            GraphProblem(
                .overrideWithoutTarget,
                "binding of \(binding.key)\(version) says .overriding(), but nothing before it binds \(binding.key)\(version)",
                subject: binding.key, site: binding.site,
                notes: ["declared at \(binding.site)"],
                fix: "remove .overriding(), or check that the module with the original binding is given first"))
    }

    /// Picks the binding of the selected version, else the highest below it, else the one
    /// without a version; with no selection given, the highest version bound. When the pick is
    /// a retirement, or nothing is at or below the selected version, the key is not served.
    private mutating func choose(
        for key: ServiceKey, among candidates: [Binding], versions: VersionSelection,
        defaultVersion: Version?, asOverride: Bool
    ) -> Binding? {
        let sorted = candidates.sorted { lower, higher in
            switch (lower.version, higher.version) {
            case (nil, .some): true
            case (.some(let a), .some(let b)): a < b
            default: false
            }
        }
        // A child's retirement hides its parent's binding, checked once the parent is known.
        if !asOverride, let retirement = sorted.first, !sorted.contains(where: { !$0.isRetirement }) {
            reportRetirementOfUnbound(retirement)
        }
        let (selectedText, origin) = versions.selectedVersion(for: key)
        let chosen: Binding?
        let reason: SelectionReason
        if let text = selectedText {
            guard let wanted = text == versions.defaultVersion ? defaultVersion : Version(text) else {
                reportIfInvalid(text, origin: origin)
                unselectable.insert(key)
                return nil
            }
            if let exact = sorted.first(where: { $0.version == wanted }) {
                (chosen, reason) = (exact, .exact(selected: text, origin: origin))
            } else if let below = sorted.last(where: { $0.version.map { $0 < wanted } ?? false }) {
                (chosen, reason) = (below, .fallback(selected: text, origin: origin, to: below.versionText ?? ""))
            } else if let unversioned = sorted.first, unversioned.version == nil {
                (chosen, reason) = (unversioned, .unversionedFallback(selected: text, origin: origin))
            } else {
                (chosen, reason) = (nil, .unversioned)
            }
        } else {
            // No selection given: the latest, and `choose` only sees keys with a versioned binding.
            chosen = sorted.last!
            reason = .latest(chosen?.versionText ?? "")
        }
        guard let chosen, !chosen.isRetirement else {
            // A contribution only of later versions is simply not in this selection's collection.
            guard key.item == nil else { return nil }
            notServed[key] = NotServed(
                key: key, selectedVersion: selectedText, origin: origin,
                candidates: sorted.map { Candidate($0, selected: $0 === chosen) })
            if asOverride, let chosen, chosen.isRetirement {
                hidden.insert(key)
                childRetirements[key] = chosen
            }
            return nil
        }
        choices[key] = Choice(rivals: sorted.count > 1 ? sorted : [], reason: asOverride ? .childOverride : reason)
        return chosen
    }

    /// The binding chosen for `key` at this level.
    func binding(for key: ServiceKey) -> Binding? {
        guard let position = positions[key] else { return nil }
        return bindings[position]
    }

    /// Whether this level chose a binding for `key`.
    func binds(_ key: ServiceKey) -> Bool {
        positions[key] != nil
    }

    /// The binding chosen for `key` at this level, with why and among which candidates.
    func selected(_ key: ServiceKey) -> Selected? {
        guard let position = positions[key] else { return nil }
        let choice = choices[key]
        return Selected(
            binding: bindings[position], rivals: choice?.rivals ?? [], reason: choice?.reason ?? plainReason)
    }

    private mutating func append(_ binding: Binding, for key: ServiceKey) {
        positions.set(order.count, for: key)
        order.append(key)
        bindings.append(binding)
    }

    /// Why a key was chosen, when not simply as its only binding.
    private struct Choice: Sendable {
        /// The other bindings that could have served the key with it, lowest version first;
        /// empty when it was the only one.
        let rivals: [Binding]
        let reason: SelectionReason
    }
}
