/// GrowthBook's deterministic bucketing: the hash of a user, the ranges of each variation, namespaces.
///
/// Every function gives the same numbers as GrowthBook's SDKs, so a user lands in the same variation
/// whichever SDK assigns them. Strings are hashed as UTF-16 code units, as JavaScript stores them: `"ü"` is
/// one unit (0x00FC), an emoji outside the Basic Multilingual Plane is two (a surrogate pair).
enum Bucketing {
    /// The 32-bit FNV-1a hash of a string's UTF-16 code units.
    static func fnv1a32(_ string: String) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for unit in string.utf16 {
            hash ^= UInt32(unit)
            hash &*= 0x0100_0193
        }
        return hash
    }

    /// A number in `[0, 1)` for a seed and a value (usually the experiment key and the user id).
    ///
    /// Version 1 is `(fnv1a32(value + seed) % 1000) / 1000`, kept for old experiments (it is biased
    /// when many experiments share users); version 2 is `(fnv1a32(String(fnv1a32(seed + value))) % 10000) / 10000`.
    /// - Returns: `nil` for any other version.
    static func hash(seed: String, value: String, version: Int) -> Double? {
        switch version {
        case 2:
            let inner = fnv1a32(seed + value)
            return Double(fnv1a32(String(inner)) % 10_000) / 10_000
        case 1:
            return Double(fnv1a32(value + seed) % 1_000) / 1_000
        default:
            return nil
        }
    }

    /// `numVariations` equal weights that add up to 1; none when `numVariations` is not positive.
    static func getEqualWeights(_ numVariations: Int) -> [Double] {
        guard numVariations > 0 else { return [] }
        return Array(repeating: 1 / Double(numVariations), count: numVariations)
    }

    /// The range of hash values of each variation.
    ///
    /// Coverage (default 1) is clamped to `[0, 1]`. Weights that are missing, of the wrong count or that do
    /// not add up to 1 (±0.01) are replaced by equal weights. Variation `i` starts where the weights before it
    /// add up to, and covers `coverage × weights[i]` of the space, so reducing coverage never moves a user
    /// from one variation to another.
    static func getBucketRanges(numVariations: Int, coverage: Double? = nil, weights: [Double]? = nil) -> [BucketRange] {
        var coverage = coverage ?? 1
        if coverage < 0 { coverage = 0 } else if coverage > 1 { coverage = 1 }
        let equal = getEqualWeights(numVariations)
        var weights = weights ?? equal
        if weights.count != numVariations { weights = equal }
        let total = weights.reduce(0, +)
        if total < 0.99 || total > 1.01 { weights = equal }
        var cumulative = 0.0
        return weights.map { weight in
            let start = cumulative
            cumulative += weight
            return BucketRange(start, start + coverage * weight)
        }
    }

    /// The index of the first range that contains `n`, or `nil` when none does (the user is not in the experiment).
    static func chooseVariation(n: Double, ranges: [BucketRange]) -> Int? {
        ranges.firstIndex { $0.contains(n) }
    }

    /// Whether a user (by the value of their hash attribute) is in an experiment's part of a namespace.
    static func inNamespace(userId: String, namespace: ExperimentNamespace) -> Bool {
        guard let n = hash(seed: "__" + namespace.id, value: userId, version: 1) else { return false }
        return namespace.range.contains(n)
    }
}
