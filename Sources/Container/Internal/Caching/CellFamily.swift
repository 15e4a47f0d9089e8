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
