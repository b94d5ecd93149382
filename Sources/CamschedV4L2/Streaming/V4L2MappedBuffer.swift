/// One driver buffer mapped into this process (`VIDIOC_QUERYBUF` + `v4l2_mmap`).
struct V4L2MappedBuffer {
    let start: UnsafeMutableRawPointer
    let length: Int
}
