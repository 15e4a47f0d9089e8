import Synchronization

/// The cells of a scoped binding with run-time arguments: one per distinct set of argument
/// values, made on first use. A reset of its scope drops them all.
@usableFromInline
final class CellFamily<Cell: AnyObject & Sendable>: ResettableCell {
    /// Guards only the dictionary and the generation its cells were made in; each cell guards
    /// its own builds.
    private let state = Mutex<(generation: UInt64, cells: [ArgumentKey: Cell])>((0, [:]))
    /// The generation of a resettable scope's cells; `nil` for a scope that is never reset.
    private let generation: ScopeGeneration?
    private let makeCell: @Sendable () -> Cell

    @usableFromInline
    init(generation: ScopeGeneration?, _ makeCell: @escaping @Sendable () -> Cell) {
        self.generation = generation
        self.makeCell = makeCell
    }

    @usableFromInline
    func cell(for key: ArgumentKey) -> Cell {
        state.withLock { state in
            dropEnded(&state)
            if let cell = state.cells[key] { return cell }
            let cell = makeCell()
            state.cells[key] = cell
            return cell
        }
    }

    /// The cells it holds now, those of an ended generation dropped: what its level's shutdown
    /// closes.
    var cells: [Cell] {
        state.withLock { state in
            dropEnded(&state)
            return Array(state.cells.values)
        }
    }

    /// How many cells it holds: one per set of argument values asked for since the last reset.
    /// For tests that check a reset leaves none behind.
    var count: Int {
        state.withLock { $0.cells.count }
    }

    /// Drops the cells made in a generation that has ended. Cells made since the reset stay:
    /// a reset advances the generation before it empties the cells, and a request after that
    /// may have been served from one already.
    @usableFromInline
    func clear() {
        state.withLock { dropEnded(&$0) }
    }

    private func dropEnded(_ state: inout (generation: UInt64, cells: [ArgumentKey: Cell])) {
        guard let current = generation?.value.load(ordering: .acquiring), current != state.generation else { return }
        state.cells.removeAll()
        state.generation = current
    }
}

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
