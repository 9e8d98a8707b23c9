import Foundation
import Hummingbird
import Waypoint
import Prometheus
import WaypointTools

/// Creating apps, storing revisions and publishing them.
///
/// The one implementation behind the admin API and the dashboard.
struct AppAdministration: Sendable {
    let apps: any AppRepository
    let revisions: any RevisionRepository
    /// Read by the publish preview and the reports a publish freezes.
    let events: any EventRepository
    /// Read by the reports a publish freezes (``ConcludingExperiments``).
    let ledger: any ReportLedgerRepository
    let audit: any AuditRepository
    /// The records of concluded experiments, which a publish writes.
    let conclusions: any ExperimentConclusionRepository
    let documents: PublishedDocumentCache
    let metrics: ServerMetrics
    /// The time keys are made and ended at.
    var now: @Sendable () -> Date = { Date() }
    /// Called after a rotation or a revocation, so lookups of keys cached by this process end at
    /// once (the server passes ``Authenticator/forgetKeys()``).
    var keysChanged: @Sendable () -> Void = {}
    /// Where requests come from (the trusted-proxy rule), for the audit log.
    var clientAddress = ClientAddress(trustedProxies: [])

    /// What a publish concludes.
    var concluding: ConcludingExperiments { ConcludingExperiments(revisions: revisions, ledger: ledger, events: events) }

    /// What publishing a revision would do to users in flight.
    var previews: RevisionPreviews { RevisionPreviews(revisions: revisions, events: events) }

    /// The audit log, dated by ``now``: each action below records its entry in its own store write.
    var auditLog: AuditLog { AuditLog(repository: audit, now: now) }

    /// Who sent `request` and from where, as the audit log records it.
    func origin(of request: Request, context: ServerContext) throws -> AuditOrigin {
        try AuditOrigin(request: request, context: context, addresses: clientAddress)
    }


    /// A new app's SDK keys, shown once: the store keeps only their hashes.
    struct CreatedApp: Sendable {
        let app: AppRecord
        /// `(environment, key)` in ``EnvironmentName/all`` order.
        let keys: [(environment: EnvironmentName, key: String)]
    }

    /// Creates an app with a production and a staging key, recorded in the audit log as done by
    /// `origin`; throws 400 for a bad id or name, 409 when it exists.
    func createApp(id text: String, name: String, by origin: AuditOrigin) async throws -> CreatedApp {
        let id = try Identifier.require(text, label: "id")
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= 200 else {
            throw APIError.badRequest("\"name\" must have 1 to 200 characters; it is what people see, such as \"Fitness\".", code: "bad-name")
        }
        var keys: [(environment: EnvironmentName, key: String)] = []
        var records: [EnvironmentRecord] = []
        for environment in EnvironmentName.all {
            let key = SDKKey.generate()
            keys.append((environment, key))
            records.append(EnvironmentRecord(appID: id, name: environment, keyHash: SecretHash.sha256Hex(key), keyPrefix: SDKKey.prefix(of: key)))
        }
        let app = AppRecord(id: id, name: name, createdAt: now())
        let entry = auditLog.entry(
            .appCreated, by: origin, app: id, target: id.rawValue,
            details: [
                "name": .string(name),
                "environments": .array(records.map { .object(["name": .string($0.name.rawValue), "keyPrefix": .string($0.keyPrefix)]) }),
            ])
        do {
            try await apps.createApp(app, environments: records, audit: entry)
        } catch let error as StoreError {
            throw APIError.from(error)
        }
        return CreatedApp(app: app, keys: keys)
    }

    /// A stored revision: its number, hash and warnings, and whether it existed already.
    struct CreatedRevision: Sendable {
        let revision: Int
        let sha256: String
        let diagnostics: [Diagnostic]
        /// Whether the app had a revision with these bytes already (it is that one; nothing new was stored).
        let existing: Bool
        /// The edits that made it (empty for an upload).
        var edits: [DocumentEdit] = []
    }

    /// Validates and lints a document and stores it as the app's next revision; throws 422 with the
    /// diagnostics when it has errors.
    ///
    /// Bytes identical to one of the app's revisions are that revision: nothing new is stored (the
    /// audit log records the upload by `origin` either way, with `existing`).
    func addRevision(appID: AppID, body: Data, by origin: AuditOrigin) async throws -> CreatedRevision {
        try await addRevision(appID: appID, body: body, madeBy: nil, by: origin)
    }

