import Foundation
import Testing
import Vips

/// A text's paragraph direction is Pango's: its first letter of a strong direction decides.
@Suite struct TextDirectionTests {
    @Test(arguments: [
        ("مرحبا بالعالم", TextDirection.rightToLeft),
        ("שלום world", .rightToLeft),
        ("2024 (שלום)", .rightToLeft),
        ("Tel Aviv תל אביב", .leftToRight),
        ("서울", .leftToRight),
        ("2024 …", .leftToRight),
        ("👩‍👩‍👧", .leftToRight),
        ("", .leftToRight),
        ("\u{200F}2024", .rightToLeft),
        ("\u{200E}مرحبا", .leftToRight),
    ])
    func theFirstStrongLetterDecides(text: String, direction: TextDirection) {
        #expect(TextDirection(of: text) == direction, "\(text)")
    }

    /// A text's mark gives a start of it the text's direction.
    @Test func theMarkKeepsTheDirection() {
        #expect(TextDirection(of: TextDirection.rightToLeft.mark + "2024") == .rightToLeft)
        #expect(TextDirection(of: TextDirection.leftToRight.mark + "مرحبا") == .leftToRight)
    }
}
