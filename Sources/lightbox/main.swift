import Foundation
import LightboxCLI

exit(Lightbox.main(Array(CommandLine.arguments.dropFirst())))
