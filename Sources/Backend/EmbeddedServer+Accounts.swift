import Cryptography
import Protocols
import TextRules
import WireFormat

extension EmbeddedServer {
    func sendSMSCode(_ context: Context, _ state: inout BackendState) throws(Refusal) -> [UInt8] {
        let request = try context.body(SMSRequest.self)
        try check(InputRules.mobile(request.mobile))
        let code = sixDigits(UInt32.random(in: 0..<1_000_000))
        state.smsInbox[request.mobile] = .init(code: code, expiresAt: context.now + configuration.smsCodeLifetime)
        return context.success(Empty(), "an SMS code was sent to \(request.mobile)")
    }

    func register(_ context: Context, _ state: inout BackendState) throws(Refusal) -> [UInt8] {
        let request = try context.body(RegisterRequest.self)
        try check(
            InputRules.mobile(request.mobile) ?? InputRules.password(request.password)
                ?? InputRules.smsCode(request.smsCode))
        guard state.accounts[request.mobile] == nil else {
            throw Refusal(.validationFailed, "\(request.mobile) is already registered; log in instead")
        }
        guard var sent = state.smsInbox[request.mobile], sent.expiresAt > context.now else {
            throw Refusal(.validationFailed, "the SMS code is wrong or expired; request a new one")
        }
        guard constantTimeEquals(Array(sent.code.utf8), Array(request.smsCode.utf8)) else {
            sent.failedAttempts += 1
            // Enough guesses void the code, so a million codes cannot be tried one by one.
            guard sent.failedAttempts < configuration.smsAttempts else {
                state.smsInbox[request.mobile] = nil
                throw Refusal(
                    .validationFailed,
                    "the SMS code is voided after \(configuration.smsAttempts) wrong codes; request a new one")
            }
            state.smsInbox[request.mobile] = sent
            throw Refusal(.validationFailed, "the SMS code is wrong or expired; request a new one")
        }
        state.smsInbox[request.mobile] = nil
        let account = BackendState.Account(
            mobile: request.mobile,
            password: Credential(secret: request.password, iterations: configuration.hashIterations))
        state.accounts[request.mobile] = account
        return context.success(account.customer, "registered")
    }

    func login(_ context: Context, _ state: inout BackendState) throws(Refusal) -> [UInt8] {
        let request = try context.body(LoginRequest.self)
        try check(InputRules.mobile(request.mobile))
        guard var account = state.accounts[request.mobile] else {
            throw Refusal(.notFound, "no account for \(request.mobile); register first")
        }
        if let lockedUntil = account.lockedUntil, lockedUntil > context.now {
            let minutes = (lockedUntil - context.now + 59) / 60
            throw Refusal(
                .accountLocked,
                "the account is locked after \(configuration.passwordAttempts) wrong passwords; try again in \(minutes) min"
            )
        }
        guard account.password.matches(request.password) else {
            account.failedPasswords += 1
            defer { state.accounts[request.mobile] = account }
            if account.failedPasswords >= configuration.passwordAttempts {
                account.failedPasswords = 0
                account.lockedUntil = context.now + configuration.lockDuration
                throw Refusal(
                    .accountLocked,
                    "the account is locked after \(configuration.passwordAttempts) wrong passwords; try again in \(configuration.lockDuration / 60) min"
                )
            }
            let left = configuration.passwordAttempts - account.failedPasswords
            throw Refusal(.wrongPassword, "wrong password; \(left) \(left == 1 ? "attempt" : "attempts") left")
        }
        account.failedPasswords = 0
        account.lockedUntil = nil
        account.failedGestures = 0
        account.gestureLocked = false
        state.accounts[request.mobile] = account
        // Sessions that ended are forgotten here, so the state does not grow with every login.
        state.sessions = state.sessions.filter { $0.value.expiresAt > context.now }
        let token = Hex.random(32)
        let expiresAt = context.now + configuration.sessionLifetime
        state.sessions[Self.storageKey(of: token)] = .init(mobile: request.mobile, expiresAt: expiresAt)
        return context.success(LoginAnswer(token: token, expiresAt: expiresAt, customer: account.customer), "logged in")
    }

    /// Ends every session of the customer, not only this one: a token that leaked, or a device
    /// forgotten logged in, stops working too.
    func logout(_ context: Context, _ state: inout BackendState) throws(Refusal) -> [UInt8] {
        let mobile = try authenticate(context, &state)
        state.sessions = state.sessions.filter { $0.value.mobile != mobile }
        return context.success(Empty(), "logged out")
    }

