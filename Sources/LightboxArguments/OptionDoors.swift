/// Where each option of a command applies, as data: for every door the command takes its work by
/// (`crop`'s rects on the command line, `--manifest`, `--yolo data.yaml`...), whether the option
/// applies there, applies only beside another (`--fit` needs `--resize`), or is refused.
///
/// No option is ever silently ignored: `check` refuses, before any work, every option given that
/// does not apply through the door in use, or that another beside it leaves nothing to do
/// (`conflicts`), and a test walks every declared option through every door, so an option added
/// without its rules fails that test.
package struct OptionDoors: Sendable {
    /// What an option does in one door.
    package enum Use: Sendable, Equatable {
        /// It applies.
        case applies
        /// It applies only when one of these is given too; alone it is refused.
        case needs([Requirement])
        /// It is refused.
        case refused
    }

    /// An option another one needs, with the value it must have (nil: any).
    package struct Requirement: Sendable, Equatable, CustomStringConvertible {
        /// The option's long name.
        package let option: String
        /// The value it must have, or nil for any.
        package let value: String?

        /// `option` given (with `value`, when one is named).
        package init(_ option: some OptionDeclaration, _ value: String? = nil) {
            self.option = option.spec.long
            self.value = value
        }

        /// `--style screen`, `--resize`.
        package var description: String {
            "--\(option)" + (value.map { " \($0)" } ?? "")
        }

        /// Whether `parsed` gives the option (with the value).
        package func isMet(in parsed: ParsedCommand) -> Bool {
            guard let texts = parsed.texts(long: option) else { return false }
            return value.map { texts.last == $0 } ?? true
        }
    }

    /// One option's uses by door, and why it needs what it needs.
    package struct Rule: Sendable {
        /// The use in each door named here.
        package let uses: [String: Use]
        /// The use in every other door.
        package let otherwise: Use
        /// Why the option needs what it needs, or why it is refused, for the message.
        package let note: String?

        /// A rule: `uses` by door name, `otherwise` for the rest.
        package init(_ uses: [String: Use] = [:], otherwise: Use, note: String? = nil) {
            self.uses = uses
            self.otherwise = otherwise
            self.note = note
        }

        /// Applies through every door.
        package static let everywhere = Rule(otherwise: .applies)

        /// Applies through these doors only.
        package static func only(_ doors: String..., note: String? = nil) -> Rule {
            only(doors, note: note)
        }

        /// Applies through these doors only.
        package static func only(_ doors: [String], note: String? = nil) -> Rule {
            Rule(Dictionary(uniqueKeysWithValues: doors.map { ($0, Use.applies) }), otherwise: .refused, note: note)
        }

        /// Needs one of `requirements` in every door (or only in `doors`, applying in the others).
        package static func needs(
            _ requirements: [Requirement], in doors: [String]? = nil, note: String? = nil
        ) -> Rule {
            guard let doors else { return Rule(otherwise: .needs(requirements), note: note) }
            return Rule(
                Dictionary(uniqueKeysWithValues: doors.map { ($0, Use.needs(requirements)) }), otherwise: .applies,
                note: note)
        }

        /// The use in `door`.
        package func use(in door: String) -> Use {
            uses[door] ?? otherwise
        }
    }

    /// A door: its name in the rules, and how messages call it.
    package struct Door: Sendable, Equatable {
        /// The name rules use (`rects`, `manifest`).
        package let name: String
        /// How a refusal names it: `--rect does not go with --manifest`.
        package let described: String
        /// Whether a refusal lists it among the doors an option goes with (a file's line is no
        /// door a command-line option can take).
        package let listed: Bool

        /// Makes a door.
        package init(_ name: String, described: String, listed: Bool = true) {
            self.name = name
            self.described = described
            self.listed = listed
        }
    }

    /// An option that another makes pointless in any door: `--json` beside `--dry-run` (which
    /// prints its plan instead), `--strip-icc` beside `--strip` (which drops the profile already).
    package struct Conflict: Sendable {
        /// The option refused (with the value that is refused, when one is named).
        package let option: Requirement
        /// The options that, all given, leave it nothing to do.
        package let with: [Requirement]
        /// An option that gives it something to do after all (`--report --dry-run` with `--resume`).
        package let unless: Requirement?
        /// Why, for the message.
        package let note: String

        /// `option` (with `value`, when given) is refused beside every one of `with`, unless
        /// `unless` is given too.
        package init(
            _ option: some OptionDeclaration, _ value: String? = nil, with: [Requirement], unless: Requirement? = nil,
            note: String
        ) {
            self.option = Requirement(option, value)
            self.with = with
            self.unless = unless
            self.note = note
        }
    }

    /// The command's doors, in the order messages list them.
    package let doors: [Door]
    /// Each option's rule, by long name.
    package let rules: [String: Rule]
    /// The pairs refused in every door.
    package let conflicts: [Conflict]

    /// The table of `doors`, each option's rule and the `conflicts`.
    package init(doors: [Door], rules: [(any OptionDeclaration, Rule)], conflicts: [Conflict] = []) {
        self.doors = doors
        self.rules = Dictionary(rules.map { ($0.0.spec.long, $0.1) }) { first, _ in first }
        self.conflicts = conflicts
    }

    /// `options`, each applying through every door.
    package static func everywhere(_ options: [any OptionDeclaration]) -> [(any OptionDeclaration, Rule)] {
        options.map { ($0, Rule.everywhere) }
    }

    /// The door named `name`.
    package func door(_ name: String) -> Door {
        doors.first { $0.name == name } ?? Door(name, described: name)
    }

    /// Refuses the first option `parsed` gives (in the command's order) that does not apply through
    /// `door`, or lacks what it needs there; `context` (default `parsed`) is where what it needs is
    /// looked for: a manifest line's keys are checked with the command line's values beside them.
    package func check(_ parsed: ParsedCommand, door: String, context: ParsedCommand? = nil) throws(UsageError) {
        let context = context ?? parsed
        for spec in parsed.command.options where parsed.texts(spec) != nil {
            guard let rule = rules[spec.long] else { continue }
            switch rule.use(in: door) {
            case .applies: continue
            case .refused:
                let hint = rule.note ?? appliesIn(rule).map { "it goes with \($0)" }
                throw parsed.error(
                    "\(parsed.name(of: spec)) does not go with \(self.door(door).described)"
                        + (hint.map { " (\($0))" } ?? ""))
            case .needs(let requirements):
                guard !requirements.contains(where: { $0.isMet(in: context) }) else { continue }
                let needed = requirements.map(\.description).joined(separator: " or ")
                throw parsed.error(
                    "\(parsed.name(of: spec)) needs \(needed)" + (rule.note.map { " (\($0))" } ?? ""))
            }
        }
        try checkConflicts(parsed)
    }

    /// Refuses the first of `conflicts` that `parsed` gives all of.
    private func checkConflicts(_ parsed: ParsedCommand) throws(UsageError) {
        for conflict in conflicts where conflict.option.isMet(in: parsed) {
            guard conflict.with.allSatisfy({ $0.isMet(in: parsed) }), !(conflict.unless?.isMet(in: parsed) ?? false)
            else { continue }
            let spec = parsed.command.options.first { $0.long == conflict.option.option }
            let name =
                (spec.map { parsed.name(of: $0) } ?? "--\(conflict.option.option)")
                + (conflict.option.value.map { " \($0)" } ?? "")
            let others = conflict.with.map(\.description).joined(separator: " and ")
            throw parsed.error("\(name) does not go with \(others) (\(conflict.note))")
        }
    }

    /// The doors a rule applies through, as a message lists them, or nil for none.
    private func appliesIn(_ rule: Rule) -> String? {
        let names = doors.filter { $0.listed && rule.use(in: $0.name) != .refused }.map(\.described)
        guard let last = names.last else { return nil }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
    }
}
