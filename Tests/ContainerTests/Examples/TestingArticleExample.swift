import Container
import Foundation
import Synchronization
import Testing

// The examples of the DocC article "Testing": the text between each pair of markers is quoted
// there byte for byte (DocumentationExamplesTests checks it), and compiled and run here.

// example:begin
protocol MailServer: Sendable { func send(_ message: String) }

/// The real mail server, which no test may reach.
final class SMTPServer: MailServer {
    init() {}
    func send(_ message: String) {}
}

final class Newsletter: Sendable {
    private let server: any MailServer
    init(server: any MailServer) { self.server = server }
    func publish(_ issue: String) { server.send(issue) }
}

struct NewsletterModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(MailServer.self, to: SMTPServer.init).scope(.singleton).liveOnly()
        binder.bind(Newsletter.self, to: Newsletter.init).scope(.singleton)
    }
}

/// A fake that keeps what it was asked to send.
final class Outbox: MailServer {
    private let sent = Mutex<[String]>([])
    var messages: [String] { sent.withLock { $0 } }
    func send(_ message: String) { sent.withLock { $0.append(message) } }
}

@Test func publishingSendsTheIssue() throws {
    let app = try Injector(modules: [NewsletterModule()])
    let outbox = Outbox()
    let test = try app.child(strict: true) { binder in
        binder.bind(MailServer.self, toInstance: outbox)
    }
    try test.resolve(Newsletter.self).publish("May")  // a Newsletter of the child's own, around the fake
    #expect(outbox.messages == ["May"])
}

@Test func aForgottenFakeFailsInsteadOfSendingMail() throws {
    let test = try Injector(modules: [NewsletterModule()]).child(strict: true) { _ in }
    #expect(throws: ResolutionError.self) { try test.resolve(Newsletter.self) }  // MailServer is live-only
}
// example:end

// example:begin
/// The graph reviewers approved, read back from the repository, against the graph the modules
/// build now: one line per change, none when nothing changed.
func changesSinceReview(_ approved: URL) throws -> [String] {
    let saved = try JSONDecoder().decode(GraphSnapshot.self, from: Data(contentsOf: approved))
    return Injector.graph(modules: [NewsletterModule()]).snapshot.changes(from: saved).map(\.description)
}

/// Records the graph when a change is meant; sorted keys make a file that diffs line by line.
func recordGraph(_ approved: URL) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    try encoder.encode(Injector.graph(modules: [NewsletterModule()]).snapshot).write(to: approved)
}
// example:end

/// The newsletter module as it was before its newsletter became a singleton, declared in the
/// same file so that the snapshot diff shows the scope alone.
struct TransientNewsletterModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(MailServer.self, to: SMTPServer.init).scope(.singleton).liveOnly()
        binder.bind(Newsletter.self, to: Newsletter.init)
    }
}
