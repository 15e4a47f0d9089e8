import Backend
import Container
import Foundation
import ImplV2
import Protocols
import TextRules
import WireFormat

/// register, login, logout, status and gesture.
enum AccountCommands {
    static func register(_ context: CommandContext) async throws(Failure) -> Report {
        let mobile = context.command.value("--mobile") ?? ""
        let password = try Secrets.password(context, confirming: true)
        let logic = try context.resolve((any CustomerLogic).self)
        var lines: [String] = []
        let code: String
        if let given = context.command.value("--sms-code") {
            code = given
        } else {
            try await context.call { () throws(ServiceError) in try await logic.requestSMSCode(mobile: mobile) }
            // The embedded backend's inbox stands in for the phone. The graph says whether there
            // is one: with --server it binds no EmbeddedServer, and the person reads their phone.
            guard let server = try context.resolve(EmbeddedServer?.self),
                let inbox = try? await server.latestSMSCode(for: mobile)
            else {
                throw context.usage("an SMS code was sent to \(mobile); run again with --sms-code C")
            }
            lines.append("SMS code \(inbox) sent to \(mobile) (read from the embedded backend's inbox)")
            code = inbox
        }
        let customer = try await context.call { () throws(ServiceError) in
            try await logic.register(mobile: mobile, password: password, smsCode: code)
        }
        let registered = DisplayText.cleaned(customer.mobile, limit: 20)
        lines.append("Registered \(registered). Log in with: graft login --mobile \(registered)")
        return Report(lines, [("customer", .encoding(customer))])
    }

    static func login(_ context: CommandContext) async throws(Failure) -> Report {
        let command = context.command
        if command.has("--card") && !command.has("--holder") {
            throw context.usage("--card N and --holder NAME go together")
        }
        if command.has("--holder") && Secrets.value("--card", or: Secrets.cardVariable, in: context) == nil {
            throw context.usage("--holder NAME needs the card's number: set \(Secrets.cardVariable), or pass --card N")
        }
        let branches = loginBranches(context)
        let logic = try context.resolve((any CustomerLogic).self)
        let mobile = command.value("--mobile") ?? ""
        let password = try Secrets.password(context)
        let result = try await context.call { () throws(ServiceError) in
            try await logic.login(mobile: mobile, password: password, branches: branches)
        }
        var lines = ["Logged in as \(DisplayText.cleaned(result.customer.mobile, limit: 20)) (\(result.generation))."]
        let wording = try context.loginWording()
        lines += result.steps.dropFirst().map { "  \(wording.describe($0))" }
        let fields: [(String, JSONValue)] = [
            ("mobile", .string(result.customer.mobile)),
            ("steps", .array(result.steps.map { .string($0.rawValue) })),
            ("pending", result.stop.map { .string($0.operation.rawValue) } ?? .null),
        ]
        guard let stop = result.stop else { return Report(lines, fields) }
        // What did happen still shows, before the failure; --json keeps to its one document.
        if !context.settings.json { try? context.console.out(lines.joined(separator: "\n")) }
        switch stop {
        case .declined(let operation):
            throw context.usage(
                "the login needs \(wording.need(operation)): \(remedy(operation)) (it waits for the next login)")
        case .failed(_, let error):
            var failure = Failure(error, in: command.path)
            failure = Failure(
                "the login chain stopped: \(failure.message) (the step waits for the next login)",
                exitCode: failure.exitCode, kind: failure.kind, usagePath: failure.usagePath)
            throw failure
        }
    }

    /// Each branch's input for `login`: its flag, else (on a terminal) a prompt, else declined.
    private static func loginBranches(_ context: CommandContext) -> LoginBranches {
        let console = context.console
        let interactive = console.isInteractive
        let gesture = Secrets.value("--gesture", or: Secrets.gestureVariable, in: context)
        let cardNumber = Secrets.value("--card", or: Secrets.cardVariable, in: context)
        let holder = context.command.value("--holder")
        let pin = Secrets.value("--pay-password", or: Secrets.payPasswordVariable, in: context)
        return LoginBranches()
            .answering(.forgetGesturePassword) {
                if let gesture { return gesture }
                guard interactive else { return nil }
                return console.prompt("New gesture password (you asked to forget the old one)", secret: true)
            }
            .answering(.createGesturePassword) {
                if let gesture { return gesture }
                guard interactive else { return nil }
                return console.prompt("Create a gesture password (4-9 of the dots 1-9)", secret: true)
            }
            .answering(.bindCard) {
                if let cardNumber, let holder { return BankCard(number: cardNumber, holder: holder) }
                guard interactive, let number = cardNumber ?? console.prompt("Card number to bind", secret: true),
                    let holder = holder ?? console.prompt("Card holder's name", secret: false)
                else { return nil }
                return BankCard(number: number, holder: holder)
            }
            .answering(.setPayPassword) {
                if let pin { return pin }
                guard interactive else { return nil }
                return console.prompt("Payment PIN (6 digits)", secret: true)
            }
    }

