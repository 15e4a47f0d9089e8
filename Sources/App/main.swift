import Foundation

// A closed standard output must not kill graft silently: ignored, SIGPIPE becomes EPIPE from
// write(2), which the console reports.
signal(SIGPIPE, SIG_IGN)
// Likewise a file size limit: SIGXFSZ would kill graft mid-write; ignored, write(2) says EFBIG.
signal(SIGXFSZ, SIG_IGN)
exit(
    await Graft.run(
        Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
        console: StandardConsole()))