    /// The revision that edits make of revision `base`, stored as an upload of the result would be
    /// (``addRevision(appID:body:by:)``): the same checks, 422 and answer, with its base and edits
    /// recorded (docs/ARCHITECTURE.md, "Editing documents").
    ///
    /// `body` is `{"edits": [EDIT, …]}`, applied in order by ``DocumentEdits`` (as `waypoint edit`
    /// applies them); throws 404 when there is no revision `base`, and 400 (`bad-edit`, with the
    /// edit's index) when an edit is refused. The audit entry lists the edits in words.
    func editRevision(appID: AppID, base number: Int, body: Data, by origin: AuditOrigin) async throws -> CreatedRevision {
        guard let base = try await revisions.revision(appID: appID, number: number) else {
            throw APIError.notFound("The app \"\(appID)\" has no revision \(number); list them with GET /v1/apps/\(appID)/revisions.")
        }
        let validation = WaypointDocument.validate(Data(base.body))
        guard let document = validation.document else {
            throw APIError.invalidDocument(
                "Revision \(number) cannot be read under today's rules, so it cannot be edited; upload a corrected revision.",
                diagnostics: validation.allDiagnostics)
        }
        let result: DocumentEditResult
        do {
            result = try DocumentEdits.apply(body, to: document)
        } catch {
            throw APIError.badEdit(error.description, index: error.editIndex, diagnostics: error.diagnostics)
        }
        let made = MadeByEdits(edits: result.edits, record: RevisionEdits(base: number, json: String(decoding: body, as: UTF8.self)))
        return try await addRevision(appID: appID, body: Data(result.text.utf8), madeBy: made, by: origin)
    }

    /// The edits a revision is made by, and what the store records of them.
    private struct MadeByEdits {
        let edits: [DocumentEdit]
        let record: RevisionEdits
    }

    /// The one way a revision is stored, uploaded or made by edits: validation and lint (422 on an
    /// error), the revision (or the existing one with these bytes) and its audit entry.
    private func addRevision(appID: AppID, body: Data, madeBy made: MadeByEdits?, by origin: AuditOrigin) async throws -> CreatedRevision {
        let diagnostics = DocumentCheck.diagnostics(of: body)
        if diagnostics.containsErrors {
            let errors = diagnostics.filter(\.isError).count
            let fix = made == nil ? "fix \(errors == 1 ? "it" : "them") and upload again" : "change the edits and send them again"
            throw APIError.invalidDocument(
                "The \(made == nil ? "document" : "edited document") has \(errors) error\(errors == 1 ? "" : "s"); \(fix) "
                    + "(`waypoint lint FILE` lists the same problems).",
                diagnostics: diagnostics)
        }
        let bytes = [UInt8](body)
        let sha256 = SecretHash.sha256Hex(bytes)
        let log = auditLog
        // A revision made by edits: its base and the edits in words.
        let editDetails: [String: JSONValue] = made.map {
            ["base": .number(Double($0.record.base)), "edits": .array($0.edits.map { .string($0.description) })]
        } ?? [:]
        let added = try await revisions.addRevision(appID: appID, body: bytes, sha256: sha256, createdAt: Date(), edits: made?.record) { added in
            log.entry(
                .revisionUploaded, by: origin, app: appID, target: String(added.revision),
                details: ["revision": .number(Double(added.revision)), "sha256": .string(sha256), "existing": .bool(added.existing)]
                    .merging(editDetails) { first, _ in first })
        }
        return CreatedRevision(
            revision: added.revision, sha256: sha256, diagnostics: diagnostics, existing: added.existing, edits: made?.edits ?? [])
    }

    /// A publish that went through: the revision it replaced and the preview it was decided on.
    struct Publication: Sendable {
        /// The revision the environment served before (nil when none).
        let previousRevision: Int?
        let preview: PublishPreview
    }

