import Backend
import Foundation
import Protocols
import Testing
import WireFormat

@Suite("Backend: catalogue, cart and wishlist")
struct ShopTests {
    @Test("The catalogue pages by ten, has at least 40 products, a few on promotion")
    func catalogue() async throws {
        let harness = try Harness()
        let first = try #require(try await harness.api.send(.v1, "GET", "/products", as: ProductPage.self).payload)
        #expect(first.items.count == 10)
        #expect(first.pageCount * 10 >= 40)
        var all: [Product] = []
        for page in 1...first.pageCount {
            all += try #require(
                try await harness.api.send(.v2, "GET", "/products?page=\(page)", as: ProductPage.self).payload
            ).items
        }
        #expect(all.count >= 40)
        #expect(Set(all.map(\.id)).count == all.count)
        #expect(all.filter { $0.percentOff != nil }.count >= 3)
        let beyond = try await harness.api.send(.v1, "GET", "/products?page=99", as: ProductPage.self)
        #expect(beyond.message == "page 99 does not exist; there are \(first.pageCount)")
        let bad = try await harness.api.send(.v1, "GET", "/products?page=two", as: ProductPage.self)
        #expect(bad.message == "query page must be a whole number from 1 to 1000000, not 'two'")
    }

    @Test("V1 changes the cart one request at a time and answers lines only")
    func v1Cart() async throws {
        let harness = try Harness()
        let token = try await harness.account(generation: .v1)
        _ = try await harness.api.send(
            .v1, "POST", "/cart/add", body: CartAddRequest(productID: "p1", quantity: 2), token: token,
            as: CartLinesAnswer.self)
        let lines = try #require(
            try await harness.api.send(
                .v1, "POST", "/cart/add", body: CartAddRequest(productID: "p1", quantity: 1),
                token: token, as: CartLinesAnswer.self
            ).payload
        ).lines
        #expect(lines.map(\.quantity) == [3])
        let missing = try await harness.api.send(
            .v1, "POST", "/cart/remove", body: ProductRequest(productID: "p2"), token: token, as: CartLinesAnswer.self)
        #expect(missing.message == "'p2' is not in the cart")
        let unknown = try await harness.api.send(
            .v1, "POST", "/cart/add", body: CartAddRequest(productID: "nope", quantity: 1), token: token,
            as: CartLinesAnswer.self)
        #expect(unknown.code == .notFound)
        let zero = try await harness.api.send(
            .v1, "POST", "/cart/add", body: CartAddRequest(productID: "p1", quantity: 0), token: token,
            as: CartLinesAnswer.self)
        #expect(zero.message == "a quantity is a whole number from 1 to 99, not 0")
    }

    @Test("A V2 batch is applied together, totalled with promotions by the server, and once per key")
    func v2Batch() async throws {
        let harness = try Harness()
        let token = try await harness.account()
        let batch = CartBatchRequest(
            idempotencyKey: "batch-0001",
            operations: [
                CartOperation(action: .add, productID: "p7", quantity: 2),  // 10% off
                CartOperation(action: .add, productID: "p1", quantity: 1),
            ])
        let first = try #require(
            try await harness.api.send(.v2, "POST", "/cart/batch", body: batch, token: token, as: Cart.self).payload)
        let again = try await harness.api.send(.v2, "POST", "/cart/batch", body: batch, token: token, as: Cart.self)
        #expect(again.payload == first)
        #expect(again.message == "already applied")
        let products = try #require(try await harness.api.send(.v2, "GET", "/products", as: ProductPage.self).payload)
            .items
        let p7 = try #require(products.first { $0.id == "p7" })
        let p1 = try #require(products.first { $0.id == "p1" })
        #expect(first.subtotal == p7.price * 2 + p1.price)
        #expect(first.discount == p7.price * 2 * 10 / 100)
        #expect(first.total == first.subtotal - first.discount)
        let bad = CartBatchRequest(
            idempotencyKey: "batch-0002",
            operations: [
                CartOperation(action: .add, productID: "p1", quantity: 1),
                CartOperation(action: .remove, productID: "p9"),
            ])
        let refused = try await harness.api.send(.v2, "POST", "/cart/batch", body: bad, token: token, as: Cart.self)
        #expect(refused.message == "operation 2: 'p9' is not in the cart")
        let unchanged = try #require(
            try await harness.api.send(.v2, "GET", "/cart", token: token, as: Cart.self).payload)
        #expect(unchanged == first)
    }

    @Test("V1 wishlist pages shift when items are added between pages; V2 cursors never repeat an item")
    func wishlistPaging() async throws {
        let harness = try Harness()
        let token = try await harness.account()
        for number in 1...12 {
            _ = try await harness.api.send(
                .v2, "POST", "/wishlist/add", body: ProductRequest(productID: "p\(number)"), token: token,
                as: Empty.self)
        }
        // V1: read page 1, remove an item from it, read page 2: one item is skipped.
        let v1First = try #require(
            try await harness.api.send(.v1, "GET", "/wishlist?page=1", token: token, as: WishlistPageAnswer.self)
                .payload)
        _ = try await harness.api.send(
            .v1, "POST", "/wishlist/remove", body: ProductRequest(productID: "p1"), token: token, as: Empty.self)
        let v1Second = try #require(
            try await harness.api.send(.v1, "GET", "/wishlist?page=2", token: token, as: WishlistPageAnswer.self)
                .payload)
        #expect(v1First.items.count == 10 && v1First.hasMore)
        #expect(v1Second.items.map(\.id) == ["p12"])
        // V2: the same change between pages loses and repeats nothing.
        _ = try await harness.api.send(
            .v2, "POST", "/wishlist/add", body: ProductRequest(productID: "p1"), token: token, as: Empty.self)
        let first = try #require(
            try await harness.api.send(.v2, "GET", "/wishlist", token: token, as: WishlistCursorAnswer.self).payload)
        _ = try await harness.api.send(
            .v2, "POST", "/wishlist/remove", body: ProductRequest(productID: "p2"), token: token, as: Empty.self)
        let cursor = try #require(first.nextCursor)
        let second = try #require(
            try await harness.api.send(
                .v2, "GET", "/wishlist?cursor=\(cursor)", token: token, as: WishlistCursorAnswer.self
            ).payload)
        let seen = (first.items + second.items).map(\.id)
        #expect(Set(seen).count == seen.count)
        #expect(second.nextCursor == nil)
        #expect(seen.count == 12)
        let badCursor = try await harness.api.send(
            .v2, "GET", "/wishlist?cursor=zzz", token: token, as: WishlistCursorAnswer.self)
        #expect(badCursor.message == "query cursor: 'zzz' is not a cursor this server gave")
    }

    @Test("Adding twice keeps one entry; has and remove answer")
    func wishlistMembership() async throws {
        let harness = try Harness()
        let token = try await harness.account()
        for _ in 0..<2 {
            _ = try await harness.api.send(
                .v2, "POST", "/wishlist/add", body: ProductRequest(productID: "p3"), token: token, as: Empty.self)
        }
        let page = try #require(
            try await harness.api.send(.v2, "GET", "/wishlist", token: token, as: WishlistCursorAnswer.self).payload)
        #expect(page.items.map(\.id) == ["p3"])
        #expect(
            try await harness.api.send(.v2, "GET", "/wishlist/has?productID=p3", token: token, as: ContainsAnswer.self)
                .payload?.contains == true)
        _ = try await harness.api.send(
            .v2, "POST", "/wishlist/remove", body: ProductRequest(productID: "p3"), token: token, as: Empty.self)
        #expect(
            try await harness.api.send(.v2, "GET", "/wishlist/has?productID=p3", token: token, as: ContainsAnswer.self)
                .payload?.contains == false)
    }
}
