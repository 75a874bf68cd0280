/// What an `hvcC` says about an HEVC image's coding: its profile, chroma format and bit depths.
package struct HEVCConfiguration: Sendable, Equatable {
    /// `general_profile_idc`: 1 Main, 2 Main 10, 3 Main Still Picture, 4 and up range extensions and later.
    package let profile: Int
    /// `chroma_format_idc`: 0 monochrome, 1 4:2:0, 2 4:2:2, 3 4:4:4.
    package let chromaFormat: Int
    /// Bits per luma sample.
    package let lumaBits: Int
    /// Bits per chroma sample.
    package let chromaBits: Int

    /// Makes a configuration.
    package init(profile: Int, chromaFormat: Int, lumaBits: Int, chromaBits: Int) {
        self.profile = profile
        self.chromaFormat = chromaFormat
        self.lumaBits = lumaBits
        self.chromaBits = chromaBits
    }

    /// Whether the tiles are plain Main-profile 4:2:0 (Main, Main 10 or Main Still Picture), as
    /// phones write them, rather than a range extension (4:4:4, 4:2:2, monochrome).
    package var isMain420: Bool { (1...3).contains(profile) && chromaFormat == 1 }

    /// Whether samples are 8 bits, as libvips decodes them to 8-bit sRGB (deeper ones become 16-bit).
    package var isEightBit: Bool { lumaBits == 8 && chromaBits == 8 }
}
