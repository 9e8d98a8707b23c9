import GRDB

/// An app id binds and reads as its text.
extension AppID: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> AppID? {
        String.fromDatabaseValue(dbValue).map(AppID.init(rawValue:))
    }
}

/// An environment name binds and reads as its text.
extension EnvironmentName: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> EnvironmentName? {
        String.fromDatabaseValue(dbValue).map(EnvironmentName.init(rawValue:))
    }
}
