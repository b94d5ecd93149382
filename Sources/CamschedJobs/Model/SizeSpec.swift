/// The requested frame size: exact dimensions (`"1920x1080"`) or a preset (`"720p"`).
package enum SizeSpec: Sendable, Equatable, CustomStringConvertible {
    case exact(width: Int, height: Int)
    case preset(SizePreset)

    /// Parses `"WxH"` (1…16384 each) or a preset name.
    package init?(parsing text: String) {
        if let preset = SizePreset(rawValue: text.lowercased()) {
            self = .preset(preset)
            return
        }
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let width = Int(parts[0]), let height = Int(parts[1]),
              (1...16_384).contains(width), (1...16_384).contains(height) else { return nil }
        self = .exact(width: width, height: height)
    }

    /// `"1280x720"` or the preset's name.
    package var description: String {
        switch self {
        case .exact(let width, let height): "\(width)x\(height)"
        case .preset(let preset): preset.rawValue
        }
    }
}
