import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 (a random port) that answers requests from a script, for
/// tests of network code: exact statuses and headers, delays, bodies shorter than their
/// `Content-Length`, connections closed without an answer.
///
/// One connection at a time, one request per connection (`Connection: close`). It answers the
/// script's replies in order, then stops listening (later requests fail to connect). Everything is
/// bounded: each wait for a request ends after `timeout`, and ``stop()`` (or the end of the script)
/// ends the thread.
package final class ScriptedHTTPPeer: @unchecked Sendable {
    // @unchecked Sendable: `received` and `stopped` are read and written only while `lock` is held;
    // `listener` and `script` are set in `init` and only read afterwards (by the peer's one thread).

    /// One scripted answer.
    package struct Reply: Sendable {
        package var status: Int
        package var headers: [(String, String)]
        package var body: Data
        /// How long to wait after reading the request before answering.
        package var delay: Duration
        /// The `Content-Length` to declare (default: the body's length); larger makes a truncated body.
        package var declaredLength: Int?
        /// Close the connection after reading the request, without answering.
        package var closeWithoutAnswer: Bool

        package init(
            _ status: Int, headers: [(String, String)] = [], body: Data = Data(), delay: Duration = .zero,
            declaredLength: Int? = nil, closeWithoutAnswer: Bool = false
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.declaredLength = declaredLength
            self.closeWithoutAnswer = closeWithoutAnswer
        }

        /// An answer with a text body.
        package init(_ status: Int, headers: [(String, String)] = [], text: String) {
            self.init(status, headers: headers, body: Data(text.utf8))
        }

        /// A connection closed without an answer.
        package static let hangUp = Reply(0, closeWithoutAnswer: true)
    }

    /// One request as received.
    package struct Request: Sendable {
        package let method: String
        package let path: String
        /// Headers by lower-cased name.
        package let headers: [String: String]
        package let body: Data

        package func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    private let lock = NSLock()
    private var received: [Request] = []
    private var stopped = false
    private let listener: Int32
    private let script: [Reply]
    private let timeout: Duration
    private let finished = DispatchSemaphore(value: 0)
    /// The port it listens on.
    package let port: Int

    /// Starts listening and answering `script`; each wait for a request ends after `timeout`.
    ///
    /// The default is long because the client may start late: tests share two cooperative threads
    /// with tests that block theirs while a compiler or a child process runs, and a peer that gave
    /// up after 30 s of such a stall left every later request of its test unanswered.
    package init(_ script: [Reply], timeout: Duration = .seconds(120)) throws {
        self.script = script
        self.timeout = timeout
        #if canImport(Darwin)
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw PeerError("socket failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else {
            close(descriptor)
            throw PeerError("bind/listen on 127.0.0.1 failed: errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        listener = descriptor
        let thread = Thread { [self] in
            serve()
            finished.signal()
        }
        thread.start()
    }

    deinit {
        close(listener)
    }

    /// `http://127.0.0.1:PORT`.
    package var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The requests received so far, in order.
    package var requests: [Request] { lock.withLock { received } }

    /// Stops answering and waits (briefly) for the peer's thread to end.
    package func stop() {
        lock.withLock { stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
        _ = finished.wait(timeout: .now() + 2)
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func serve() {
        for reply in script {
            guard !isStopped, let connection = accept(within: timeout) else { return }
            defer { close(connection) }
            guard let request = read(connection) else { continue }
            lock.withLock { received.append(request) }
            if reply.delay > .zero { pause(reply.delay) }
            if reply.closeWithoutAnswer || isStopped { continue }
            write(reply, to: connection)
        }
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func accept(within limit: Duration) -> Int32? {
        var descriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(limit.components.seconds * 1000 + limit.components.attoseconds / 1_000_000_000_000_000)
        guard poll(&descriptor, 1, milliseconds) > 0, !isStopped else { return nil }
        #if canImport(Darwin)
        let connection = Darwin.accept(listener, nil, nil)
        #else
        let connection = Glibc.accept(listener, nil, nil)
        #endif
        return connection >= 0 ? connection : nil
    }

    private func pause(_ duration: Duration) {
        let end = ContinuousClock.now + duration
        while ContinuousClock.now < end, !isStopped { usleep(5_000) }
    }

    /// Reads one request: the head, then `Content-Length` bytes of body.
    private func read(_ connection: Int32) -> Request? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let separator = Data("\r\n\r\n".utf8)
        var headEnd: Range<Data.Index>?
        var bodyLength = 0
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let end = headEnd, data.count - end.upperBound >= bodyLength { break }
            var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) >= 0 else { return nil }
            if descriptor.revents == 0 { continue }
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return nil }
            data.append(contentsOf: buffer[0..<count])
            if headEnd == nil, let range = data.range(of: separator) {
                headEnd = range
                let head = String(decoding: data[..<range.lowerBound], as: UTF8.self)
                for line in head.components(separatedBy: "\r\n").dropFirst() {
                    let parts = line.split(separator: ":", maxSplits: 1)
                    if parts.count == 2, parts[0].lowercased() == "content-length" {
                        bodyLength = Int(parts[1].trimmingCharacters(in: .whitespaces)) ?? 0
                    }
                }
            }
        }
        guard let end = headEnd else { return nil }
        let lines = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        let body = data[end.upperBound...].prefix(bodyLength)
        return Request(
            method: requestLine.first.map(String.init) ?? "", path: requestLine.count > 1 ? String(requestLine[1]) : "",
            headers: headers, body: Data(body))
    }

    private func write(_ reply: Reply, to connection: Int32) {
        var head = "HTTP/1.1 \(reply.status) \(Self.reason(reply.status))\r\n"
        for (name, value) in reply.headers { head += "\(name): \(value)\r\n" }
        if reply.status != 304 { head += "Content-Length: \(reply.declaredLength ?? reply.body.count)\r\n" }
        head += "Connection: close\r\n\r\n"
        var bytes = Data(head.utf8)
        bytes.append(reply.body)
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(connection, raw.baseAddress! + offset, raw.count - offset, Self.sendFlags)
                if sent <= 0 { return }
                offset += sent
            }
        }
    }

    #if canImport(Darwin)
    private static let sendFlags: Int32 = 0
    #else
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #endif

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 413: "Content Too Large"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        default: status >= 500 ? "Server Error" : "Status"
        }
    }

    package struct PeerError: Error, CustomStringConvertible {
        package let description: String
        init(_ description: String) { self.description = description }
    }
}
