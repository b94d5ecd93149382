internal import CV4L2Shim

/// The `V4L2_CTRL_FLAG_*` bits of a control.
package struct V4L2ControlFlags: OptionSet, Hashable, Sendable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    package static let disabled = Self(rawValue: UInt32(V4L2_CTRL_FLAG_DISABLED))
    /// Temporarily unchangeable, e.g. while streaming.
    package static let grabbed = Self(rawValue: UInt32(V4L2_CTRL_FLAG_GRABBED))
    package static let readOnly = Self(rawValue: UInt32(V4L2_CTRL_FLAG_READ_ONLY))
    package static let update = Self(rawValue: UInt32(V4L2_CTRL_FLAG_UPDATE))
    /// Has no effect now, e.g. manual exposure while auto exposure is on.
    package static let inactive = Self(rawValue: UInt32(V4L2_CTRL_FLAG_INACTIVE))
    package static let slider = Self(rawValue: UInt32(V4L2_CTRL_FLAG_SLIDER))
    package static let writeOnly = Self(rawValue: UInt32(V4L2_CTRL_FLAG_WRITE_ONLY))
    /// The value changes by itself (e.g. gain under auto gain).
    package static let volatile = Self(rawValue: UInt32(V4L2_CTRL_FLAG_VOLATILE))
    package static let hasPayload = Self(rawValue: UInt32(V4L2_CTRL_FLAG_HAS_PAYLOAD))
    package static let executeOnWrite = Self(rawValue: UInt32(V4L2_CTRL_FLAG_EXECUTE_ON_WRITE))
    package static let modifyLayout = Self(rawValue: UInt32(V4L2_CTRL_FLAG_MODIFY_LAYOUT))

    /// Every known flag with the name `v4l2-ctl` prints for it.
    package static let named: [(flag: V4L2ControlFlags, name: String)] = [
        (.disabled, "disabled"), (.grabbed, "grabbed"), (.readOnly, "read-only"), (.update, "update"),
        (.inactive, "inactive"), (.slider, "slider"), (.writeOnly, "write-only"), (.volatile, "volatile"),
        (.hasPayload, "has-payload"), (.executeOnWrite, "execute-on-write"), (.modifyLayout, "modify-layout"),
    ]

    /// The names of the flags that are set; bits without a name as hex (`0x800`).
    package var names: [String] { V4L2FlagNames.names(of: rawValue, in: Self.bitNames) }

    /// The flags the names stand for, as `names` writes them.
    package init(names: [String]) { self.init(rawValue: V4L2FlagNames.rawValue(of: names, in: Self.bitNames)) }

    private static let bitNames = named.map { (bits: $0.flag.rawValue, name: $0.name) }
}
