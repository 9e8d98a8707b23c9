import Foundation
import Observation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The document an app runs, from the first frame of launch, kept up to date from a Waypoint server.
///
/// On creation it has the best document at once, without waiting for the network: the last known good
/// copy saved on disk by an earlier launch, else the one bundled with the app. ``current`` stays the
/// same for the whole launch, so a running flow or walkthrough keeps the revision and the variation it
/// started with. ``run()``, in a background task, asks the server with
/// `If-None-Match`; a download that validates with no error is saved atomically as the new last known
/// good copy and becomes ``current`` on the next launch, where saved progress is restored by the usual
/// rules (the longest valid prefix of the path). A download with errors, a `schemaVersion` this app
/// does not read, a truncated or empty body never replaces the copy on disk.
///
/// ```swift
/// let remote = RemoteDocument(
///     configuration: .init(server: serverURL, key: "wps_…", directory: cachesURL.appending(path: "waypoint")),
///     bundled: try WaypointDocument(validating: bundledData))
/// let resolution = try remote.current.document.resolve(attributes: attributes)  // at once, offline too
/// let refresher = Task { await remote.run() }                                  // for the next launch
/// ```
///
/// Where the document came from (``Revision/source``), its revision hash, its server revision number
/// (``Revision/revision``), its age and the last error are observable.
///
/// The server revision number is the `Waypoint-Revision` header the copy was served with, saved beside
/// it on disk. The document ``Revision/document`` carries it (``WaypointDocument/revision``), so the
/// flows and walkthroughs resolved from it put it on their events as `revision` with no extra work;
/// the bundled document has none.
@MainActor
@Observable
public final class RemoteDocument {
    /// Where to ask, where to keep the last known good copy, and how often to refresh.
    public struct Configuration: Sendable, Hashable {
        /// The server's base URL; the document is at `server/v1/document`.
        package var server: URL
        /// The environment's SDK key, sent as `Waypoint-Key`.
        package var key: String
        /// The directory of the last known good copy (an app's caches or application support directory).
        package var directory: URL
        /// How long a request may take before it fails.
        package var requestTimeout: Duration
        /// When to refresh and how to back off.
        package var policy: RefreshPolicy

        /// Creates a configuration; requests time out after 30 s by default.
        public init(server: URL, key: String, directory: URL, requestTimeout: Duration = .seconds(30), policy: RefreshPolicy = RefreshPolicy()) {
            self.server = server
            self.key = key
            self.directory = directory
            self.requestTimeout = requestTimeout
            self.policy = policy
        }

        /// `server/v1/document`.
        package var documentURL: URL {
            server.appendingPathComponent("v1").appendingPathComponent("document")
        }
    }

    /// Where a document came from.
    public enum Source: String, Sendable, Hashable, Codable {
        /// The copy bundled with the app.
        case bundled
        /// The last known good copy saved on disk by an earlier download.
        case lastKnownGood
        /// Downloaded by this process (saved as the last known good copy for the next launch).
        case downloaded
    }

    /// A document and where it came from.
    public struct Revision: Sendable, Hashable {
        /// The document; its ``WaypointDocument/revision`` is ``revision``.
        public let document: WaypointDocument
        /// Where it came from.
        public let source: Source
        /// The server's revision hash (its ETag, the SHA-256 of the bytes); `nil` for the bundled document.
        public let hash: String?
        /// The server's revision number of the document (the `Waypoint-Revision` header it was served
        /// with); `nil` for the bundled document, a server that does not send it, or a copy saved by
        /// an older version of the library.
        public let revision: Int?
        /// When it was downloaded; `nil` for the bundled document.
        package let downloadedAt: Date?

        init(document: WaypointDocument, source: Source, hash: String?, revision: Int?, downloadedAt: Date?) {
            var document = document
            document.revision = revision
            self.document = document
            self.source = source
            self.hash = hash
            self.revision = revision
            self.downloadedAt = downloadedAt
        }

        /// How old it is at `now`: the time since it was downloaded, `nil` for the bundled document.
        package func age(at now: Date) -> Duration? {
            downloadedAt.map { .seconds(fractional: now.timeIntervalSince($0)) }
        }
    }

