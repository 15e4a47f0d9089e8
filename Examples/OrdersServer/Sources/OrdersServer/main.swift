import Foundation
import Orders

exit(
    await ServerCommand.run(
        arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
