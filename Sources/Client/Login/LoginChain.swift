import Protocols

/// The login chain: after a successful login, links run in order, each deciding from the
/// customer and this device's record whether it has work to do. A link whose branch is declined
/// or fails ends the chain and stays the pending operation for that mobile, so the next login
/// resumes there. The chain knows no link's vocabulary: each link says what it needs, what it
/// did and what the device keeps of it.
public struct LoginChain: Sendable {
    /// The links, in the order they run.
    public let links: [any LoginLink]

    /// A chain of `links`, run in this order.
    public init(_ links: [any LoginLink]) {
        self.links = links
    }

    /// Runs the links after `customer` logged in, and records what is left pending.
    ///
    /// - Parameters:
    ///   - customer: The customer as the login answered.
    ///   - branches: The caller's inputs for the branches.
    ///   - records: Where this device keeps the pending operation.
    ///   - account: What the links send through: the logged-in generation's flow, acting for the
    ///     login's session.
    /// - Returns: The steps done and, if the chain stopped early, where and why.
    /// - Throws: ``ServiceError`` only when the records cannot be read or written.
    public func run(
        for customer: Customer, branches: LoginBranches, records: any CustomerRecordStore,
        account: SessionViewModel
    ) async throws(ServiceError) -> LoginResult {
        let record = try records.record(for: customer.mobile)
        var customer = customer
        var steps: [LoginResult.Step] = [.loggedIn]
        var done: [(link: any LoginLink, step: LoginResult.Step)] = []
        var stop: LoginResult.Stop?
        for link in links {
            guard let operation = link.due(for: customer, record: record) else {
                if let step = link.doneAlready {
                    steps.append(step)
                    done.append((link, step))
                }
                continue
            }
            do {
                guard
                    let (step, updated) = try await link.perform(
                        operation, for: customer, branches: branches, account: account)
                else {
                    stop = .declined(operation)
                    break
                }
                steps.append(step)
                done.append((link, step))
                customer = updated
            } catch {
                stop = .failed(operation, error)
                break
            }
        }
        let pending = stop?.operation
        try records.update(customer.mobile) { [done] record in
            record.pendingOperation = pending
            for (link, step) in done { link.remember(step, in: &record) }
        }
        return LoginResult(customer: customer, generation: account.api.generation, steps: steps, stop: stop)
    }
}
