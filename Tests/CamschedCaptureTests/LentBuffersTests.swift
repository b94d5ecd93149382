import Testing
@testable import CamschedCapture

/// How many of a stream's driver buffers consumers may hold: all but two (one with fewer than
/// three), and none from a driver that writes into buffers it handed out (v4l2loopback).
@Suite struct LentBuffersTests {
    @Test func consumersHoldAllButTheDriversTwo() {
        var books = LentBuffers()
        books.startStream(lendable: 6)
        #expect((0..<6).map { _ in books.lend() } == [true, true, true, true, false, false])
        #expect(books.held == 4 && books.copiedOut == 2)
    }

    @Test func aStreamWithFewerThanThreeBuffersLendsOne() {
        var books = LentBuffers()
        books.startStream(lendable: 2)
        #expect([books.lend(), books.lend()] == [true, false])
    }

    @Test func aDriverThatWritesIntoDequeuedBuffersLendsNone() {
        var books = LentBuffers()
        books.startStream(lendable: nil)
        #expect((0..<8).allSatisfy { _ in !books.lend() })
        #expect(books.held == 0 && books.copiedOut == 8)
    }
}