    /// What one refresh did.
    public enum RefreshResult: Sendable, Hashable {
        /// The server answered 304: the last known good copy is the published one.
        case notModified
        /// A new document was downloaded, validated and saved; it is used from the next launch.
        case updated(Revision)
        /// The server sent the document already kept.
        case unchanged
        /// The download was refused (it has errors); the last known good copy is kept.
        case refused(RemoteDocumentError)
        /// No usable answer (network, timeout, status); the last known good copy is kept.
        case failed(RemoteDocumentError)

        /// Whether the refresh reached the server and found a document to keep or keep using.
        public var succeeded: Bool {
            switch self {
            case .notModified, .updated, .unchanged: true
            case .refused, .failed: false
            }
        }
    }

    /// The document for this launch; it does not change until the next one.
    public let current: Revision
    /// The newest good document known: the one on disk, which the next launch will use.
    public private(set) var latest: Revision
    /// The last refresh's result.
    package private(set) var lastResult: RefreshResult?
    /// The last error: of the last refresh, or of reading the copy on disk; `nil` after a success.
    public private(set) var lastError: RemoteDocumentError?
    /// The warnings of the last accepted download (such as keys this app version does not know).
    public private(set) var warnings: [Diagnostic] = []
    /// Failures in a row since the last success.
    package private(set) var consecutiveFailures = 0
    /// How long ``run()`` waits before the next refresh.
    package private(set) var nextRefreshDelay: Duration?

    /// The settings.
    package let configuration: Configuration
    @ObservationIgnored private let clock: any WaypointClock
    @ObservationIgnored private let random: @Sendable () -> Double
    @ObservationIgnored private let client: HTTPClient
    @ObservationIgnored private var stored: StoredDocument?
    @ObservationIgnored private var inFlight: Task<RefreshResult, Never>?
    @ObservationIgnored private var maxAge: Duration?

