internal import CALSA

/// What a hardware ALSA name (`hw:CARD=C920,DEV=0`, `plughw:1,0`, `hw:Loopback,1,0`) points at:
/// a card and a PCM device, and so the node a program holding it has open.
package struct ALSADeviceName: Sendable, Equatable {
    /// The card's number.
    package var card: Int
    /// The PCM device's number on the card.
    package var device: Int

    /// The card and device of `name`; nil for a name that does not say them (`default`, a
    /// plugin of the configuration) or a card that is not there.
    /// The corresponding C call is `snd_card_get_index` (a card's number or its id).
    package init?(_ name: String) {
        guard let colon = name.firstIndex(of: ":"), ["hw", "plughw"].contains(name[..<colon]) else { return nil }
        var values: [String: String] = [:]
        let positional = ["CARD", "DEV", "SUBDEV"]
        for (index, argument) in name[name.index(after: colon)...].split(separator: ",").enumerated() {
            let parts = argument.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: ["\"", "'", " "]) }
            if parts.count == 2 {
                values[parts[0].uppercased()] = parts[1]
            } else if index < positional.count {
                values[positional[index]] = parts.first ?? ""
            }
        }
        guard let cardValue = values["CARD"] else { return nil }
        let card = snd_card_get_index(cardValue)
        guard card >= 0 else { return nil }
        self.card = Int(card)
        device = values["DEV"].flatMap { Int($0) } ?? 0
    }

    package init(card: Int, device: Int) {
        self.card = card
        self.device = device
    }

    /// The device node a capture stream of it holds open: `/dev/snd/pcmC<card>D<device>c`.
    package var captureNode: String { "/dev/snd/pcmC\(card)D\(device)c" }
}

private extension Substring {
    func trimmingCharacters(in set: Set<Character>) -> String {
        String(drop(while: set.contains).reversed().drop(while: set.contains).reversed())
    }
}
