import CamschedCapture

/// One entry of `devices --json`: a V4L2 node (its description's keys, as before libcamera) or a
/// camera of another kind that can be listed (a libcamera camera: `uri`, `card`, `driver`
/// `libcamera`, `modes`, `controls`, as `--probe` gives them).
enum DeviceListing: Encodable {
    case node(DeviceNode)
    case camera(DeviceProbe)

    func encode(to encoder: any Encoder) throws {
        switch self {
        case let .node(node): try node.encode(to: encoder)
        case let .camera(probe): try probe.encode(to: encoder)
        }
    }
}
