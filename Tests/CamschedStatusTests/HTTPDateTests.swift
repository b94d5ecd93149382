@testable import CamschedStatus
import Testing

/// The `Date` header the status server writes itself (RFC 9110 IMF-fixdate).
@Suite struct HTTPDateTests {
    @Test func formatsAsRFC9110Says() {
        // RFC 9110 section 5.6.7's own example.
        #expect(HTTPDate.string(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.string(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.string(951_782_400) == "Tue, 29 Feb 2000 00:00:00 GMT")
        #expect(HTTPDate.string(1_798_761_599) == "Thu, 31 Dec 2026 23:59:59 GMT")
    }
}
