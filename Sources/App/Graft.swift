import Backend
import Client
import Container
import Foundation
import Protocols

/// `graft`'s entry point: ``main(reaching:)`` for the process, ``run(_:environment:console:reaching:)``
/// in process. Parses the line, composes the graph, runs the command and prints its report or
/// failure.
public enum Graft {
    /// Runs graft on the process's arguments and environment, and exits with its exit code.
    ///
    /// - Parameter reached: told each ``StatePoint`` as graft passes it. `graft` passes nothing;
    ///   the test-only `PausingGraft` passes its pause.
    public static func main(reaching reached: @escaping @Sendable (StatePoint) -> Void = { _ in }) async -> Never {
        // A closed standard output must not kill graft silently: ignored, SIGPIPE becomes EPIPE
        // from write(2), which the console reports.
        signal(SIGPIPE, SIG_IGN)
        // Likewise a file size limit: SIGXFSZ would kill graft mid-write; ignored, write(2) says EFBIG.
        signal(SIGXFSZ, SIG_IGN)
        exit(
            await run(
                Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
                console: StandardConsole(), reaching: reached))
    }

    /// Runs graft on `arguments`, printing on `console`, and returns the exit code.
    static func run(
        _ arguments: [String], environment: [String: String], console: any Console,
        reaching reached: @escaping @Sendable (StatePoint) -> Void = { _ in }
    ) async -> Int32 {
        let json = arguments.contains("--json")
        let command: ParsedCommand
        do {
            command = try ArgumentParser.parse(arguments)
        } catch {
            return fail(Failure(error), command: [], json: json, console: console)
        }
        if command.wantsHelp {
            return write(Help.text(for: command.path), console: console)
        }
        do throws(Failure) {
            var settings: Settings
            do { settings = try Settings(command, environment: environment) } catch { throw Failure(error) }
            settings.lockWait.notice = { console.err("graft: \($0)") }
            settings.reached = reached
            if command.has("--trace") { settings.tracer = Tracer { console.err($0) } }
            let report = try await execute(command, settings: settings, console: console)
            if json {
                return write(
                    JSONValue.object([("command", .string(command.name)), ("ok", .bool(true))] + report.fields)
                        .rendered, console: console)
            }
            return write(report.lines.joined(separator: "\n"), console: console)
        } catch {
            return fail(error, command: command.path, json: json, console: console)
        }
    }

    /// Prints a successful command's report; when standard output cannot take it, says so on
    /// standard error with exit 74 — and that the command did run, so a change it made stays made.
    private static func write(_ text: String, console: any Console) -> Int32 {
        do {
            try console.out(text)
            return 0
        } catch {
            console.err(
                "Error: the output could not be written (\(error.reason)); the command itself ran, and any change it made was kept"
            )
            return 74
        }
    }

    private static func execute(_ command: ParsedCommand, settings: Settings, console: any Console)
        async throws(Failure) -> Report
    {
        // check validates every selection without starting anything: backend.json is not opened.
        if command.path.first == "check" { return try GraphCommands.check(settings, console: console) }
        let injector: Injector
        do {
            injector = try await CompositionRoot.injector(settings)
        } catch let error as ResolutionError {
            // Starting the injector opens backend.json: a corrupt or locked file is the person's
            // local data, not a server error, and is reported as such before any command runs.
            if case .factoryFailed(let cause as LocalFileError) = error.reason { throw Failure(cause) }
            throw Failure("graft could not start:\n\(error)", exitCode: 70, kind: "internal")
        } catch {
            throw Failure(
                "the graph for versions \(settings.versions) does not compose:\n\(error)", exitCode: 70,
                kind: "internal")
        }
        let context = CommandContext(command: command, settings: settings, injector: injector, console: console)
        let center = try context.resolve(LoginStatusCenter.self)
        // The view model clears the session that expired (only that one); this only tells the person.
        let expiry = center.subscribe { status in
            guard status == .expired else { return }
            console.err("Your session expired; log in again with 'graft login'.")
        }
        defer { expiry.cancel() }
        switch command.path.first {
        case "register": return try await AccountCommands.register(context)
        case "login": return try await AccountCommands.login(context)
        case "logout": return try await AccountCommands.logout(context)
        case "status": return try await AccountCommands.status(context)
        case "payment": return try await AccountCommands.payment(context)
        case "gesture": return try await AccountCommands.gesture(context)
        case "products": return try await ShopCommands.products(context)
        case "cart": return try await ShopCommands.cart(context)
        case "wishlist": return try await ShopCommands.wishlist(context)
        case "graph": return try GraphCommands.graph(context)
        default: return try GraphCommands.explain(context)
        }
    }

    private static func fail(_ failure: Failure, command: [String], json: Bool, console: any Console) -> Int32 {
        if json {
            // The failure's own exit code says more than a failure to print it would.
            try? console.out(
                JSONValue.object([
                    ("command", .string(command.joined(separator: " "))), ("ok", .bool(false)),
                    ("error", .object([("kind", .string(failure.kind)), ("message", .string(failure.message))])),
                    ("exitCode", .number(Int(failure.exitCode))),
                ]).rendered)
        } else if let path = failure.usagePath {
            console.err(Help.error(UsageError(failure.message, path: path, suggestion: failure.suggestion)))
        } else {
            console.err("Error: \(failure.message)")
        }
        return failure.exitCode
    }
}
