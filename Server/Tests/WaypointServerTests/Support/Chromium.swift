import Foundation
import SystemCalls

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Headless Chromium for page tests: its command-line modes (`--dump-dom`, `--screenshot`) and a
/// session driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`), to sign in
/// through the real form and keep the session cookie like a person's browser does.
enum Chromium {
    /// The browser, when one is installed (Debian's `chromium`).
    static var executable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for directory in path.split(separator: ":") + ["/usr/bin", "/snap/bin"] {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    /// Flags every run uses: headless, no first-run noise, a throw-away profile, a fixed window.
    static func baseArguments(profile: URL) -> [String] {
        [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
            "--disable-extensions", "--disable-dev-shm-usage", "--hide-scrollbars", "--window-size=1280,900",
            "--user-data-dir=\(profile.path)", "--lang=en-US",
        ]
    }

    /// `chromium --headless --dump-dom URL`: the DOM after the page loaded, as HTML.
    static func dumpDOM(_ url: String) throws -> String {
        let output = try run(["--dump-dom", url])
        return String(decoding: output, as: UTF8.self)
    }

    /// `chromium --headless --screenshot=FILE URL`.
    static func screenshot(_ url: String, to file: URL) throws {
        _ = try run(["--screenshot=\(file.path)", url])
        guard FileManager.default.fileExists(atPath: file.path) else { throw TestFailure("chromium wrote no screenshot of \(url)") }
    }

    private static func run(_ arguments: [String]) throws -> Data {
        guard let executable else { throw TestFailure("chromium is not installed; `apt-get install chromium`") }
        let profile = TemporaryFiles.path("chromium")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = baseArguments(profile: profile) + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try ProcessLaunch.run(process)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestFailure("chromium \(arguments) exited with \(process.terminationStatus)") }
        return data
    }
}

/// One headless Chromium driven over the DevTools protocol through a pipe: navigate, run a line of
/// script, read the DOM, take a full-page screenshot. Calls block; use it from a test's own thread.
final class ChromiumSession {
    private let pid: pid_t
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private let profile: URL
    private var nextID = 0
    private var buffer: [UInt8] = []
    private var pendingEvents: [[String: Any]] = []
    private var sessionID = ""

