import CamschedCore
import Dispatch
import Foundation
import Synchronization

/// A microphone read on a thread of its own into a bounded queue that the recording thread
/// empties at each frame (``take()``), so a slow encoder never makes the device overrun and
/// a stalled device never holds up the pictures. A ``QueuedMicrophone`` (a network stream's
/// sound) already fills such a queue: its queue is taken as it is, and no thread reads it. A lost microphone is reopened with a
/// back-off (1 s doubling to 30 s) until it returns or the capture stops; what happened is
/// reported as ``Event``s, once each.
package final class SoundCapture: Sendable {
    package enum Event: Equatable, Sendable {
        /// The device went away or failed (the reason); sound stops, pictures go on.
        case lost(String)
        /// It is back: sound resumes on the same timeline (the gap filled with silence).
        case back
    }

    package let microphone: any Microphone
    private let queue: AudioChunkQueue
    /// What happened since ``take()`` last looked.
    private let events = Mutex<[Event]>([])
    private let stopping = Latch()
    private let finished = Latch()

    /// `capacitySeconds`: sound the queue holds before the oldest is dropped (counted).
    package init(microphone: any Microphone, capacitySeconds: Double = 5) {
        self.microphone = microphone
        queue = (microphone as? any QueuedMicrophone)?.queue
            ?? AudioChunkQueue(capacityFrames: Int(capacitySeconds * Double(microphone.format.rate)))
    }

    /// Starts the reading thread; the microphone must be started already.
    package func start() {
        guard !(microphone is any QueuedMicrophone) else { return finished.open() }
        let thread = Thread { [self] in
            readLoop()
            finished.open()
        }
        thread.name = "camsched.sound"
        thread.start()
    }

    /// The chunks read since the last call, oldest first, and what happened meanwhile.
    package func take() -> (chunks: [AudioChunk], events: [Event]) {
        let happened = events.withLock { events in
            defer { events = [] }
            return events
        }
        return (queue.takeAll(), happened)
    }

    /// Waits until the sound captured reaches `end` (monotonic ns) or `timeout` seconds pass: a
    /// recording's last picture lasts its interval, and its sound must be heard to the end of it.
    package func wait(through end: Int64, timeout: Double) { queue.wait(through: end, timeout: timeout) }

    /// Stops the thread (within a read's timeout) and closes the device.
    package func stop() {
        stopping.open()
        _ = finished.wait(until: .now() + 2)
        microphone.stop()
    }

    private func readLoop() {
        var backoff = Backoff(first: .seconds(1), longest: .seconds(30))
        while !stopping.isOpen {
            do {
                guard let chunk = try microphone.read(timeout: 0.25) else { continue }
                queue.push(chunk)
            } catch {
                note(.lost("\(error)"))
                microphone.stop()
                while !stopping.isOpen {
                    if stopping.wait(until: .now() + backoff.next().secondsValue) { return }
                    if (try? microphone.start()) != nil { break }
                }
                backoff.reset()
                if !stopping.isOpen { note(.back) }
            }
        }
    }

    private func note(_ event: Event) { events.withLock { $0.append(event) } }
}
