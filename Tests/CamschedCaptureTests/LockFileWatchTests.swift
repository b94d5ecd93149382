@testable import CamschedCapture
import Foundation
import Glibc
import Testing

/// A process waiting for a camera lock is woken by the holder's close of the lock file, not
/// by a poll: a wait with a long deadline ends when another descriptor of the file is closed.
@Suite struct LockFileWatchTests {
    @Test func aCloseOfTheLockFileEndsTheWaitLongBeforeItsDeadline() throws {
        let path = NSTemporaryDirectory() + "camsched-watch-\(getpid()).lock"
        defer { unlink(path) }
        let mine = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(mine >= 0)
        defer { close(mine) }
        let holder = open(path, O_RDWR | O_CLOEXEC)
        try #require(holder >= 0)
        let watch = LockFileWatch(file: mine)
        let closer = Thread { usleep(100_000); close(holder) }
        closer.start()
        let started = ContinuousClock.now
        watch.waitForClose(milliseconds: 20_000)
        let waited = ContinuousClock.now - started
        // Woken by the close (after ~0.1 s), not by the 20 s deadline.
        #expect(waited >= .milliseconds(50))
        #expect(waited < .seconds(10))
    }

    @Test func withoutACloseTheWaitEndsAtItsDeadline() {
        let path = NSTemporaryDirectory() + "camsched-watch-idle-\(getpid()).lock"
        defer { unlink(path) }
        let mine = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        defer { close(mine) }
        let started = ContinuousClock.now
        LockFileWatch(file: mine).waitForClose(milliseconds: 150)
        #expect(ContinuousClock.now - started >= .milliseconds(140))
    }
}
