import Backend
import Container
import ImplV1
import Protocols
import Testing
import TestSupport

@Suite("V1 cart, wishlist and catalogue")
struct ShopV1Tests {
    private func loggedIn() async throws -> TestGraph {
        try await TestGraph([ImplV1Module()], default: "v1").loggedIn()
    }

    @Test("The client totals the cart, without promotions")
    func clientTotals() async throws {
        let graph = try await loggedIn()
        let catalogue = try await graph.injector.resolveAsync(ProductCatalog.self)
        let promoted = try #require(try await catalogue.products(page: 1).items.first { $0.percentOff != nil })
        var cart = try await graph.cart.add(productID: promoted.id, quantity: 2)
        cart = try await graph.cart.add(productID: "p1", quantity: 1)
        let p1 = try #require(try await catalogue.products(page: 1).items.first { $0.id == "p1" })
        #expect(cart.subtotal == promoted.price * 2 + p1.price)
        #expect(cart.discount == 0)
        #expect(cart.total == cart.subtotal)
        #expect(try await graph.cart.remove(productID: "p1").lines.count == 1)
        #expect(try await graph.cart.clear().lines.isEmpty)
        await #expect(throws: ServiceError.invalidInput("a quantity is a whole number from 1 to 99, not 100")) {
            _ = try await graph.cart.add(productID: "p1", quantity: 100)
        }
    }

    @Test("The wishlist pages by number, and refuses a cursor")
    func wishlistPages() async throws {
        let graph = try await loggedIn()
        for number in 1...11 { try await graph.wishlist.add(productID: "p\(number)") }
        let first = try await graph.wishlist.page(at: nil)
        #expect(first.items.count == 10)
        #expect(first.next == .page(2))
        let second = try await graph.wishlist.page(at: first.next)
        #expect(second.items.map(\.id) == ["p11"])
        #expect(second.next == nil)
        #expect(try await graph.wishlist.contains(productID: "p11"))
        try await graph.wishlist.remove(productID: "p11")
        #expect(try await graph.wishlist.contains(productID: "p11") == false)
        await #expect(throws: ServiceError.invalidInput("the V1 wishlist pages by number; use --page, not --cursor")) {
            _ = try await graph.wishlist.page(at: .cursor("s1"))
        }
    }

    @Test("The catalogue pages, and a page out of range is the server's refusal")
    func catalogue() async throws {
        let catalogue = try TestGraph([ImplV1Module()], default: "v1").injector.resolve(ProductCatalog.self)
        let first = try await catalogue.products(page: 1)
        #expect(first.items.count == 10)
        await #expect(
            throws: ServiceError.refused(.notFound, message: "page 9 does not exist; there are \(first.pageCount)")
        ) {
            _ = try await catalogue.products(page: 9)
        }
    }

    @Test("A malformed V1 answer is an undecodable body naming the field")
    func malformedWire() async throws {
        struct Garbled: Transport {
            func send(_ request: WireRequest) async throws(TransportError) -> WireResponse {
                WireResponse(
                    status: 200,
                    body: Array(
                        #"{"status":"000000","desc":"ok","data":{"lines":[{"productID":"p1","name":"x","unitPrice":"free","quantity":1}]}}"#
                            .utf8))
            }
        }
        let graph = try await loggedIn()
        let faked = try await graph.injector.startChild { binder in binder.bind(Transport.self, toInstance: Garbled())
        }
        await #expect(
            throws: ServiceError.transport(
                .undecodableBody(field: "data.lines[0].unitPrice", reason: "expected a whole number"))
        ) {
            _ = try await faked.resolveAsync(CartService.self).cart()
        }
    }
}
