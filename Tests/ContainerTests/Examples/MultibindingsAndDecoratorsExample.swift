import Container
import Synchronization

// The examples of the DocC article "Multibindings and Decorators" (with the named collections of
// NamedCollectionsExample.swift): the text between each pair of markers is quoted there byte for
// byte (DocumentationExamplesTests checks it), and compiled and run here.

// example:begin
struct AuditV1Module: Module {
    func configure(_ binder: Binder) {
        binder.contribute(AuditSink.self, id: "console") { ConsoleAuditSink() }
        binder.contribute(AuditSink.self, id: "file", position: -1) { FileAuditSink() }.version("v1")
    }
}

struct AuditV2Module: Module {
    func configure(_ binder: Binder) {
        binder.contribute(AuditSink.self, id: "file", position: -1) { BufferedAuditSink() }.version("v2")
        binder.contribute(AuditSink.self, id: "remote", position: 10) { RemoteAuditSink() }.version("v2")
        binder.bind(Auditor.self) { (sinks: [any AuditSink]) in Auditor(sinks: sinks) }
    }
}
// v1: file, console                v2: buffered file, console, remote
// example:end

// example:begin
struct CartLoggingModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(CallLog.self, to: CallLog.init).scope(.singleton)
        binder.decorate(CartService.self) { (inner: any CartService, log: CallLog) in
            LoggingCart(inner, log: log)
        }
    }
}

// In a test, a spy around the real service; the parent injector does not change.
func spyOnTheCart(_ injector: Injector) throws -> Injector {
    try injector.child { binder in
        binder.decorate(CartService.self) { (inner: any CartService) in CartSpy(inner) }
    }
}
// example:end

protocol AuditSink: Sendable { var name: String { get } }
final class ConsoleAuditSink: AuditSink { let name = "console" }
final class FileAuditSink: AuditSink { let name = "file" }
final class BufferedAuditSink: AuditSink { let name = "buffered file" }
final class RemoteAuditSink: AuditSink { let name = "remote" }
final class Auditor: Sendable {
    let sinks: [any AuditSink]
    init(sinks: [any AuditSink]) { self.sinks = sinks }
}

/// What the logging decorator writes to.
final class CallLog: Sendable {
    private let recorded = Mutex<[String]>([])
    init() {}
    func write(_ line: String) { recorded.withLock { $0.append(line) } }
    var lines: [String] { recorded.withLock { $0 } }
}
final class LoggingCart: CartService {
    let inner: any CartService
    let log: CallLog
    init(_ inner: any CartService, log: CallLog) {
        self.inner = inner
        self.log = log
    }
    var version: String {
        log.write("version")
        return "logged(\(inner.version))"
    }
}
final class CartSpy: CartService {
    let inner: any CartService
    init(_ inner: any CartService) { self.inner = inner }
    var version: String { "spied(\(inner.version))" }
}
