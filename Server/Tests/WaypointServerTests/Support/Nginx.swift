import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `deploy/nginx/waypoint.conf` as the tests run it: the site itself, with only its ports, its
/// certificate and its upstream changed (``NginxSite/forTest(httpPort:httpsPort:certificate:key:upstreamPort:)``),
/// included by a minimal `nginx.conf` in a temporary folder.
enum NginxSite {
    static let source = TestServer.repositoryRoot.appendingPathComponent("deploy/nginx/waypoint.conf")
    /// The host name the site answers to.
    static let serverName = "waypoint.example.com"

    /// nginx, when it is installed (Debian's `nginx`).
    static var executable: String? { Program.find("nginx") }

    static let notInstalledMessage = "nginx is not installed; `apt-get install nginx` to run the tests of deploy/nginx"

    /// Whether a missing nginx fails the tests (continuous integration) rather than skipping them.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// The site, with these and only these changed: it listens on 127.0.0.1 at `httpPort` and
    /// `httpsPort` (IPv6 is not bound), uses the given certificate, and proxies to
    /// 127.0.0.1:`upstreamPort`. Each replaced text must occur exactly once.
    static func forTest(httpPort: Int, httpsPort: Int, certificate: URL, key: URL, upstreamPort: Int) throws -> String {
        var text = try String(contentsOf: source, encoding: .utf8)
        let substitutions = [
            ("listen 80;", "listen 127.0.0.1:\(httpPort);"),
            ("listen [::]:80;", "# (IPv6 not bound in the tests)"),
            ("listen 443 ssl http2;", "listen 127.0.0.1:\(httpsPort) ssl http2;"),
            ("listen [::]:443 ssl http2;", "# (IPv6 not bound in the tests)"),
            ("/etc/letsencrypt/live/\(serverName)/fullchain.pem", certificate.path),
            ("/etc/letsencrypt/live/\(serverName)/privkey.pem", key.path),
            ("server 127.0.0.1:8080;", "server 127.0.0.1:\(upstreamPort);"),
        ]
        for (original, replacement) in substitutions {
            let count = text.components(separatedBy: original).count - 1
            guard count == 1 else {
                throw TestFailure("deploy/nginx/waypoint.conf holds `\(original)` \(count) times; the tests replace it exactly once")
            }
            text = text.replacingOccurrences(of: original, with: replacement)
        }
        return text
    }

    /// A minimal `nginx.conf` that keeps everything in `folder`, runs in the foreground as one
    /// process of the current user, and includes `site`.
    static func mainConfiguration(folder: URL, site: URL) -> String {
        let path = folder.path
        return """
            daemon off;
            master_process off;
            pid \(path)/nginx.pid;
            error_log \(path)/error.log;
            events { worker_connections 64; }
            http {
                access_log \(path)/access.log;
                client_body_temp_path \(path)/client_body;
                proxy_temp_path \(path)/proxy;
                fastcgi_temp_path \(path)/fastcgi;
                uwsgi_temp_path \(path)/uwsgi;
                scgi_temp_path \(path)/scgi;
                include \(site.path);
            }

            """
    }

    /// Writes a throw-away self-signed certificate for ``serverName`` and its key to `folder`.
    static func makeCertificate(in folder: URL) async throws -> (certificate: URL, key: URL) {
        guard let openssl = Program.find("openssl") else { throw TestFailure("openssl is not installed; `apt-get install openssl`") }
        let certificate = folder.appendingPathComponent("certificate.pem")
        let key = folder.appendingPathComponent("key.pem")
        try await Program.check(openssl, [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
            "-subj", "/CN=\(serverName)", "-addext", "subjectAltName=DNS:\(serverName)",
            "-keyout", key.path, "-out", certificate.path,
        ])
        return (certificate, key)
    }

