/// The folder at the top of an output root that holds the jobs' MQTT queues (one SQLite file a
/// job): not filed output, so scans of the root (retention, `catalog verify`, `rebuild`,
/// adoption) leave it alone, as they leave the catalog's own files.
package enum MQTTQueueFolder {
    package static let name = ".mqtt"
}
