import HTTPTypes
import NIOHTTPTypes

/// The requests read on a connection and the answers written to it, for a channel handler that may
/// answer for the server (a 408, a 400 to malformed HTTP): HTTP/1.1 answers go out in order, one at
/// a time, so one may be written only where no answer is under way.
struct ConnectionAnswers {
    /// Request heads read.
    private(set) var requests = 0
    /// Whether the latest request's head was read and its end was not.
    private(set) var isReadingBody = false
    /// Final answers (not informational ones such as 100 Continue) whose head was written, and
    /// answers whose end was written.
    private var begun = 0
    private var ended = 0

    mutating func read(_ part: HTTPRequestPart) {
        switch part {
        case .head:
            requests += 1
            isReadingBody = true
        case .body:
            break
        case .end:
            isReadingBody = false
        }
    }

    mutating func wrote(_ part: HTTPResponsePart) {
        switch part {
        case .head(let head) where head.status.kind != .informational:
            begun += 1
        case .end:
            ended += 1
        case .head, .body:
            break
        }
    }

    /// Whether the latest request may be answered now: every earlier request was answered and its
    /// own answer has not begun.
    var mayAnswerLatest: Bool { requests > 0 && begun == requests - 1 && ended == begun }

    /// Whether every request read was answered and no answer is under way.
    var isIdle: Bool { begun == requests && ended == begun }
}
