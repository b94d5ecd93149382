/// The sequence numbers of the frames a capture session delivered: their range, and how many
/// frames the camera or its driver lost between them. A V4L2 driver numbers every frame it
/// captures, so a dropped or error-flagged buffer leaves a gap (the test camera's `dropPercent`
/// does the same); frames a consumer did not take are no gap here.
///
/// Right after a frame-rate change the numbers are not trusted alone: a driver may renumber
/// there (vivid resynchronises its counter, as when a time-lapse slows the camera down between
/// shots), so for the first frames after a change a gap counts only the frames its timestamps
/// show missing at the slower of the two rates (the camera may still deliver at the old one).
/// Otherwise every number missing is a lost frame: timestamps jitter too much (vivid in an
/// emulated guest) to second-guess the driver. A jump back (the stream restarted its numbering)
/// is no loss. Counting starts at the first delivered frame.
///
/// Frames lost before the consumers want frames again (a time-lapse between its shots wants
/// none stamped before its next shot is due) are not counted either: they would not have been
/// taken, whatever the camera did. The lost frames' times are taken as spread evenly over the
/// gap. (In the emulated vivid guest the driver's thread, late while a still is encoded, skips
/// numbers, and a time-lapse reported frames it never wanted as dropped.)
struct DeliveredSequence {
    private(set) var first: UInt32?
    private(set) var last: UInt32?
    /// Frames lost between the delivered ones.
    private(set) var dropped = 0
    private var lastTimestamp: Int64?
    private var fps: Double
    private var interval: Int64
    private var settling: (frames: Int, interval: Int64) = (0, 0)

    init(fps: Double = 30) {
        self.fps = fps
        interval = Self.interval(fps)
    }

    /// The camera is asked for `fps` from now on; returns the rate in force before.
    @discardableResult
    mutating func rateChanging(to fps: Double) -> Double {
        let before = self.fps
        let next = Self.interval(fps)
        settling = (2, max(interval, next))
        (self.fps, interval) = (fps, next)
        return before
    }

    /// Records a delivered frame; returns how many frames were lost just before it that were
    /// wanted: those that would have been stamped at or after `wantedFrom`. A frame `refused`
    /// (damaged: ``DamagedFrameFilter``) is itself one of them when it was wanted; it is recorded
    /// all the same, so the next frame's number shows no gap for it.
    @discardableResult
    mutating func record(_ sequence: UInt32, timestampNanoseconds time: Int64, wantedFrom: Int64 = .min, refused: Bool = false) -> Int {
        let lost = recordGap(before: sequence, timestampNanoseconds: time, wantedFrom: wantedFrom)
        guard refused, time >= wantedFrom else { return lost }
        dropped += 1
        return lost + 1
    }

    private mutating func recordGap(before sequence: UInt32, timestampNanoseconds time: Int64, wantedFrom: Int64) -> Int {
        defer {
            (last, lastTimestamp) = (sequence, time)
            if settling.frames > 0 { settling.frames -= 1 }
        }
        guard let last, let lastTimestamp else {
            first = sequence
            return 0
        }
        // Wrapping arithmetic: 0xFFFF_FFFF followed by 0 is continuous.
        let gap = sequence &- (last &+ 1)
        guard gap > 0, gap < 0x8000_0000, wantedFrom < time else { return 0 }
        var lost = Int(gap)
        if settling.frames > 0 {
            let byTime = (Double(time - lastTimestamp) / Double(max(settling.interval, 1))).rounded() - 1
            lost = min(lost, Int(max(0, min(byTime, Double(gap)))))
        }
        if wantedFrom > lastTimestamp {
            // Lost frame i (1…gap) would have come at last + i·step; those before `wantedFrom`
            // were not wanted.
            let step = Double(time - lastTimestamp) / Double(gap + 1)
            let unwanted = Int((Double(wantedFrom - lastTimestamp) / step).rounded(.up)) - 1
            lost = max(0, min(lost, Int(gap) - min(unwanted, Int(gap))))
        }
        dropped += lost
        return lost
    }

    private static func interval(_ fps: Double) -> Int64 {
        Int64((1e9 / (fps.isFinite && fps > 0 ? fps : 30)).rounded())
    }
}
