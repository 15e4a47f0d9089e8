import Foundation

exit(await Graft.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
                     console: StandardConsole()))
