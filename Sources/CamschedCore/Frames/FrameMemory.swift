/// The pixel memory of a frame, given back exactly once: when the last holder lets go of it.
///
/// Where the memory came from says how it goes back: heap memory a frame owns is freed, a
/// pooled buffer returns to its pool, a driver buffer is queued to the driver again, a libav
/// picture is unreferenced. Frames that show the same pixels share one `FrameMemory`
/// (``VideoFrame/with(metadata:)``), so a driver buffer goes back once, after the last of them.
///
/// Unchecked Sendable, and the one place a frame needs it: `bytes` is a raw pointer and the
/// give-back step may capture one, which no checked Sendable type may hold. What guards them:
/// both are constants set in `init`; the memory is only read through `bytes`, never written;
/// and it is given back only in `deinit`, which runs once, on whichever thread drops the last
/// reference, when no holder can read it any more.
package final class FrameMemory: @unchecked Sendable {
    /// The pixels; valid as long as this object is alive.
    package let bytes: UnsafeRawBufferPointer
    /// What owns `bytes` when they are someone else's reference-counted memory (a demuxed
    /// libav packet, ``init(bytes:heldBy:)``), held as long as this memory: a consumer that can
    /// share the owner's memory (a stream copy referencing the packet) finds it here. nil for
    /// memory the give-back step returns.
    package let owner: (any AnyObject & Sendable)?
    private let giveBack: () -> Void

    /// Memory that belongs to someone else (a driver buffer, a libav picture) until
    /// `giveBack` hands it back; that runs exactly once, when the last holder lets go.
    package init(bytes: UnsafeRawBufferPointer, giveBack: @escaping @Sendable () -> Void) {
        self.bytes = bytes
        owner = nil
        self.giveBack = giveBack
    }

    /// Memory that `owner` keeps valid (a reference to a libav packet's buffer): held with
    /// this memory and released with it, exactly once, when the last holder lets go.
    package init(bytes: UnsafeRawBufferPointer, heldBy owner: any AnyObject & Sendable) {
        self.bytes = bytes
        self.owner = owner
        giveBack = {}
    }

    /// Takes over `storage`, whose first `count` bytes are the pixels; `giveBack` receives the
    /// whole of `storage` exactly once, when the last holder lets go (a pool takes it back).
    package init(taking storage: UnsafeMutableRawBufferPointer, count: Int,
                giveBack: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Void) {
        bytes = UnsafeRawBufferPointer(rebasing: storage[0..<min(max(count, 0), storage.count)])
        owner = nil
        self.giveBack = { giveBack(storage) }
    }

    /// Takes over `storage` from `UnsafeMutableRawBufferPointer.allocate`, whose first `count`
    /// bytes are the pixels: freed when the last holder lets go.
    package convenience init(owning storage: UnsafeMutableRawBufferPointer, count: Int) {
        self.init(taking: storage, count: count) { $0.deallocate() }
    }

    /// A copy of `data` in heap memory of its own.
    package convenience init(copying data: UnsafeRawBufferPointer) {
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 64)
        if data.count > 0 { storage.copyMemory(from: data) }
        self.init(owning: storage, count: data.count)
    }

    deinit { giveBack() }
}
