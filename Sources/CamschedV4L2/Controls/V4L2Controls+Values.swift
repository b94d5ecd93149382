internal import CV4L2Shim
import Glibc

extension V4L2Controls {
    /// The current values of the controls with these ids that the device has, keyed by their
    /// names as `list(menus:)` gives them (`exposure_time_absolute`), without listing every
    /// control: one `VIDIOC_QUERY_EXT_CTRL` per id, and one read per control that has a value.
    ///
    /// A control the device lacks, a disabled or write-only one, or one without an integer
    /// value is left out, as is one whose read the driver refuses — exactly the controls the
    /// full listing would give no value for.
    /// - Throws: `.disconnected` when the device went away, `.ioctl` for other failures of
    ///   the query itself.
    ///
    /// The corresponding C calls are `VIDIOC_QUERY_EXT_CTRL` and `VIDIOC_G_EXT_CTRLS`.
    package func values(ids: [UInt32]) throws(V4L2Error) -> [String: Int64] {
        try device.lock.withLock { () throws(V4L2Error) -> [String: Int64] in
            var values: [String: Int64] = [:]
            for id in ids {
                let query: v4l2_query_ext_ctrl
                do throws(V4L2Error) {
                    query = try lockedQueryControl(id: id)
                } catch .unsupported {
                    continue
                }
                let type = V4L2ControlType(rawValue: query.type)
                let flags = V4L2ControlFlags(rawValue: query.flags)
                // Only the exact id: a driver never answers one id with another, but be sure.
                guard query.id == id, type.hasIntegerValue, type != .button,
                      !flags.contains(.writeOnly), !flags.contains(.disabled) else { continue }
                do throws(V4L2Error) {
                    values[V4L2ControlName.normalize(controlLabel(query))] = try lockedReadInteger(id: id, type: type)
                } catch .disconnected(let path) {
                    throw .disconnected(path: path)
                } catch {
                    continue  // refused (busy, inactive): unknown, as in the full listing
                }
            }
            return values
        }
    }
}