    /// Writes the site and `nginx.conf` into `folder` (with a new certificate); returns `nginx.conf`.
    static func write(in folder: URL, httpPort: Int, httpsPort: Int, upstreamPort: Int) async throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let (certificate, key) = try await makeCertificate(in: folder)
        let site = folder.appendingPathComponent("waypoint.conf")
        try Data(forTest(httpPort: httpPort, httpsPort: httpsPort, certificate: certificate, key: key, upstreamPort: upstreamPort).utf8)
            .write(to: site)
        let main = folder.appendingPathComponent("nginx.conf")
        try Data(mainConfiguration(folder: folder, site: site).utf8).write(to: main)
        return main
    }

    /// `nginx -t` of the configuration at `main`.
    static func test(_ main: URL) async throws -> Program.Outcome {
        guard let nginx = executable else { throw TestFailure(notInstalledMessage) }
        let folder = main.deletingLastPathComponent().path
        return try await Program.run(nginx, ["-t", "-c", main.path, "-p", folder, "-e", "\(folder)/error.log"], timeout: .seconds(30))
    }
}

/// nginx running `deploy/nginx/waypoint.conf` in front of a server on 127.0.0.1:`upstreamPort`,
/// as a child process on free ports, with a throw-away certificate; stopped by ``stop()`` or when released.
final class NginxProxy: Sendable {
    let httpPort: Int
    let httpsPort: Int
    let folder: URL
    private let process: Process

    init(upstreamPort: Int, folder: URL) async throws {
        guard let nginx = NginxSite.executable else { throw TestFailure(NginxSite.notInstalledMessage) }
        httpPort = try FreePort.find()
        httpsPort = try FreePort.find()
        self.folder = folder
        let main = try await NginxSite.write(in: folder, httpPort: httpPort, httpsPort: httpsPort, upstreamPort: upstreamPort)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-c", main.path, "-p", folder.path, "-e", folder.appendingPathComponent("error.log").path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try ProcessLaunch.run(process)
        self.process = process
        let httpPort = httpPort
        do {
            try await Polling.until("nginx answers on 127.0.0.1:\(httpPort)", timeout: .seconds(20), interval: .milliseconds(50)) {
                if !process.isRunning {
                    let log = (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
                    throw TestFailure("nginx exited with \(process.terminationStatus): \(log)")
                }
                return (try? await HTTPS.send("http://127.0.0.1:\(httpPort)/health", timeout: .seconds(1))) != nil
            }
        } catch {
            stop()
            throw error
        }
    }

    /// The URL of `path` on the HTTPS side, by the site's host name (which a browser must map to 127.0.0.1).
    func secureURL(_ path: String) -> String { "https://\(NginxSite.serverName):\(httpsPort)\(path)" }

    /// The error log, for a failure's message.
    var errorLog: String { (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? "" }

    /// SIGKILL: nginx started with `master_process off` keeps the signal mask it inherits, and the
    /// test process's threads block SIGTERM and SIGQUIT; a throw-away nginx has nothing to save.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit { stop() }
}

/// Requests to a local nginx: HTTPS with any certificate (the tests' own is self-signed), the
/// `Host` given, redirects not followed.
enum HTTPS {
    static func send(
        _ url: String, method: HTTPMethod = .GET, host: String = NginxSite.serverName, headers: [(String, String)] = [],
        body: Data? = nil, timeout: TimeAmount = .seconds(10)
    ) async throws -> HTTP.Answer {
        let client = HTTPClient(
            eventLoopGroupProvider: .singleton,
            configuration: HTTPClient.Configuration(certificateVerification: .none, redirectConfiguration: .disallow))
        do {
            var request = HTTPClientRequest(url: url)
            request.method = method
            request.headers.replaceOrAdd(name: "Host", value: host)
            for (name, value) in headers { request.headers.add(name: name, value: value) }
            if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
            let response = try await client.execute(request, timeout: timeout)
            let collected = try await response.body.collect(upTo: 64 << 20)
            try await client.shutdown()
            return HTTP.Answer(status: Int(response.status.code), headers: response.headers, body: Data(collected.readableBytesView))
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}