    func createGesture(_ context: Context, _ state: inout BackendState) throws(Refusal) -> [UInt8] {
        let mobile = try authenticate(context, &state)
        let request = try context.body(GestureRequest.self)
        try check(InputRules.gesture(request.gesture))
        guard state.accounts[mobile]?.gesture == nil else {
            throw Refusal(.validationFailed, "a gesture password is already set; update it instead")
        }
        state.accounts[mobile]?.gesture = Credential(secret: request.gesture, iterations: configuration.hashIterations)
        return context.success(state.accounts[mobile]!.customer, "gesture password created")
    }

    func resetGesture(_ context: Context, _ state: inout BackendState) throws(Refusal) -> [UInt8] {
        let mobile = try authenticate(context, &state)
        let request = try context.body(GestureRequest.self)
        try check(InputRules.gesture(request.gesture))
        state.accounts[mobile]?.gesture = Credential(secret: request.gesture, iterations: configuration.hashIterations)
        state.accounts[mobile]?.failedGestures = 0
        state.accounts[mobile]?.gestureLocked = false
        return context.success(state.accounts[mobile]!.customer, "gesture password reset")
    }

    func verifyGesture(_ context: Context, _ state: inout BackendState) throws(Refusal) -> [UInt8] {
        let mobile = try authenticate(context, &state)
        let request = try context.body(GestureRequest.self)
        try checkGesture(request.gesture, of: mobile, in: &state)
        return context.success(Empty(), "gesture password correct")
    }

    func updateGesture(_ context: Context, _ state: inout BackendState) throws(Refusal) -> [UInt8] {
        let mobile = try authenticate(context, &state)
        let request = try context.body(GestureUpdateRequest.self)
        try check(InputRules.gesture(request.new))
        try checkGesture(request.old, of: mobile, in: &state)
        state.accounts[mobile]?.gesture = Credential(secret: request.new, iterations: configuration.hashIterations)
        return context.success(state.accounts[mobile]!.customer, "gesture password updated")
    }

    /// Checks a gesture password, counting wrong ones; enough of them lock gesture unlock until
    /// the next password login.
    private func checkGesture(_ gesture: String, of mobile: String, in state: inout BackendState) throws(Refusal) {
        guard var account = state.accounts[mobile] else { throw Refusal(.loginExpired, "log in again") }
        defer { state.accounts[mobile] = account }
        guard !account.gestureLocked else {
            throw Refusal(
                .accountLocked,
                "gesture unlock is locked after \(configuration.gestureAttempts) wrong gesture passwords; log in with your password"
            )
        }
        guard let credential = account.gesture else {
            throw Refusal(.notFound, "no gesture password is set; log in to create one")
        }
        guard credential.matches(gesture) else {
            account.failedGestures += 1
            if account.failedGestures >= configuration.gestureAttempts {
                account.gestureLocked = true
                throw Refusal(
                    .accountLocked,
                    "gesture unlock is locked after \(configuration.gestureAttempts) wrong gesture passwords; log in with your password"
                )
            }
            let left = configuration.gestureAttempts - account.failedGestures
            throw Refusal(.wrongPassword, "wrong gesture password; \(left) \(left == 1 ? "attempt" : "attempts") left")
        }
        account.failedGestures = 0
    }

    func bindCard(_ context: Context, _ state: inout BackendState) throws(Refusal) -> [UInt8] {
        let mobile = try authenticate(context, &state)
        let card = try context.body(BankCard.self)
        try check(InputRules.card(number: card.number, holder: card.holder))
        // Only what is needed to show the card is kept: never the full number.
        state.accounts[mobile]?.card = BankCard(
            number: String(card.number.filter(\.isNumber).suffix(4)), holder: card.holder)
        return context.success(
            state.accounts[mobile]!.customer, "card \(DisplayText.masked(cardNumber: card.number)) bound")
    }

    func setPayPassword(_ context: Context, _ state: inout BackendState) throws(Refusal) -> [UInt8] {
        let mobile = try authenticate(context, &state)
        let request = try context.body(PayPasswordRequest.self)
        try check(InputRules.payPassword(request.pin))
        state.accounts[mobile]?.payPassword = Credential(secret: request.pin, iterations: configuration.hashIterations)
        return context.success(state.accounts[mobile]!.customer, "payment PIN set")
    }

    /// The bound card's last four digits and whether a payment PIN is set.
    func paymentMethods(_ context: Context, _ state: inout BackendState) throws(Refusal) -> [UInt8] {
        let mobile = try authenticate(context, &state)
        let account = state.accounts[mobile]!
        return context.success(
            PaymentMethods(
                cardEnding: account.card.map { String($0.number.suffix(4)) },
                hasPayPassword: account.payPassword != nil), "payment methods")
    }
}

/// Six digits, with leading zeros.
func sixDigits(_ value: UInt32) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
}
