/// Where a camera is mounted, as libcamera's `properties::Location` says.
package enum LibcameraLocation: String, Sendable, Equatable, Codable {
    case front, back, external

    init?(code: Int32) {
        switch code {
        case 0: self = .front
        case 1: self = .back
        case 2: self = .external
        default: return nil
        }
    }
}
