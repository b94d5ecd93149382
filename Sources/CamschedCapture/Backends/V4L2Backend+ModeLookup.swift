import CamschedCore
import CamschedV4L2

extension V4L2Backend {
    /// The mode a request for one exact size would choose, found with few ioctls: the pixel
    /// formats alone, then the sizes of each candidate format in `order` until one offers
    /// `width`x`height`, and that size's frame rates. ``modes()`` enumerates every format, size
    /// and rate first (on vivid, some 5,000 ioctls, most of a cold still under emulation).
    ///
    /// - Parameters:
    ///   - order: the formats to try first, best first (the request's own, or the purpose's
    ///     preference).
    ///   - orAnyFormat: when none of `order` offers the size, the first format in the driver's
    ///     order that does (what the full check falls back to).
    /// - Returns: one mode, or nil when the answer needs the full list (nothing found, so the
    ///   error should name every size offered).
    package func mode(width: Int, height: Int, preferring order: [FourCC], orAnyFormat: Bool) throws(CameraError) -> CameraMode? {
        let device = try requireDevice()
        do {
            let offered = try device.formats.pixelFormats()
            var candidates = order.filter { offered.contains($0) }
            if orAnyFormat { candidates += offered.filter { !candidates.contains($0) } }
            for fourCC in candidates {
                guard let size = try device.formats.frameSize(fourCC, width: UInt32(width), height: UInt32(height)) else { continue }
                // As modes() reports them: a discrete size's rates; common rates inside a range.
                let rates = size.isDiscrete ? size.intervals.map(\.framesPerSecond).filter { $0 > 0 } : [30, 25, 15, 5]
                return CameraMode(pixelFormat: fourCC, width: width, height: height, frameRates: rates)
            }
            return nil
        } catch {
            throw V4L2Backend.map(error, path: path)
        }
    }
}
