import Foundation
import Hummingbird

/// The app page's key forms: rotate an environment's key, revoke a replaced one.
extension DashboardController {
    private struct RotateForm: CSRFForm {
        let csrf: String?
        let graceHours: String?
    }

    /// Rotates the key; the new key is shown once, on a page of its own.
    @Sendable func rotateKey(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            let app = try await administration.existingApp(context.parameters.get("app") ?? "")
            let environment = try AppAdministration.existingEnvironment(context.parameters.get("environment") ?? "")
            let input = try await form(RotateForm.self, from: request)
            do {
                let text = (input.graceHours ?? "").trimmingCharacters(in: .whitespaces)
                guard let hours = Int(text) else {
                    throw APIError.badRequest(
                        "The hours the replaced keys keep working must be a whole number from 0 to \(AppAdministration.maximumGraceHours), "
                            + "not \(String(reflecting: text)); nothing was rotated.")
                }
                let rotated = try await administration.rotateKey(
                    appID: app.id, environment: environment, graceHours: hours, by: try administration.origin(of: request, context: context))
                return renderer.page(
                    RotatedKeyPageContext(app: app, rotated: rotated), title: "New \(environment) key of \(app.name)",
                    chrome: chrome(request, context), status: .created)
            } catch let error as APIError where error.status != .notFound {
                return try await appOverview(request, context, app: app, status: error.status, message: error.message)
            }
        }
    }

    /// Revokes a replaced key at once, then shows the app page again.
    @Sendable func revokeKey(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            let app = try await administration.existingApp(context.parameters.get("app") ?? "")
            let environment = try AppAdministration.existingEnvironment(context.parameters.get("environment") ?? "")
            _ = try await form(CSRFOnlyForm.self, from: request)
            let prefix = context.parameters.get("keyPrefix") ?? ""
            do {
                _ = try await administration.revokeKey(
                    appID: app.id, environment: environment, prefix: prefix, by: try administration.origin(of: request, context: context))
            } catch let error as APIError {
                return try await appOverview(request, context, app: app, status: error.status, message: error.message)
            }
            var query = URLComponents()
            query.queryItems = [URLQueryItem(name: "revokedFrom", value: environment.rawValue), URLQueryItem(name: "revoked", value: prefix)]
            return PageRenderer.redirect(to: "/apps/\(app.id)\(query.percentEncodedQuery.map { "?" + $0 } ?? "")#keys")
        }
    }

    private struct CSRFOnlyForm: CSRFForm {
        let csrf: String?
    }
}
