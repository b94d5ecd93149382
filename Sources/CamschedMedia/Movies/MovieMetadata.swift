import CamschedCore
import Foundation

/// Tags written into a recording's container.
package struct MovieMetadata: Sendable, Equatable {
    /// `title`: the job's name.
    package var title: String?
    /// The run id, written in `comment` (`camsched run <id>, encoder <name>`) unless `comment`
    /// is set, and as the custom tag `camsched_run` where the container keeps custom tags (MKV).
    package var runID: String?
    /// `comment`.
    package var comment: String?
    /// `creation_time`: when the recording started.
    package var creationTime: Date?
    /// Further tags, written as they are (MKV keeps any; MP4 keeps the iTunes-style ones).
    package var extra: [String: String]

    package init(title: String? = nil, runID: String? = nil, comment: String? = nil,
                creationTime: Date? = nil, extra: [String: String] = [:]) {
        self.title = title
        self.runID = runID
        self.comment = comment
        self.creationTime = creationTime
        self.extra = extra
    }

    /// The tags as libavformat keys, with `encoder` naming the video encoder.
    func tags(encoder: String) -> [String: String] {
        var tags = extra
        if let title { tags["title"] = title }
        // libavformat overwrites the `encoder` tag with its own name, and MP4 drops custom
        // tags, so the video encoder travels in the comment.
        tags["comment"] = comment ?? ((runID.map { "camsched run \($0), " } ?? "camsched ") + "encoder \(encoder)")
        if let runID { tags["camsched_run"] = runID }
        if let creationTime { tags["creation_time"] = RFC3339Timestamp.string(from: creationTime) }
        tags["camsched_encoder"] = encoder
        return tags
    }
}
