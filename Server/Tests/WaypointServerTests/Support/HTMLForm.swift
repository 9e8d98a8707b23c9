import Foundation

/// The fields a browser would send from a form of a page: its inputs (checkboxes only when
/// checked), the selected option of each select (else its first) and its textareas, in the order
/// of the page. Enough for the dashboard's own server-rendered forms.
enum HTMLForm {
    /// The fields of the first POST form whose `action` is `action`, without its submit buttons.
    static func fields(in html: String, action: String) -> [(String, String)]? {
        guard let start = html.range(of: "method=\"post\" action=\"\(action)\"") else { return nil }
        let rest = html[start.upperBound...]
        guard let end = rest.range(of: "</form>") else { return nil }
        let form = String(rest[..<end.lowerBound])
        var fields: [(String, String)] = []
        let tag = try! NSRegularExpression(pattern: #"<(input|select|textarea)\b([^>]*)>"#, options: [.caseInsensitive])
        let range = NSRange(form.startIndex..., in: form)
        for match in tag.matches(in: form, range: range) {
            let name = String(form[Range(match.range(at: 1), in: form)!]).lowercased()
            let attributes = String(form[Range(match.range(at: 2), in: form)!])
            guard let fieldName = attribute("name", in: attributes) else { continue }
            let after = form[Range(match.range, in: form)!.upperBound...]
            switch name {
            case "input":
                let type = attribute("type", in: attributes) ?? "text"
                if type == "checkbox" && !attributes.contains(" checked") { continue }
                if type == "submit" { continue }
                fields.append((fieldName, attribute("value", in: attributes) ?? (type == "checkbox" ? "on" : "")))
            case "select":
                let body = String(after[..<(after.range(of: "</select>")?.lowerBound ?? after.endIndex)])
                let options = try! NSRegularExpression(pattern: #"<option value="([^"]*)"( selected)?>"#)
                let found = options.matches(in: body, range: NSRange(body.startIndex..., in: body))
                let chosen = found.first { $0.range(at: 2).location != NSNotFound } ?? found.first
                if let chosen { fields.append((fieldName, unescape(String(body[Range(chosen.range(at: 1), in: body)!])))) }
            default:
                let body = String(after[..<(after.range(of: "</textarea>")?.lowerBound ?? after.endIndex)])
                fields.append((fieldName, unescape(body)))
            }
        }
        return fields
    }

    /// `fields` with each value of `changes` set (the first field of that name), in place.
    static func changing(_ fields: [(String, String)], _ changes: [String: String]) -> [(String, String)] {
        var done: Set<String> = []
        return fields.map { name, value in
            guard let new = changes[name], done.insert(name).inserted else { return (name, value) }
            return (name, new)
        }
    }

    /// The HTML between the element carrying `marker` (such as `data-field="goal"`) and the next field's.
    static func section(of marker: String, in html: String) -> String? {
        guard let start = html.range(of: marker) else { return nil }
        let rest = html[start.upperBound...]
        let end = rest.range(of: "data-field=\"")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    private static func attribute(_ name: String, in attributes: String) -> String? {
        guard let start = attributes.range(of: " \(name)=\"") else { return nil }
        let rest = attributes[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return unescape(String(rest[..<end]))
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&#x2F;", with: "/").replacingOccurrences(of: "&#x3D;", with: "=").replacingOccurrences(of: "&#x60;", with: "`")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