    /// Starts the browser with ``Chromium/baseArguments(profile:)`` and `extraArguments` (such as
    /// `--ignore-certificate-errors` for a test's self-signed certificate).
    init(extraArguments: [String] = []) throws {
        guard let executable = Chromium.executable else { throw TestFailure("chromium is not installed; `apt-get install chromium`") }
        profile = TemporaryFiles.path("chromium")
        var commands: [Int32] = [0, 0]
        var answers: [Int32] = [0, 0]
        guard pipe(&commands) == 0, pipe(&answers) == 0 else { throw TestFailure("pipe() failed") }
        // Set up by the C library alone: outside SystemCalls no code names a C structure's initializer
        // or members (docs/ARCHITECTURE.md, "Modules").
        let actions = UnsafeMutablePointer<posix_spawn_file_actions_t>.allocate(capacity: 1)
        posix_spawn_file_actions_init(actions)
        defer {
            posix_spawn_file_actions_destroy(actions)
            actions.deallocate()
        }
        // The browser reads commands on fd 3 and writes answers on fd 4.
        posix_spawn_file_actions_adddup2(actions, commands[0], 3)
        posix_spawn_file_actions_adddup2(actions, answers[1], 4)
        posix_spawn_file_actions_addopen(actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [executable] + Chromium.baseArguments(profile: profile) + extraArguments + ["--remote-debugging-pipe", "about:blank"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, actions, nil, &argv, environ)
        close(commands[0])
        close(answers[1])
        guard status == 0 else { throw TestFailure("could not start chromium: \(String(cString: strerror(status)))") }
        pid = child
        toBrowser = commands[1]
        fromBrowser = answers[0]
        let target = try command("Target.createTarget", ["url": "about:blank"], inSession: false)
        guard let targetID = target["targetId"] as? String else { throw TestFailure("no target: \(target)") }
        let attached = try command("Target.attachToTarget", ["targetId": targetID, "flatten": true], inSession: false)
        sessionID = attached["sessionId"] as? String ?? ""
        _ = try command("Page.enable")
        _ = try command("Runtime.enable")
    }

    deinit {
        close(toBrowser)
        close(fromBrowser)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(at: profile)
    }

    /// Opens `url` and waits for its load event.
    func navigate(_ url: String) throws {
        pendingEvents.removeAll()
        _ = try command("Page.navigate", ["url": url])
        try waitForEvent("Page.loadEventFired")
    }

    /// Evaluates a JavaScript expression in the page (DevTools evaluation: the page itself allows no script).
    @discardableResult
    func evaluate(_ expression: String) throws -> Any? {
        let result = try command("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true])
        if let exception = result["exceptionDetails"] { throw TestFailure("script failed: \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Presses a key (`Tab`, `Enter`) as a keyboard would.
    func press(_ key: String, code: Int) throws {
        for type in ["rawKeyDown", "keyUp"] {
            _ = try command("Input.dispatchKeyEvent", ["type": type, "key": key, "code": key, "windowsVirtualKeyCode": code])
        }
    }

    /// Types text into the focused field, as a keyboard would.
    func type(_ text: String) throws {
        _ = try command("Input.insertText", ["text": text])
    }

    /// Focuses the field with this id and types `text` into it. Focusing first means typing never
    /// races `autofocus`, which a busy machine may apply only after the load event.
    func fill(_ id: String, with text: String) throws {
        let focused = try evaluate("(() => { const e = document.getElementById('\(id)'); if (e) e.focus(); return document.activeElement?.id ?? '' })()") as? String
        guard focused == id else { throw TestFailure("no field #\(id) to type into on \(try location()); the focus is on '\(focused ?? "")'") }
        try type(text)
    }

    /// Presses Enter (which submits the focused field's form) and waits for the next page's load.
    func pressEnterAndWait() throws {
        let page = try location()
        let focused = try evaluate("document.activeElement?.id ?? ''") as? String ?? ""
        pendingEvents.removeAll()
        _ = try command("Input.dispatchKeyEvent", ["type": "keyDown", "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "text": "\r"])
        _ = try command("Input.dispatchKeyEvent", ["type": "keyUp", "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13])
        do {
            try waitForEvent("Page.loadEventFired")
        } catch {
            throw TestFailure("Enter on \(page) (focus on '\(focused)') loaded no page: \(error)")
        }
    }

    /// The page's address.
    func location() throws -> String {
        try evaluate("location.href") as? String ?? "?"
    }

    /// The browser's cookies for `url`: each one's name and whether it is `Secure`.
    func cookies(for url: String) throws -> [(name: String, secure: Bool)] {
        let result = try command("Network.getCookies", ["urls": [url]])
        return (result["cookies"] as? [[String: Any]] ?? []).map { ($0["name"] as? String ?? "", $0["secure"] as? Bool ?? false) }
    }

    /// The page's DOM as HTML.
    func dom() throws -> String {
        try evaluate("document.documentElement.outerHTML") as? String ?? ""
    }

    /// A PNG of the whole page, `width` pixels wide.
    func screenshot(width: Int = 1280) throws -> Data {
        _ = try command("Emulation.setDeviceMetricsOverride", ["width": width, "height": 900, "deviceScaleFactor": 1, "mobile": false])
        let height = min(8000, max(600, (try evaluate("document.documentElement.scrollHeight") as? Int) ?? 900))
        _ = try command("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
        let shot = try command("Page.captureScreenshot", ["format": "png", "captureBeyondViewport": true])
        guard let base64 = shot["data"] as? String, let data = Data(base64Encoded: base64) else { throw TestFailure("no screenshot") }
        return data
    }

    // MARK: Protocol

    private func command(_ method: String, _ params: [String: Any] = [:], inSession: Bool = true) throws -> [String: Any] {
        nextID += 1
        let id = nextID
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if inSession { message["sessionId"] = sessionID }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
            guard count > 0 else { throw TestFailure("chromium closed its pipe") }
            written += count
        }
        // A generous wait: on a loaded test machine a renderer has taken over 30 s to answer.
        let deadline = Date().addingTimeInterval(90)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw TestFailure("chromium did not answer \(method) within 90 s") }
            let reply = try readMessage(timeout: remaining, waitingFor: method)
            if let replyID = reply["id"] as? Int, replyID == id {
                if let error = reply["error"] { throw TestFailure("\(method) failed: \(error)") }
                return reply["result"] as? [String: Any] ?? [:]
            }
            if reply["method"] != nil { pendingEvents.append(reply) }
        }
    }

    private func waitForEvent(_ name: String, timeout: Double = 90) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let index = pendingEvents.firstIndex(where: { $0["method"] as? String == name }) {
                pendingEvents.removeSubrange(...index)
                return
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw TestFailure("no \(name) within \(timeout) s") }
            let message = try readMessage(timeout: remaining, waitingFor: name)
            if message["method"] != nil { pendingEvents.append(message) }
        }
    }

    private func readMessage(timeout: Double, waitingFor what: String) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let data = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                return (try JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw TestFailure("chromium did not answer \(what) within \(timeout) s") }
            let ready: Bool
            do {
                ready = try FileCalls.waitForInput(on: fromBrowser, milliseconds: Int32(min(remaining, 1) * 1000))
            } catch {
                throw TestFailure("poll failed: \(error)")
            }
            guard ready else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { read(fromBrowser, $0.baseAddress, $0.count) }
            guard count > 0 else { throw TestFailure("chromium closed its pipe") }
            buffer.append(contentsOf: chunk[..<count])
        }
    }
}
