import Foundation
import Testing
@testable import Waypoint

@Suite struct RefreshDecisionTests {
    @Test(arguments: [
        (1, 0.0, Duration.seconds(5)), (1, 1.0, .milliseconds(2_500)), (2, 0.0, .seconds(10)), (3, 0.5, .seconds(15)),
        (11, 0.0, .seconds(3600)), (50, 1.0, .seconds(1800)),
    ])
    func backoffGrowsIsCappedAndJittered(failures: Int, random: Double, expected: Duration) {
        #expect(RefreshPolicy().backoff(afterFailures: failures, random: random) == expected)
    }

    @Test func aSuccessWaitsTheIntervalOrTheServersMaxAgeWhicheverIsLonger() {
        let policy = RefreshPolicy(interval: .seconds(300))
        #expect(policy.delayAfterSuccess(maxAge: .seconds(60)) == .seconds(300))
        #expect(policy.delayAfterSuccess(maxAge: .seconds(900)) == .seconds(900))
        #expect(policy.delayAfterSuccess(maxAge: nil) == .seconds(300))
    }

    @Test func onlyADocumentWithoutErrorsReplacesTheLastKnownGoodCopy() {
        let good = RemoteFixtures.revisionA
        #expect(DownloadReview(reviewing: good, lastKnownGood: nil).verdict == .replace)
        #expect(DownloadReview(reviewing: good, lastKnownGood: good).verdict == .unchanged)
        #expect(DownloadReview(reviewing: RemoteFixtures.revisionB, lastKnownGood: good).verdict == .replace)
        let unknownKey = DownloadReview(reviewing: RemoteFixtures.document(["a"], extra: #", "badge": 1"#), lastKnownGood: good)
        #expect(unknownKey.verdict == .replace)
        #expect(unknownKey.diagnostics.map(\.severity) == [.warning])
        let future = DownloadReview(reviewing: Data(#"{"schemaVersion": 2, "flows": [], "pages": []}"#.utf8), lastKnownGood: good)
        #expect(future.verdict == .refuse)
        #expect(future.refusal?.description.contains("schemaVersion 2 is not supported") == true)
        let truncated = DownloadReview(reviewing: good.prefix(good.count / 2), lastKnownGood: good)
        #expect(truncated.verdict == .refuse)
        #expect(truncated.refusal?.diagnostics.map(\.code) == [.syntax])
        #expect(DownloadReview(reviewing: Data(), lastKnownGood: good).verdict == .refuse)
    }

    @Test(arguments: [
        (200, Optional<String>.none, "delivered"), (202, nil, "delivered"), (413, nil, "split"), (429, "7", "rateLimited 7"),
        (429, "Thu, 01 Jan 2026 00:00:30 GMT", "rateLimited 30"), (429, nil, "rateLimited -"), (401, nil, "unauthorized"),
        (403, nil, "unauthorized"), (400, nil, "retry"), (500, nil, "retry"), (503, "5", "unavailable 5"),
        (503, nil, "unavailable -"), (502, "5", "retry"),
    ])
    func eventAnswersMapToWhatTheSinkDoes(status: Int, retryAfter: String?, expected: String) {
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        let response = HTTPResponse(status: status, headers: retryAfter.map { ["Retry-After": $0] } ?? [:],
                                    body: Data(#"{"accepted":2,"duplicates":1,"rejected":[{"index":0,"message":"no event name"}]}"#.utf8))
        let outcome = EventUploadOutcome(response, count: 4, now: now)
        let described: String = switch outcome {
        case .delivered(let receipt):
            receipt == EventUploadReceipt(accepted: 2, duplicates: 1, rejected: [.init(index: 0, message: "no event name")]) ? "delivered" : "\(receipt)"
        case .split: "split"
        case .rateLimited(let wait): "rateLimited " + (wait.map { "\($0.components.seconds)" } ?? "-")
        case .unauthorized: "unauthorized"
        case .unavailable(let wait): "unavailable " + (wait.map { "\($0.components.seconds)" } ?? "-")
        case .retry: "retry"
        }
        #expect(described == expected)
    }
}
