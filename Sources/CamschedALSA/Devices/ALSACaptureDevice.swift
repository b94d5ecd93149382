internal import CALSA
internal import CALSAShim

/// One capture PCM of a sound card, as `arecord -l` lists it: `card 1: Loopback [Loopback],
/// device 0: Loopback PCM [Loopback PCM]`.
package struct ALSACaptureDevice: Sendable, Equatable, CustomStringConvertible {
    /// The card's number (`/dev/snd/controlC<card>`).
    package var card: Int
    /// The card's id, its stable name in ALSA names (`C920`, `Loopback`).
    package var cardID: String
    /// The card's name (`HD Pro Webcam C920`).
    package var cardName: String
    /// The PCM device's number on the card.
    package var device: Int
    /// The PCM device's name.
    package var deviceName: String

    package init(card: Int, cardID: String, cardName: String, device: Int, deviceName: String) {
        self.card = card
        self.cardID = cardID
        self.cardName = cardName
        self.device = device
        self.deviceName = deviceName
    }

    /// The name to open it by: `hw:CARD=<id>,DEV=<device>`.
    package var alsaName: String { "hw:CARD=\(cardID),DEV=\(device)" }

    package var description: String {
        "card \(card): \(cardID) [\(cardName)], device \(device): \(deviceName) (\(alsaName))"
    }

    /// Every capture PCM of every card, in card and device order; empty when there is no card.
    /// The corresponding C calls are `snd_card_next`, `snd_ctl_pcm_next_device` and `snd_ctl_pcm_info`.
    package static func list() -> [ALSACaptureDevice] {
        cs_alsa_quiet_errors()
        var devices: [ALSACaptureDevice] = []
        var card: Int32 = -1
        while snd_card_next(&card) >= 0 && card >= 0 {
            devices += capturePCMs(ofCard: card)
        }
        return devices
    }

    /// The capture PCMs of one card.
    private static func capturePCMs(ofCard card: Int32) -> [ALSACaptureDevice] {
        var opened: OpaquePointer?
        guard snd_ctl_open(&opened, "hw:\(card)", 0) >= 0, let control = opened else { return [] }
        defer { snd_ctl_close(control) }
        var allocatedCard: OpaquePointer?, allocatedPCM: OpaquePointer?
        guard snd_ctl_card_info_malloc(&allocatedCard) >= 0, let cardInfo = allocatedCard else { return [] }
        defer { snd_ctl_card_info_free(cardInfo) }
        guard snd_pcm_info_malloc(&allocatedPCM) >= 0, let pcmInfo = allocatedPCM else { return [] }
        defer { snd_pcm_info_free(pcmInfo) }
        guard snd_ctl_card_info(control, cardInfo) >= 0 else { return [] }
        let cardID = String(cString: snd_ctl_card_info_get_id(cardInfo))
        let cardName = String(cString: snd_ctl_card_info_get_name(cardInfo))
        var found: [ALSACaptureDevice] = []
        var device: Int32 = -1
        while snd_ctl_pcm_next_device(control, &device) >= 0 && device >= 0 {
            snd_pcm_info_set_device(pcmInfo, UInt32(device))
            snd_pcm_info_set_subdevice(pcmInfo, 0)
            snd_pcm_info_set_stream(pcmInfo, SND_PCM_STREAM_CAPTURE)
            guard snd_ctl_pcm_info(control, pcmInfo) >= 0 else { continue }
            found.append(ALSACaptureDevice(card: Int(card), cardID: cardID, cardName: cardName, device: Int(device),
                                           deviceName: String(cString: snd_pcm_info_get_name(pcmInfo))))
        }
        return found
    }
}
