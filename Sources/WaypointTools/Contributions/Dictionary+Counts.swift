extension Dictionary where Value == Int {
    /// Adds `other`'s counts key by key (`sign` 1), or takes them away (`sign` −1); a key whose
    /// count becomes 0 is removed, so equal totals are equal dictionaries.
    mutating func add(_ other: [Key: Int], sign: Int) {
        for (key, count) in other {
            let sum = self[key, default: 0] + sign * count
            self[key] = sum == 0 ? nil : sum
        }
    }
}
