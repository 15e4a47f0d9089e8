import Testing

@testable import Container

/// The invariant every cast on the resolve path relies on (the producer kept for a key of type
/// `T` makes a `T`) is checked in every build: a broken one stops the program with a message
/// instead of reading memory as the wrong type, in release builds too.
@Suite("Producer casts are checked")
struct ProducerCheckTests {
    /// What a broken invariant prints: in a debug build, `unsafeDowncast`'s own check of the
    /// class comes first; in a release build, where that one is compiled out, the container's.
    static let stopMessage: String = {
        #if DEBUG
            "Fatal error: invalid unsafeDowncast"
        #else
            "Graft internal error: a producer of Int is kept for String; please report this"
        #endif
    }()

    @Test("A producer of another type where a Producer<T> is expected stops the program")
    func synchronousMismatch() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let producer = Producer<Int> { () throws(ResolutionError) -> Int in 17 }
            _ = Producers.checked(producer, as: String.self)
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains(Self.stopMessage))
    }

    @Test("An asynchronous producer of another type where a Producer<T> is expected stops the program")
    func asynchronousMismatch() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let refusal = ResolutionError(.noBinding, key: .of(Int.self))
            let producer = Producer<Int>(cell: nil, caching: false, refusing: refusal) {
                () async throws(ResolutionError) -> Int in 17
            }
            _ = Producers.checked(producer, as: String.self)
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains(Self.stopMessage))
    }

    @Test("A producer of the expected type passes the check, with its instance, by either way in")
    func match() async throws {
        let producer = Producer<Int> { () throws(ResolutionError) -> Int in 17 }
        #expect(try Producers.checked(producer, as: Int.self).get() == 17)
        #expect(try await Producers.checked(producer, as: Int.self).getAsync() == 17)
        let refusal = ResolutionError(.noBinding, key: .of(Int.self))
        let asynchronous = Producer<Int>(cell: nil, caching: false, refusing: refusal) {
            () async throws(ResolutionError) -> Int in 18
        }
        #expect(try await Producers.checked(asynchronous, as: Int.self).getAsync() == 18)
        let refused = #expect(throws: ResolutionError.self) { try Producers.checked(asynchronous, as: Int.self).get() }
        #expect(refused?.description == refusal.description)
    }
}
