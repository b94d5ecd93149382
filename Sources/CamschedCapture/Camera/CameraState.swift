/// The camera's life: closed → open → configured → streaming → stopping → (configured | closed).
///
/// ``Camera`` checks every call against it in one place. `stopping` lasts while consumers
/// still hold frames lent from the stream's buffers: the stream stops (→ `configured`) when
/// the last one is given back. `close` is allowed from every state.
package enum CameraState: String, Sendable, Equatable {
    case closed, open, configured, streaming, stopping
}
