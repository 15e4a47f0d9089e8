/// What ``Injector/validateEverySelection(modules:)`` covers: every combination of the
/// versions a graph declares, each service that declares one taking any of them independently
/// of the others, and each version as the default.
///
/// ```swift
/// let coverage = try Injector.validateEverySelection(modules: [LibraryV1(), LibraryV2(), LibraryV3()])
/// print(coverage)  // every combination of 2 services across v1–v3 (9 selections)
/// ```
public struct SelectionCoverage: Hashable, Sendable, CustomStringConvertible {
    /// Every well-formed version the graph declares, lowest first.
    public let versions: [String]
    /// The services that declare a version (a binding, a retirement, a decorator or a
    /// contribution of one), in the order the modules first declare a version of each: each
    /// takes any of ``versions``.
    public let services: [ServiceKey]

    /// How many selections the combinations make: the number of ``versions`` to the power of
    /// the number of ``services``, a count far beyond any integer type for a large graph.
    public var combinations: SelectionCount {
        SelectionCount(versions: versions.count, services: services.count)
    }

    /// `every combination of 2 services across v1–v3 (9 selections)`.
    public var description: String {
        guard let first = versions.first, let last = versions.last else {
            return "the one selection of a graph that declares no versions"
        }
        let range = versions.count == 1 ? first : "\(first)–\(last)"
        let services = services.count == 1 ? "1 service" : "\(services.count) services"
        let count = combinations.description
        return "every combination of \(services) across \(range) (\(count) selection\(count == "1" ? "" : "s"))"
    }
}

/// A number of selections: `versions` to the power of `services`, kept as the two, so it
/// never overflows (a graph of 1,000 services in two generations has 2^1000).
public struct SelectionCount: Hashable, Sendable, CustomStringConvertible {
    /// How many versions each service may take.
    public let versions: Int
    /// How many services take one.
    public let services: Int

    /// The count, when it fits in an `Int`.
    public var value: Int? {
        var result = 1
        for _ in 0..<services {
            let (product, overflow) = result.multipliedReportingOverflow(by: versions)
            if overflow { return nil }
            result = product
        }
        return result
    }

    /// The count in decimal, every digit of it.
    public var digits: String {
        // Little-endian base 10^9 limbs.
        var limbs: [UInt64] = [1]
        for _ in 0..<services {
            var carry: UInt64 = 0
            for index in limbs.indices {
                let product = limbs[index] * UInt64(versions) + carry
                limbs[index] = product % 1_000_000_000
                carry = product / 1_000_000_000
            }
            while carry > 0 {
                limbs.append(carry % 1_000_000_000)
                carry /= 1_000_000_000
            }
        }
        let head = String(limbs.last!)
        return limbs.dropLast().reversed().reduce(head) { text, limb in
            text + String(repeating: "0", count: 9 - String(limb).count) + String(limb)
        }
    }

    /// `9`, or for a count of more than 18 digits `2^1000 (a 302-digit number)`.
    public var description: String {
        let digits = digits
        guard digits.count > 18 else { return digits }
        return "\(versions)^\(services) (a \(digits.count)-digit number)"
    }
}