    /// Loads the best document at once: the last known good copy in `configuration.directory` when it
    /// is readable and valid, else `bundled`.
    ///
    /// - Parameters:
    ///   - bundled: the document shipped with the app, used until a download succeeds.
    ///   - clock: the clock for ages and the waits of ``run()``.
    ///   - random: a number in 0..<1 for the jitter of the waits.
    public init(
        configuration: Configuration, bundled: WaypointDocument, clock: any WaypointClock = SystemClock(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.configuration = configuration
        self.clock = clock
        self.random = random
        client = HTTPClient(timeout: configuration.requestTimeout)
        var best = Revision(document: bundled, source: .bundled, hash: nil, revision: nil, downloadedAt: nil)
        switch StoredDocument.load(from: configuration.directory) {
        case nil:
            break
        case .failure(let error)?:
            lastError = error
        case .success(let copy)?:
            let review = DownloadReview(reviewing: copy.bytes, lastKnownGood: nil)
            if let document = review.document {
                stored = copy
                best = Revision(
                    document: document, source: .lastKnownGood, hash: copy.revision, revision: copy.serverRevision,
                    downloadedAt: copy.downloadedAt)
            } else {
                let path = configuration.directory.appendingPathComponent(StoredDocument.fileName).path
                lastError = .unreadableStored(path: path, reason: "this app version refuses it: \(review.refusal?.description ?? "invalid")")
            }
        }
        current = best
        latest = best
    }

    /// How old ``current`` is now (`nil` for the bundled document).
    public var age: Duration? { current.age(at: clock.now) }

    /// Asks the server for the published document once; concurrent calls share one request.
    @discardableResult
    public func refresh() async -> RefreshResult {
        if let inFlight { return await inFlight.value }
        let task = Task { await self.performRefresh() }
        inFlight = task
        let result = await task.value
        inFlight = nil
        return result
    }

    /// Refreshes until the calling task is cancelled: every interval of the configuration's ``RefreshPolicy`` (or the server's
    /// `max-age`) after a success, after jittered, growing waits after failures.
    public func run() async {
        while !Task.isCancelled {
            let result = await refresh()
            let delay = result.succeeded
                ? configuration.policy.delayAfterSuccess(maxAge: maxAge)
                : configuration.policy.backoff(afterFailures: consecutiveFailures, random: random())
            nextRefreshDelay = delay
            do { try await clock.sleep(for: delay) } catch { return }
        }
    }

    private func performRefresh() async -> RefreshResult {
        let url = configuration.documentURL
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.setValue(configuration.key, forHTTPHeaderField: "Waypoint-Key")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let etag = stored?.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        let result: RefreshResult
        do {
            let response = try await client.send(request)
            result = accept(response, from: url)
        } catch {
            result = .failed(error.timedOut ? .timedOut(url: url, after: configuration.requestTimeout) : .network(url: url, message: error.message))
        }
        lastResult = result
        switch result {
        case .notModified, .unchanged, .updated:
            consecutiveFailures = 0
            lastError = nil
        case .refused(let error), .failed(let error):
            consecutiveFailures += 1
            lastError = error
        }
        return result
    }

    /// What a response means for the copy on disk; saves an accepted download.
    /// Saves `copy` — the bytes already served, with a new ETag or server revision — and serves its
    /// revision from now on.
    private func keep(_ copy: StoredDocument) {
        try? copy.save(in: configuration.directory)
        stored = copy
        latest = Revision(
            document: latest.document, source: latest.source, hash: copy.revision, revision: copy.serverRevision,
            downloadedAt: latest.downloadedAt)
    }

    private func accept(_ response: HTTPResponse, from url: URL) -> RefreshResult {
        maxAge = response.header("Cache-Control").flatMap(Self.maxAge)
        let served: Int?
        switch Self.serverRevision(response) {
        case .success(let number): served = number
        case .failure(let bad): return .failed(.badRevisionHeader(url: url, value: bad.value))
        }
        switch response.status {
        case 304:
            guard var copy = stored else { return .failed(.status(url: url, 304, message: "not modified, but this app has no copy")) }
            if let served, copy.serverRevision != served {
                // The same bytes, published again as another revision (a rollback): keep its number.
                copy.serverRevision = served
                keep(copy)
            }
            return .notModified
        case 200:
            let review = DownloadReview(reviewing: response.body, lastKnownGood: stored?.bytes)
            switch review.verdict {
            case .refuse:
                return .refused(review.refusal ?? .invalid(review.diagnostics))
            case .unchanged:
                let etag = response.header("ETag")
                if var copy = stored, (etag != nil && copy.etag != etag) || copy.serverRevision != served {
                    copy.etag = etag ?? copy.etag
                    copy.serverRevision = served
                    keep(copy)
                }
                return .unchanged
            case .replace:
                guard let document = review.document else { return .refused(.invalid(review.diagnostics)) }
                let copy = StoredDocument(
                    etag: response.header("ETag"), serverRevision: served, downloadedAt: clock.now, bytes: response.body)
                warnings = review.diagnostics
                do {
                    try copy.save(in: configuration.directory)
                } catch {
                    return .failed(error)
                }
                stored = copy
                let revision = Revision(
                    document: document, source: .downloaded, hash: copy.revision, revision: served, downloadedAt: copy.downloadedAt)
                latest = revision
                return .updated(revision)
            }
        default:
            return .failed(.status(url: url, response.status, message: response.errorMessage))
        }
    }

    /// The response's `Waypoint-Revision`: the number, `nil` when there is no such header, or the
    /// value that is not a revision number (a whole number from 1).
    static func serverRevision(_ response: HTTPResponse) -> Result<Int?, BadHeader> {
        guard let value = response.header("Waypoint-Revision") else { return .success(nil) }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard let number = Int(trimmed), number >= 1, trimmed.allSatisfy(\.isASCII) else { return .failure(BadHeader(value: value)) }
        return .success(number)
    }

    /// A header value that is not understood.
    struct BadHeader: Error {
        /// The value as received.
        let value: String
    }

    /// The `max-age` of a `Cache-Control` value.
    static func maxAge(_ value: String) -> Duration? {
        for part in value.split(separator: ",") {
            let item = part.trimmingCharacters(in: .whitespaces).lowercased()
            if item.hasPrefix("max-age="), let seconds = Int(item.dropFirst("max-age=".count)) { return .seconds(seconds) }
        }
        return nil
    }
}
