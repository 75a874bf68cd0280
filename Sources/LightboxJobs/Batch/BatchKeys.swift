import LightboxFormats

/// The keys a `lightbox batch` job may give besides `id` and `command`: its own command's (a crop
/// manifest line's and `crops`, a view state line's, a board layout's) and the policy keys, so a
/// key none of them is refused naming the nearest of the job's own command.
package enum BatchKeys {
    /// The keys a job of `command` may give, in the order messages list them (a view option in
    /// camelCase; its kebab-case spelling is taken too).
    package static func known(for command: JobKind) -> [String] {
        let own: [String]
        switch command {
        case .crop: own = ManifestReader.keys + ["crops"]
        case .view:
            let fields = ViewPlanner.fields
            own = fields.inputKeys.sorted() + fields.options.map { FieldText.camel($0.long) }
        case .board: own = BoardLayoutFile.keys
        }
        var seen = Set<String>()
        return (own + BatchPolicy.keys.map(\.camel)).filter { seen.insert($0).inserted }
    }

    /// The problem of the first key (in sorted order) of a `command` job's `object` that the job
    /// does not take, line `line` of `file`: `unknown key 'qualty'; did you mean 'quality'?`.
    package static func problem(
        in object: [String: Any], command: JobKind, file: String, line: Int
    ) -> BatchProblem? {
        let known = known(for: command)
        let taken = Set(known)
        let unknown = object.keys.sorted().first { key in
            !taken.contains(key) && !(command == .view && taken.contains(FieldText.camel(key)))
        }
        guard let unknown else { return nil }
        return BatchProblem(file, line: line, ManifestReader.unknownName("key", unknown, among: known))
    }
}
