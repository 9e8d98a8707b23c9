/// What a new password must be: at least ``minimumLength`` characters, at most ``maximumBytes``
/// bytes of UTF-8 (bcrypt reads no further), and not one of the commonest passwords (a list
/// shipped with the server, `People/common-passwords.txt`, compared ignoring case).
enum PasswordPolicy {
    /// The fewest characters a password may have.
    static let minimumLength = 12
    /// The most bytes of UTF-8 a password may have: bcrypt ignores what follows.
    static let maximumBytes = 72

    /// The commonest passwords, lower-cased.
    static let common: Set<String> = {
        let text = String(decoding: PackageResources.common_passwords_txt, as: UTF8.self)
        return Set(text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.hasPrefix("#") })
    }()

    /// Throws a 400 that says what is wrong with `password` and how to choose one, or returns.
    static func check(_ password: String) throws {
        if password.count < minimumLength {
            throw APIError.badRequest(
                "The password has \(password.count) character\(password.count == 1 ? "" : "s"); it needs at least \(minimumLength). "
                    + "A few unrelated words make a long password that is easy to remember.",
                code: "weak-password")
        }
        if password.utf8.count > maximumBytes {
            throw APIError.badRequest(
                "The password has \(password.utf8.count) bytes of UTF-8; it may have at most \(maximumBytes) (bcrypt ignores the rest). "
                    + "Choose a shorter one.",
                code: "weak-password")
        }
        if common.contains(password.lowercased()) {
            throw APIError.badRequest(
                "That password is one of the commonest passwords, which are tried first by anyone guessing; choose another.",
                code: "weak-password")
        }
    }
}
