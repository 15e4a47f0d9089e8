import Foundation
import Logging
import Synchronization

/// The live store: a JSON file read when the server starts and written back when it stops.
public final class FileOrderStore: OrderStore {
    /// What the file holds.
    struct Document: Codable {
        var orders: [Order] = []
        var audit: [String] = []
    }

    private let url: URL
    private let logger: Logger
    private let document: Mutex<Document>

    private init(url: URL, document: Document, logger: Logger) {
        self.url = url
        self.document = Mutex(document)
        self.logger = logger
    }

    /// Opens the store at `url`, empty when there is no file yet.
    ///
    /// `async` as opening a database would be: the injector builds it with
    /// `Injector.start`, before the server accepts a request.
    public static func open(at url: URL, logger: Logger) async throws -> FileOrderStore {
        var document = Document()
        if FileManager.default.fileExists(atPath: url.path) {
            document = try JSONDecoder().decode(Document.self, from: Data(contentsOf: url))
        }
        logger.info("opened the order store", metadata: ["path": "\(url.path)", "orders": "\(document.orders.count)"])
        return FileOrderStore(url: url, document: document, logger: logger)
    }

    public func add(item: String, quantity: Int, totalCents: Int, pricing: String) -> Order {
        document.withLock { document in
            let order = Order(
                id: document.orders.count + 1, item: item, quantity: quantity, totalCents: totalCents,
                pricing: pricing)
            document.orders.append(order)
            return order
        }
    }

    public func order(id: Int) -> Order? {
        document.withLock { $0.orders.indices.contains(id - 1) ? $0.orders[id - 1] : nil }
    }

    public func orders() -> [Order] { document.withLock { $0.orders } }

    public func appendAudit(_ lines: [String]) { document.withLock { $0.audit += lines } }

    public func auditTrail() -> [String] { document.withLock { $0.audit } }

    public func close() async throws {
        let document = self.document.withLock { $0 }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try encoder.encode(document).write(to: url, options: .atomic)
        logger.info(
            "wrote the order store back", metadata: ["path": "\(url.path)", "orders": "\(document.orders.count)"])
    }
}
