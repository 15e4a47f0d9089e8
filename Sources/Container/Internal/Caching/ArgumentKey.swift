/// One set of run-time argument values, as the key of the instance a scoped argument binding
/// keeps for them.
@usableFromInline
struct ArgumentKey: Hashable, Sendable {
    @usableFromInline var values: [any Hashable & Sendable] = []

    @inlinable
    init<each Argument: Hashable & Sendable>(_ arguments: repeat each Argument) {
        for argument in repeat each arguments { values.append(argument) }
    }

    @usableFromInline
    static func == (lhs: ArgumentKey, rhs: ArgumentKey) -> Bool {
        guard lhs.values.count == rhs.values.count else { return false }
        for (left, right) in zip(lhs.values, rhs.values) where erased(left) != erased(right) { return false }
        return true
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        for value in values { hasher.combine(erased(value)) }
    }
}

/// `value` with its type opened, so that values of different types compare unequal.
private func erased(_ value: some Hashable) -> AnyHashable {
    AnyHashable(value)
}
