import CamschedCore
import CamschedTestSupport
import Foundation
import Testing

/// A client that stops reading `stream.mjpg` is dropped: memory stays flat, capture and the
/// other clients go on.
@Suite(.serialized) struct LiveStatusSlowClientTests {
    @Test func aClientThatStopsReadingIsDroppedWithoutGrowingMemory() throws {
        let dir = try TemporaryDirectory()
        // Large frames make large parts: the connection's small send buffer fills within a second or two.
        let job = try dir.write("j.json", JobFixtures.record(name: "slow", device: "test:?size=1280x720&fps=10", duration: "30s"))
        let live = try LiveStatusProcess(["run", job.path, "--no-progress", "--listen", "127.0.0.1:0"], in: dir)
        #expect(try live.wait(seconds: 15) { try live.job("slow")["streaming"] as? Bool == true })
        // A reader with a tiny window that takes the head and one part, then stops reading.
        let fd = try HTTPProbe.connect(port: live.port, timeout: 1, receiveBuffer: 4096)
        defer { close(fd) }
        try HTTPProbe.send(fd, path: "/jobs/slow/stream.mjpg", port: live.port)
        #expect(HTTPProbe.read(fd, atLeast: 1000, seconds: 5).count >= 1000)
        // Time is the scenario: two seconds for the stalled connection's buffers to fill before
        // the baseline (nothing tells when they are full), then seven seconds of capture while
        // the client does not read (the server drops it after five).
        Thread.sleep(forTimeInterval: 2)
        let framesBefore = try live.job("slow")["framesCaptured"] as? Int ?? 0
        let rssBefore = live.residentKiB
        Thread.sleep(forTimeInterval: 7)
        let rssAfter = live.residentKiB
        let framesAfter = try live.job("slow")["framesCaptured"] as? Int ?? 0
        #expect(rssAfter - rssBefore < 8 * 1024, "resident memory stays flat: \(rssBefore) → \(rssAfter) KiB")
        #expect(framesAfter - framesBefore >= 50, "capture went on at full rate: \(framesAfter - framesBefore) frames in 7 s")
        // Dropped: what is left in the socket drains and then the connection is closed.
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 65536)
        let end = Date().addingTimeInterval(8)
        var closed = false
        while Date() < end {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 || (count < 0 && errno == ECONNRESET) { closed = true; break }
            if count > 0 { total += count }
        }
        #expect(closed, "the stalled client was dropped (read \(total) bytes left in flight)")
        #expect(try live.get("/jobs/slow/preview.jpg").status == 200, "other clients are still served")
        #expect(live.stop(SIGINT) == 130)
    }
}