    static func logout(_ context: CommandContext) async throws(Failure) -> Report {
        let logic = try context.resolve((any CustomerLogic).self)
        try await context.call { () throws(ServiceError) in try await logic.logout() }
        return Report(["Logged out."])
    }

    static func status(_ context: CommandContext) async throws(Failure) -> Report {
        let sessions = try context.resolve((any SessionStore).self)
        let records = try context.resolve((any CustomerRecordStore).self)
        let clock = try context.resolve((any WallClock).self)
        guard let session = try await context.call({ () throws(ServiceError) in try sessions.load() }) else {
            return Report(["Not logged in."], [("loggedIn", .bool(false))])
        }
        let record = try await context.call { () throws(ServiceError) in try records.record(for: session.mobile) }
        let expires = Date(timeIntervalSince1970: TimeInterval(session.expiresAt)).formatted(.iso8601)
        let expired = session.expiresAt <= clock.secondsSince1970() || session.isLoggingOut
        var lines: [String]
        if session.isLoggingOut {
            lines = [
                "A logout of \(session.mobile) (\(session.generation)) did not finish: the session may have ended. Run 'graft logout' again, or log in."
            ]
        } else if expired {
            lines = ["The session of \(session.mobile) (\(session.generation)) expired at \(expires); log in again."]
        } else {
            lines = ["Logged in as \(session.mobile) (\(session.generation)) until \(expires)."]
        }
        if let pending = record.pendingOperation {
            lines.append("Waiting for the next login: \(try context.loginWording().need(pending)).")
        }
        return Report(
            lines,
            [
                ("loggedIn", .bool(!expired)), ("mobile", .string(session.mobile)),
                ("generation", .string(session.generation)), ("expiresAt", .number(session.expiresAt)),
                ("pending", record.pendingOperation.map { .string($0.rawValue) } ?? .null),
            ])
    }

    /// A service only later generations have: under a selection that does not serve it, the
    /// container's own explanation says why, and which flag would select it.
    static func payment(_ context: CommandContext) async throws(Failure) -> Report {
        guard let payment = try context.resolve((any PaymentService)?.self) else {
            let absence = context.injector.explain((any PaymentService).self).notServed
            throw Failure(
                UsageError(
                    absence.map { notServed($0, for: "payment") }
                        ?? "payment needs PaymentService, and nothing binds it",
                    path: context.command.path))
        }
        let methods = try await context.call { () throws(ServiceError) in try await payment.methods() }
        let card = methods.cardEnding.map { "•••• \($0)" }
        return Report(
            ["Card: \(card ?? "none bound")", "Payment PIN: \(methods.hasPayPassword ? "set" : "not set")"],
            [("card", card.map(JSONValue.string) ?? .null), ("payPassword", .bool(methods.hasPayPassword))])
    }

    /// Why `command` cannot run under this selection, worded from the container's fact: the
    /// versions that bind the service, and the lowest of them as the flags that would select it.
    /// A retired service has no later binding, so no flag is offered.
    static func notServed(_ absence: NotServed, for command: String) -> String {
        let service = absence.key.description
        let problem = "\(command) needs \(service), which is \(absence.why)"
        guard let version = absence.laterBindings.first?.version else { return problem }
        return "\(problem); select it with --impl \(version) or --impl \(service)=\(version)"
    }

    static func gesture(_ context: CommandContext) async throws(Failure) -> Report {
        let logic = try context.resolve((any CustomerLogic).self)
        let arguments = context.command.arguments
        switch context.command.path.last {
        case "verify":
            try await context.call { () throws(ServiceError) in try await logic.verifyGesture(arguments[0]) }
            return Report(["Gesture password correct."])
        case "update":
            try await context.call { () throws(ServiceError) in
                try await logic.updateGesture(from: arguments[0], to: arguments[1])
            }
            return Report(["Gesture password updated."])
        default:
            try await context.call { () throws(ServiceError) in try await logic.forgetGesture() }
            return Report(["Gesture password forgotten; the next login sets a new one."])
        }
    }

    /// How to give the input `operation` needs: the CLI's own flags and variables.
    private static func remedy(_ operation: BusinessOperation) -> String {
        switch operation {
        case .forgetGesturePassword, .createGesturePassword: "set \(Secrets.gestureVariable), or pass --gesture G"
        case .bindCard:
            "set \(Secrets.cardVariable) to its number and pass --holder NAME, or pass --card N --holder NAME"
        case .setPayPassword: "set \(Secrets.payPasswordVariable), or pass --pay-password PIN"
        default: "give the input of \(operation.rawValue)"
        }
    }
}
