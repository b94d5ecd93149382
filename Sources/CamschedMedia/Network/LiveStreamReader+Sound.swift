import CamschedCore

/// The stream's sound: its packets come interleaved with the pictures' and are taken as the
/// reader meets them — stamped by their stream time through the pictures' ``StreamClock`` (so
/// sound and picture from one server clock line up), decoded, and handed to ``onSound``.
extension LiveStreamReader {
    /// The stream's sound as `devices --probe` shows it; nil when the stream has none.
    package var soundDescription: StreamSoundDescription? { sound?.description }

    /// At most this many sound packets are held while the stream opens (a few seconds of any codec).
    static let heldSoundLimit = 512

    /// A sound packet read at `arrived`: decoded and handed on, or held while the stream opens.
    func take(sound packet: OwnedAVPacket, arrived: Int64) {
        guard let sound else { return }
        guard opened else {
            heldSound.append((packet, arrived, nil))
            if heldSound.count > Self.heldSoundLimit { heldSound.removeFirst() }
            return
        }
        guard let onSound, wantsSound() else { return }
        let captured = clock?.captured(stream: sound.streamNanoseconds(of: packet), arrived: arrived) ?? arrived
        for chunk in sound.decode(packet, captured: captured) { onSound(chunk) }
    }

    /// The stream time and arrival of the held sound packet that came soonest after it was taken.
    func quickestHeldSound() -> (stream: Int64, arrived: Int64)? {
        guard let sound else { return nil }
        let timed = heldSound.compactMap { held in sound.streamNanoseconds(of: held.packet).map { (stream: $0, arrived: held.arrived) } }
        return timed.min { $0.arrived - $0.stream < $1.arrived - $1.stream }
    }

    /// Stamps the sound held while opening, on the clock the pictures set.
    func stampHeldSound() {
        guard let sound else { return }
        for index in heldSound.indices {
            let (packet, arrived, _) = heldSound[index]
            heldSound[index].captured = clock?.captured(stream: sound.streamNanoseconds(of: packet), arrived: arrived) ?? arrived
        }
    }

    /// Hands on the sound held while opening once someone takes it.
    func decodeHeldSound() {
        guard !heldSound.isEmpty, opened, let sound, let onSound else { return }
        defer { heldSound.removeAll() }
        guard wantsSound() else { return }
        for (packet, arrived, captured) in heldSound {
            for chunk in sound.decode(packet, captured: captured ?? arrived) { onSound(chunk) }
        }
    }
}
