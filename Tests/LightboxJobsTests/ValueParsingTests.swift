import Foundation
import LightboxArguments
import LightboxFormats
import LightboxRender
import Testing

@testable import LightboxJobs

/// Tables for the small readers and writers of the command line: output templates and error lines.
@Suite struct ValueParsingTests {
    @Test(arguments: [
        ("crops/{stem}-{n}.{ext}", "photos/beach.day.jpg", 3, "crops/beach.day-3.jpg"),
        ("{stem}.png", "a", 1, "a.png"),
        ("out.webp", "/x/y.png", 2, "out.webp"),
        ("{n}-{n}.jpg", "y.png", 7, "7-7.jpg"),
    ])
    func templates(template: String, input: String, number: Int, expected: String) {
        #expect(OutputTemplate(template).path(input: input, number: number) == expected)
    }

    @Test func longErrorLinesAreShortenedInTheMiddle() {
        let text = String(repeating: "a", count: 700) + String(repeating: "b", count: 700)
        let short = Console.shortened(text)
        #expect(short.count == 903)
        #expect(
            short.hasPrefix(String(repeating: "a", count: 600)) && short.hasSuffix(String(repeating: "b", count: 300)))
        #expect(Console.shortened("short") == "short")
    }
}
