/// System pressure, worst first at the end (AVFoundation's `AVCaptureDevice.SystemPressureState.Level`).
package enum PressureLevel: String, Sendable, Comparable, CaseIterable, Codable {
    case nominal, fair, serious, critical, shutdown

    var rank: Int { PressureLevel.allCases.firstIndex(of: self) ?? 0 }

    package static func < (lhs: PressureLevel, rhs: PressureLevel) -> Bool { lhs.rank < rhs.rank }
}
