import Foundation

/// The repository's folders, for tests that read committed files.
package enum Repository {
    /// The repository's root folder.
    package static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
