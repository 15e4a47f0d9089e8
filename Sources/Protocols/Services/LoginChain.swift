/// The login chain: after a successful login, links run in order, each deciding from the
/// customer and this device's record whether it has work to do. A link whose branch is declined
/// or fails ends the chain and stays the pending operation for that mobile, so the next login
/// resumes there.
public struct LoginChain: Sendable {
    /// One step of the chain.
    public struct Link: Sendable {
        /// The operation this link must perform now, or `nil` when there is nothing to do.
        public let due: @Sendable (Customer, CustomerRecord) -> BusinessOperation?
        /// The step reported when there is nothing to do, if any.
        public let doneAlready: LoginResult.Step?
        /// Performs the operation with the caller's branches; `nil` when the branch declined.
        public let perform: @Sendable (BusinessOperation, LoginBranches) async throws(ServiceError) -> (LoginResult.Step, Customer)?

        public init(due: @escaping @Sendable (Customer, CustomerRecord) -> BusinessOperation?,
                    doneAlready: LoginResult.Step? = nil,
                    perform: @escaping @Sendable (BusinessOperation, LoginBranches) async throws(ServiceError) -> (LoginResult.Step, Customer)?) {
            self.due = due
            self.doneAlready = doneAlready
            self.perform = perform
        }
    }

    public let links: [Link]

    public init(_ links: [Link]) {
        self.links = links
    }

    /// Runs the links after `customer` logged in, and records what is left pending.
    public func run(for customer: Customer, branches: LoginBranches,
                    records: any CustomerRecordStore) async throws(ServiceError) -> LoginResult {
        let record = try records.record(for: customer.mobile)
        var customer = customer
        var steps: [LoginResult.Step] = [.loggedIn]
        var stop: LoginResult.Stop?
        for link in links {
            guard let operation = link.due(customer, record) else {
                if let step = link.doneAlready { steps.append(step) }
                continue
            }
            do {
                guard let (step, updated) = try await link.perform(operation, branches) else {
                    stop = .declined(operation)
                    break
                }
                steps.append(step)
                customer = updated
            } catch {
                stop = .failed(operation, error)
                break
            }
        }
        let pending = stop?.operation
        let keeps = steps.contains(.gesturePasswordKept) || steps.contains(.gesturePasswordCreated) || steps.contains(.gesturePasswordReset)
        try records.update(customer.mobile) { record in
            record.pendingOperation = pending
            if keeps { record.keepsGesturePassword = true }
        }
        return LoginResult(customer: customer, steps: steps, stop: stop)
    }

    /// The gesture-password link both generations share: the forget branch when the customer
    /// asked to forget, else the create branch when the server has none, else keep the server's.
    public static func gestureLink(of viewModel: SessionViewModel) -> Link {
        Link(
            due: { customer, record in
                if record.pendingOperation == .forgetGesturePassword { return .forgetGesturePassword }
                return customer.hasGesturePassword ? nil : .createGesturePassword
            },
            doneAlready: .gesturePasswordKept,
            perform: { operation, branches throws(ServiceError) in
                guard let gesture = await branches.gesture(operation) else { return nil }
                if let problem = InputRules.gesture(gesture) { throw .invalidInput(problem) }
                let reset = operation == .forgetGesturePassword
                let customer = try await viewModel.authorized("POST", reset ? "/gesture/reset" : "/gesture",
                                                              body: GestureRequest(gesture: gesture), as: Customer.self)
                return (reset ? .gesturePasswordReset : .gesturePasswordCreated, customer)
            })
    }
}
