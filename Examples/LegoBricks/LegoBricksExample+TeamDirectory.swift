import Waypoint

extension LegoBricksExample {
    /// The club's team directory, standing in for a network service.
    ///
    /// It fails its first `failuresBeforeAnswering` requests, as a flaky connection would.
    public actor TeamDirectory {
        private let teams: Set<String>
        private var failuresLeft: Int
        /// How many requests it has received.
        public private(set) var requestCount = 0

        /// Creates a directory holding `teams` that fails its first `failuresBeforeAnswering` requests.
        public init(teams: Set<String>, failuresBeforeAnswering: Int = 0) {
            self.teams = teams
            self.failuresLeft = failuresBeforeAnswering
        }

        /// Looks a team up by name; `nil` when there is none.
        ///
        /// - Throws: ``TeamDirectoryError`` while the simulated connection is failing.
        public func team(named name: String) async throws -> Team? {
            requestCount += 1
            if failuresLeft > 0 {
                failuresLeft -= 1
                throw TeamDirectoryError.unreachable
            }
            return teams.contains(name) ? Team(name: name) : nil
        }
    }

    /// An error from the ``TeamDirectory``.
    public struct TeamDirectoryError: Error, Sendable, Equatable, CustomStringConvertible {
        private enum Reason: Sendable, Equatable {
            case unreachable
        }

        private let reason: Reason

        /// The directory could not be reached.
        public static let unreachable = TeamDirectoryError(reason: .unreachable)

        /// What went wrong and what the user can do.
        public var description: String {
            switch reason {
            case .unreachable:
                "The team directory could not be reached. Check the connection and search again."
            }
        }
    }
}
