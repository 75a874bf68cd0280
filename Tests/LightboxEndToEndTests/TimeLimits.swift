import Testing

extension Trait where Self == TimeLimitTrait {
    /// The limit of every test that starts processes: far above what the slowest takes on a
    /// loaded 2-core machine with the whole suite running beside it, so only a hang reaches it.
    static var processes: Self { .timeLimit(.minutes(10)) }
}
