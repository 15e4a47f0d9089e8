import Synchronization

/// The cells of a scoped binding with run-time arguments: one per distinct set of argument
/// values, made on first use. A reset of its scope drops them all.
@usableFromInline
final class CellFamily<Cell: AnyObject & Sendable>: ResettableCell {
    /// Guards only the dictionary; each cell guards its own builds.
    private let cells = Mutex<[ArgumentKey: Cell]>([:])
    private let makeCell: @Sendable () -> Cell

    @usableFromInline
    init(_ makeCell: @escaping @Sendable () -> Cell) {
        self.makeCell = makeCell
    }

    @usableFromInline
    func cell(for key: ArgumentKey) -> Cell {
        cells.withLock { cells in
            if let cell = cells[key] { return cell }
            let cell = makeCell()
            cells[key] = cell
            return cell
        }
    }

    /// How many cells it holds: one per set of argument values asked for since the last reset.
    /// For tests that check a reset leaves none behind.
    var count: Int {
        cells.withLock { $0.count }
    }

    @usableFromInline
    func clear() {
        cells.withLock { $0.removeAll() }
    }
}
