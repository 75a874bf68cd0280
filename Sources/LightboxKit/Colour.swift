import LightboxRender

/// An opaque sRGB colour, each component from 0 to 1.
public struct Colour: Sendable, Equatable {
    /// Red, from 0 to 1.
    public var red: Double
    /// Green, from 0 to 1.
    public var green: Double
    /// Blue, from 0 to 1.
    public var blue: Double

    /// Makes a colour from components from 0 to 1.
    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The renderer's colour, or an error naming `field` when a component is not a number from 0 to 1.
    func rendered(_ field: String, output: String) throws(LightboxError) -> BoardColor {
        guard [red, green, blue].allSatisfy({ (0...1).contains($0) }) else {
            throw LightboxError(output, "\(field): each of red, green and blue must be a number from 0 to 1")
        }
        return BoardColor(red: red, green: green, blue: blue)
    }
}
