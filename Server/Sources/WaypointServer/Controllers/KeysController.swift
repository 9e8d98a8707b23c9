import Foundation
import Hummingbird

/// An environment's SDK keys: listed by prefix, rotated with a grace period, revoked at once.
///
/// Who may use them is ``AccessRules``'s; the rules of keys are ``AppAdministration``'s.
struct KeysController: Sendable {
    typealias Context = ServerContext
    let administration: AppAdministration

    func addRoutes(to group: RouterGroup<Context>) {
        group.get(":app/environments/:environment/keys", use: list)
        group.post(":app/environments/:environment/keys", use: rotate)
        group.delete(":app/environments/:environment/keys/:keyPrefix", use: revoke)
    }

    /// A key as the API shows it: its prefix, never its secret or hash.
    struct Key: Encodable {
        let keyPrefix: String
        let createdAt: String
        let expiresAt: String?
        /// `current`, `retiring` (works until `expiresAt`) or `ended`.
        let status: String

        init(_ key: SDKKeySummary, at now: Date) {
            keyPrefix = key.prefix
            createdAt = Timestamp.iso8601(key.createdAt)
            expiresAt = key.expiresAt.map(Timestamp.iso8601)
            status = key.status(at: now).rawValue
        }

        private enum CodingKeys: String, CodingKey { case keyPrefix, createdAt, expiresAt, status }

        // Written out so that `null` stands for "no expiry" rather than the key being left out.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(keyPrefix, forKey: .keyPrefix)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(expiresAt, forKey: .expiresAt)
            try container.encode(status, forKey: .status)
        }
    }

    private struct KeyList: Encodable {
        let environment: EnvironmentName
        let keys: [Key]
    }

    /// `GET …/keys`: the environment's keys, oldest first, ended ones included.
    @Sendable func list(request: Request, context: Context) async throws -> Response {
        let (appID, environment) = try await target(context)
        let keys = try await administration.keys(appID: appID, environment: environment)
        let now = administration.now()
        return try JSONBody.response(KeyList(environment: environment, keys: keys.map { Key($0, at: now) }))
    }

    private struct Rotated: Encodable {
        let environment: EnvironmentName
        let sdkKey: String
        let keyPrefix: String
        let previousKeys: [Key]
    }

    /// `POST …/keys` `{"graceHours":24}`: 201 with the new key, shown once, and the keys it
    /// replaced that still work (each until its `expiresAt`).
    @Sendable func rotate(request: Request, context: Context) async throws -> Response {
        let (appID, environment) = try await target(context)
        let body = try await RequestBody.collect(request, limit: 64 * 1024)
        let input = try RotateKeyRequest.parse(body)
        let rotated = try await administration.rotateKey(appID: appID, environment: environment, graceHours: input.graceHours, by: try administration.origin(of: request, context: context))
        return try JSONBody.response(
            Rotated(
                environment: environment, sdkKey: rotated.key, keyPrefix: rotated.prefix,
                previousKeys: rotated.previousKeys.map { Key($0, at: rotated.at) }),
            status: .created)
    }

    private struct Revoked: Encodable {
        let environment: EnvironmentName
        let key: Key
    }

    /// `DELETE …/keys/{prefix}`: ends the key at once; 200 with it as it is now.
    @Sendable func revoke(request: Request, context: Context) async throws -> Response {
        let (appID, environment) = try await target(context)
        let prefix = context.parameters.get("keyPrefix") ?? ""
        let key = try await administration.revokeKey(appID: appID, environment: environment, prefix: prefix, by: try administration.origin(of: request, context: context))
        return try JSONBody.response(Revoked(environment: environment, key: Key(key, at: administration.now())))
    }

    /// The app (404 when it does not exist) and the environment named by the path.
    private func target(_ context: Context) async throws -> (app: AppID, environment: EnvironmentName) {
        let app = try await administration.existingApp(context.parameters.get("app") ?? "")
        let environment = try AppAdministration.existingEnvironment(context.parameters.get("environment") ?? "")
        return (app.id, environment)
    }
}
