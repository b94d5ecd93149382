@testable import CamschedCapture
import CamschedCore
@testable import CamschedJobs
import CamschedMedia
import Testing

/// What can be copied is said in three layers: the camera is asked for it
/// (``ConfigurationCheck/preference(for:)`` of `.copy`, which `codec: "auto"` decides by),
/// ``StreamCopier`` files it, and the job decoder takes it as `camera.pixelFormat` with
/// `codec: "copy"`. They must name the same formats, or `auto` would choose a copy the
/// copier refuses, or `validate` refuse a format that copies.
@Suite struct CopyableFormatsTests {
    @Test func theCameraRequestTheCopierAndTheJobDecoderAgree() {
        let asked = Set(ConfigurationCheck.preference(for: .copy))
        #expect(asked == Set(StreamCopier.copyable))
        #expect(Set(asked.map(\.description)) == JobRules.copyableFormats)
    }
}