    /// Publishes a revision to an environment when its preview allows it: the one publish rule of
    /// the API, the dashboard and `waypoint publish` (docs/ARCHITECTURE.md, "A document, from upload to app").
    ///
    /// A publish that would move users in flight back or discard their progress
    /// (``PublishPreview/needsConfirmation``) must be `confirmed`; otherwise it throws
    /// ``PublishNeedsConfirmation`` with the preview and nothing changes.
    ///
    /// Throws 404 for an unknown environment or revision, and 422 when the revision no longer passes
    /// today's validation and lint (nothing is published then).
    ///
    /// The audit log records the publish by `origin` in the same transaction, with the whole preview
    /// it was decided on and whether it needed confirmation (``auditDetails(_:json:revision:previousRevision:confirmed:conclusions:)``);
    /// publishing the revision the environment serves already changes nothing and records nothing.
    ///
    /// Each experiment of the revision the environment served that this one no longer has is
    /// concluded in the same transaction (``ConcludingExperiments``, Server/README.md "Concluded experiments").
    func publish(appID: AppID, environment: EnvironmentName, revision number: Int, confirmed: Bool, by origin: AuditOrigin) async throws
        -> Publication {
        let preview = try await previews.preview(appID: appID, revision: number, environment: environment)
        if preview.needsConfirmation && !confirmed {
            throw PublishNeedsConfirmation(preview: preview)
        }
        guard let revision = try await revisions.revision(appID: appID, number: number) else {
            throw APIError.notFound("The app \"\(appID)\" has no revision \(number); list them with GET /v1/apps/\(appID)/revisions.")
        }
        // Checked again: a revision stored under older rules is not published if today's checks refuse it.
        let diagnostics = DocumentCheck.diagnostics(of: Data(revision.body))
        if diagnostics.containsErrors {
            throw APIError.invalidDocument(
                "Revision \(number) does not pass validation and lint; nothing was published. Upload a corrected revision.",
                diagnostics: diagnostics)
        }
        guard let document = try? WaypointDocument(validating: Data(revision.body)) else {
            throw APIError.invalidDocument(
                "Revision \(number) does not pass validation; nothing was published. Upload a corrected revision.", diagnostics: diagnostics)
        }
        let log = auditLog
        let previewJSON = try JSONValue(parsing: Data(preview.jsonData()))
        var previous: Int?
        // The experiments it concludes are made from what the environment serves before the
        // transaction; should another publish change that meanwhile, they are made again.
        var attempts = 0
        while true {
            attempts += 1
            let at = now()
            let served = try await revisions.publishedRevision(appID: appID, environment: environment)
            let conclusions = try await concluding.conclusions(
                appID: appID, environment: environment, publishing: number, document: document, previous: served, at: at)
            do {
                previous = try await revisions.publish(
                    appID: appID, environment: environment, revision: number, at: at,
                    audit: { previous in
                        // The revision the environment served already: nothing changes, nothing is recorded.
                        guard previous != number else { return nil }
                        // A rollback by what the environment served in this transaction, not when the preview was made.
                        let rollback = previous.map { number < $0 } ?? false
                        return log.entry(
                            rollback ? .revisionRolledBack : .revisionPublished, by: origin, app: appID, environment: environment,
                            target: String(number),
                            details: Self.auditDetails(
                                preview, json: previewJSON, revision: number, previousRevision: previous, confirmed: confirmed,
                                conclusions: conclusions))
                    },
                    conclusions: { previous in
                        guard previous != number else { return [] }
                        guard previous == served?.revision else { throw ServedRevisionChanged() }
                        return conclusions
                    })
                break
            } catch is ServedRevisionChanged where attempts < 3 {
                continue
            } catch is ServedRevisionChanged {
                throw APIError.conflict(
                    "Other publishes to \(environment) kept changing the revision it serves while this one was made; publish again.")
            } catch let error as StoreError {
                throw APIError.from(error)
            }
        }
        documents.invalidate(appID: appID, environment: environment)
        metrics.publishes.increment()
        return Publication(previousRevision: previous, preview: preview)
    }

    /// The details of a publish's audit entry: the revision, the one it replaced, whether the preview
    /// needed confirmation and whether the publisher gave it, the preview (`json`) itself and, when
    /// it concludes experiments, each in words (`"concludes paywall-copy: shipped annual-first"`).
    static func auditDetails(
        _ preview: PublishPreview, json: JSONValue, revision: Int, previousRevision: Int?, confirmed: Bool,
        conclusions: [ExperimentConclusion] = []
    ) -> [String: JSONValue] {
        var details: [String: JSONValue] = [
            "revision": .number(Double(revision)),
            "previousRevision": previousRevision.map { .number(Double($0)) } ?? .null,
            "confirmationNeeded": .bool(preview.needsConfirmation),
            "confirmed": .bool(confirmed),
            "preview": json,
        ]
        if !conclusions.isEmpty {
            details["conclusions"] = .array(conclusions.map { .string("concludes \($0.experiment): \($0.decisionInWords)") })
        }
        return details
    }

    /// A publish's transaction found the environment serving another revision than the one its
    /// conclusions were made from.
    private struct ServedRevisionChanged: Error {}

    /// An app's environments, by name: what each serves, its last event, and its events received
    /// in the 24 hours before now (``EnvironmentSummary/recentEvents``).
    func environmentSummaries(appID: AppID) async throws -> [EnvironmentSummary] {
        try await apps.environmentSummaries(appID: appID, recentSince: now().addingTimeInterval(-24 * 3600))
    }

    /// The app whose id is `text` (a request's); throws 404 when there is none.
    func existingApp(_ text: String) async throws -> AppRecord {
        guard let appID = AppID(validating: text), let app = try await apps.app(id: appID) else {
            throw APIError.notFound("There is no app \(String(reflecting: text)); create it with POST /v1/apps.")
        }
        return app
    }

    /// The environment `text` (a request's) names; throws 404 unless it is one every app has.
    static func existingEnvironment(_ text: String) throws(APIError) -> EnvironmentName {
        guard let environment = EnvironmentName(validating: text) else {
            throw APIError.notFound("There is no environment \(String(reflecting: text)); use production or staging.")
        }
        return environment
    }
}
