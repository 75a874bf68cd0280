import LightboxArguments
import Vips

/// `--fail-on`: the `fail_on` levels libvips accepts, read as the option's choices.
extension FailOn: ChoiceArgument {}
