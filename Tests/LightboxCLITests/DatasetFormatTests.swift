import LightboxArguments
import Testing

@testable import LightboxCLI

/// Each dataset format is declared once (`DatasetFormat`), and the doors table, the options and
/// help of `crop` are made from it.
@Suite struct DatasetFormatTests {
    @Test(arguments: DatasetFormat.all.map(\.option.spec.long))
    func theFormatIsInTheTableTheOptionsAndHelp(long: String) throws {
        let format = try #require(DatasetFormat.all.first { $0.option.spec.long == long })
        let doors = CropDoors.table.doors.map(\.name)
        let declared = CropCommand.spec.options.map(\.long)
        for door in format.doors {
            #expect(doors.contains(door.name))
            #expect(CropDoors.table.rules[long]?.use(in: door.name) == .applies)
            #expect(CropHelp.discussion.contains(door.described), "\(door.described)")
        }
        #expect(CropDoors.table.rules[long]?.use(in: "manifest") == .refused)
        for (option, own) in format.own {
            #expect(declared.contains(option.spec.long))
            for door in doors {
                #expect((CropDoors.table.rules[option.spec.long]?.use(in: door) == .applies) == own.contains(door))
            }
            #expect(CropHelp.discussion.contains("--\(option.spec.long)"))
        }
        for door in format.images { #expect(CropDoors.table.rules["images"]?.use(in: door) == .applies) }
        #expect(format.examples.allSatisfy { CropHelp.examples.contains($0) })
    }
}
