import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Posts batches of 50 events to a server, one at a time, until a count or a deadline is reached;
/// the crash test runs it as a child process while it kills and restarts the server.
///
/// `EventSender PORT KEY OUTPUT BATCHES SECONDS`: for each batch `bN` it appends `ok bN` to OUTPUT
/// when the server answered 200, and `lost bN` when the request failed or had another status.
/// It needs Foundation only, so building the server's package builds no HTTP client library.
@main
struct EventSender {
    static func main() async throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 6, let port = Int(arguments[1]), let batches = Int(arguments[4]), let seconds = Double(arguments[5]) else {
            FileHandle.standardError.write(Data("usage: EventSender PORT KEY OUTPUT BATCHES SECONDS\n".utf8))
            exit(2)
        }
        let key = arguments[2]
        _ = FileManager.default.createFile(atPath: arguments[3], contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: arguments[3]))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 5
        let session = URLSession(configuration: configuration)
        let deadline = Date().addingTimeInterval(seconds)
        var number = 0
        while number < batches && Date() < deadline {
            let lines = (0..<50).map { index in
                #"{"messageId":"b\#(number)-e\#(index)","userId":"u\#(index % 9)","event":"Step Viewed","timestamp":"2026-01-01T00:00:\#(String(format: "%02d", index)).000Z","flowId":"signup","stepId":"splash"}"#
            }
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/v1/events")!)
            request.httpMethod = "POST"
            request.setValue(key, forHTTPHeaderField: "Waypoint-Key")
            request.httpBody = Data(#"{"batch":[\#(lines.joined(separator: ","))]}"#.utf8)
            var acknowledged = false
            do {
                let (_, response) = try await session.data(for: request)
                acknowledged = (response as? HTTPURLResponse)?.statusCode == 200
            } catch {
                // The server is down (killed): wait for it to come back.
                try await Task.sleep(for: .milliseconds(20))
            }
            output.write(Data("\(acknowledged ? "ok" : "lost") b\(number)\n".utf8))
            number += 1
        }
        try output.close()
    }
}
