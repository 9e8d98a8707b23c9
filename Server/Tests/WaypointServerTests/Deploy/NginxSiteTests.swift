import Foundation
import NIOHTTP1
import Testing

/// `deploy/nginx/waypoint.conf`: checked by `nginx -t`, then run in front of a server: HTTP is
/// redirected to HTTPS, TLS ends at nginx, and its body limits leave the server's own in force.
@Suite("deploy/nginx", .enabled(if: NginxSite.executable != nil || NginxSite.isRequired, Comment(rawValue: NginxSite.notInstalledMessage)))
struct NginxSiteTests {
    @Test func theSitePassesNginxT() async throws {
        guard NginxSite.executable != nil else {
            Issue.record("\(NginxSite.notInstalledMessage), and CI=true: `.ci/run` installs it with apt-get")
            return
        }
        try await TemporaryFiles.with("nginx") { folder in
            let main = try await NginxSite.write(in: folder, httpPort: try FreePort.find(), httpsPort: try FreePort.find(), upstreamPort: 8080)
            let outcome = try await NginxSite.test(main)
            #expect(outcome.status == 0, "\(outcome.output)")
            #expect(outcome.output.contains("syntax is ok"), "\(outcome.output)")
            #expect(!outcome.output.contains("[warn]"), "\(outcome.output)")
        }
    }

    @Test func nginxTerminatesTLSInFrontOfTheServer() async throws {
        guard NginxSite.executable != nil else {
            Issue.record("\(NginxSite.notInstalledMessage), and CI=true: `.ci/run` installs it with apt-get")
            return
        }
        try await TemporaryFiles.with { data in
            try await TemporaryFiles.with("nginx") { folder in
                let server = try await ServerProcess(["--data", data.path])
                let app = try await HTTP.createApp(port: server.port, "fitness")
                let nginx = try await NginxProxy(upstreamPort: server.port, folder: folder)
                let secure = "https://127.0.0.1:\(nginx.httpsPort)"

                // Plain HTTP only redirects, to the same path over HTTPS on the default port.
                let redirect = try await HTTPS.send("http://127.0.0.1:\(nginx.httpPort)/apps?x=1")
                #expect(redirect.status == 301)
                #expect(redirect.headers.first(name: "Location") == "https://\(NginxSite.serverName)/apps?x=1")

                let health = try await HTTPS.send("\(secure)/health")
                #expect(health.status == 200, "\(health.text) \(nginx.errorLog)")
                #expect(health.text.contains(#""status":"ok""#))
                #expect(health.headers.first(name: "Strict-Transport-Security") == "max-age=63072000")

                // 600 KiB of events passes nginx and is refused by the server's own 512 KiB limit (JSON);
                // 2 MiB is refused by nginx; a 2 MiB document reaches the server's revisions route.
                let event = TestEvents.line("m1", user: "u1", at: 0)
                let padded = Data(#"{"batch":[\#(event)]}"#.utf8) + Data(repeating: 0x20, count: 600 << 10)
                let overServer = try await HTTPS.send("\(secure)/v1/events", method: .POST, headers: [("Waypoint-Key", app.production)], body: padded)
                #expect(overServer.status == 413)
                #expect(overServer.text.contains(#""error""#), "\(overServer.text)")
                let overNginx = try await HTTPS.send(
                    "\(secure)/v1/events", method: .POST, headers: [("Waypoint-Key", app.production)], body: Data(repeating: 0x20, count: 2 << 20))
                #expect(overNginx.status == 413)
                #expect(overNginx.text.contains("nginx"), "\(overNginx.text)")
                let document = try TestServer.example("waypoint.json") + Data(repeating: 0x20, count: 2 << 20)
                let upload = try await HTTPS.send("\(secure)/v1/apps/fitness/revisions", method: .POST, headers: HTTP.admin, body: document)
                #expect(upload.status == 201, "\(upload.text)")

                // An app's request through the proxy, as apps send them.
                let events = try await HTTPS.send(
                    "\(secure)/v1/events", method: .POST, headers: [("Waypoint-Key", app.production), ("Content-Type", "application/json")],
                    body: Data(#"{"batch":[\#(event)]}"#.utf8))
                #expect(events.status == 200, "\(events.text)")
                #expect(events.text.contains(#""accepted":1"#), "\(events.text)")
                nginx.stop()
                #expect(server.terminate() == 0)
            }
        }
    }
}
