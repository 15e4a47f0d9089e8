/// The bindings of one injector level after duplicates and overrides are settled and one
/// binding per key is chosen for the version selection.
///
/// Its parts are in files by concern: choosing among versions here, collections in
/// Selection+Collections, decorators in Selection+Decorators. Only those files write its
/// properties.
struct Selection: Sendable {
    /// Keys with a chosen binding, in the order their first binding was declared.
    private(set) var order: [ServiceKey] = []
    /// The binding chosen for each key of ``order``, at the same position.
    var bindings: [Binding] = []
    /// Where each key of ``order`` is: the one table of keys that start-up builds. The
    /// positions it gives index ``bindings`` and every table that start-up and validation keep
    /// per binding, so that no later phase hashes a key to find its binding again.
    private(set) var positions = KeyIndex()
    /// For a key not chosen simply as its only binding (a version chosen among several, a
    /// collection, a parent's binding a child decorates): the other candidates, and why.
    var choices: [ServiceKey: Choice] = [:]
    /// Why a key with no ``choices`` entry is served: a root's only binding, or a child's override.
    private let plainReason: SelectionReason
    /// Keys that are bound, but that no binding serves under the selection: only later versions
    /// are bound, or the key is retired.
    private(set) var notServed: [ServiceKey: NotServed] = [:]
    /// Keys bound, but whose selected version is malformed (reported once, as the selection's
    /// problem), so nothing could be chosen for them.
    private(set) var unselectable: Set<ServiceKey> = []
    var problems: [GraphProblem] = []
    /// Keys this level hides from its parent's: items it withdraws from their collections, and
    /// types a child retires.
    var hidden: Set<ServiceKey> = []
    /// Keys this level decorates but does not bind: a child's decorator of a parent's binding.
    var decoratedOnly: Set<ServiceKey> = []
    /// The retirement of each key that a child retires, which hides the parent's binding.
    var childRetirements: [ServiceKey: Binding] = [:]
    /// Every well-formed version this level declares for each service (type and name; a
    /// contribution counts for its element type): bindings, retirements and decorators.
    var declaredVersions: [ServiceKey: Set<Version>] = [:]
    /// The invalid-selection messages already reported, so each is reported once.
    private var invalidSelections: Set<String> = []
    /// Whether any binding declared here contributes to a collection (whichever version is
    /// chosen), so that ``collect`` looks for contributions only when there may be some.
    var hasContributions = false

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
                reportInvalidVersion(text, on: "binding", of: binding.key, at: binding.site)
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

    mutating func reportRetirementOfUnbound(_ retirement: Binding) {
        problems.append(
            GraphProblem(
                .retiresUnbound,
                "\(retirement.key) is retired from \(retirement.versionText ?? ""), but nothing binds \(retirement.key)",
                subject: retirement.key, site: retirement.site, notes: ["retired at \(retirement.site)"],
                fix: "remove the retire, or check that the module that binds \(retirement.key) is given too"))
    }

    /// Reports a version written on a declaration (`"binding"`, `"decorator"`) that does not parse.
    mutating func reportInvalidVersion(
        _ text: String, on declaration: String, of key: ServiceKey, at site: DeclarationSite
    ) {
        problems.append(
            GraphProblem(
                .invalidVersion, "invalid version \"\(text)\" on the \(declaration) of \(key)", subject: key,
                site: site,
                notes: ["declared at \(site)"], fix: "write \(Version.formatHelp)"))
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

    mutating func append(_ binding: Binding, for key: ServiceKey) {
        positions.set(order.count, for: key)
        order.append(key)
        bindings.append(binding)
    }

    /// Why a key was chosen, when not simply as its only binding.
    struct Choice: Sendable {
        /// The other bindings that could have served the key with it, lowest version first;
        /// empty when it was the only one.
        let rivals: [Binding]
        let reason: SelectionReason
    }
}
