"""Prints the gbstats reference values pinned in GbstatsReferenceTests.swift as Swift literals.

Run with gbstats 0.8.0 installed (`pip install gbstats==0.8.0`):
    python3 Tests/WaypointToolsTests/Statistics/reference.py > /tmp/reference.swift
"""
import importlib.metadata

import numpy
import scipy
from scipy.stats import chi2, norm, t

from gbstats.bayesian.tests import EffectBayesianABTest, EffectBayesianConfig
from gbstats.frequentist.tests import (
    FrequentistConfig,
    SequentialConfig,
    SequentialTwoSidedTTest,
    TwoSidedTTest,
)
from gbstats.models.statistics import ProportionStatistic
from gbstats.utils import check_srm

# (control conversions, control users, variation conversions, variation users)
PAIRS = [
    (26, 43, 17, 42),
    (1, 2, 1, 3),
    (2, 3, 1, 2),
    (5, 10, 5, 10),
    (500, 1000, 500, 1000),
    (100, 1000, 120, 1000),
    (120, 1000, 100, 1000),
    (1, 1000, 3, 1000),
    (3, 100000, 9, 100000),
    (999, 1000, 998, 1000),
    (99990, 100000, 99995, 100000),
    (4800, 50000, 5200, 50000),
    (48000, 500000, 48500, 510000),
    (123456, 1000000, 124000, 1000000),
    (10, 20, 19, 20),
    (19, 20, 1, 20),
    (7, 13, 2, 5),
    (30, 200, 60, 210),
    (1, 7, 6, 7),
    (2000, 10000, 1000, 10000),
    (8483969, 8530183, 9471737, 9522424),
    (9999990, 10000000, 9999900, 10000000),
    (3, 40, 200, 41),
]
# Cases gbstats answers with its default output.
DEFAULTS = [
    (0, 100, 10, 100),  # control rate 0
    (0, 0, 5, 10),  # control without users
    (10, 100, 0, 100),  # variation rate 0: zero variance
    (100, 100, 50, 100),  # control rate 1: zero variance
    (10, 100, 100, 100),  # variation rate 1: zero variance
    (1, 1, 1, 2),  # control n = 1
    (5, 10, 0, 0),  # variation without users
    (5, 10, 1, 1),  # variation n = 1
]
SRM = [
    ([5000, 5000], [0.5, 0.5]),
    ([5000, 5100], [0.5, 0.5]),
    ([5000, 5400], [0.5, 0.5]),
    ([43, 42], [0.5, 0.5]),
    ([1, 0], [0.5, 0.5]),
    ([9000, 1000], [0.9, 0.1]),
    ([8800, 1200], [0.9, 0.1]),
    ([1000, 1000, 1000], [1, 1, 1]),
    ([1000, 1050, 980], [1 / 3, 1 / 3, 1 / 3]),
    ([1000, 1200, 800], [1 / 3, 1 / 3, 1 / 3]),
    ([2000, 1000, 1000], [0.5, 0.25, 0.25]),
    ([2100, 950, 1010], [0.5, 0.25, 0.25]),
    ([100, 200, 50], [0.2, 0.5, 0.3]),
    ([0, 0, 0], [1, 1, 1]),
    ([500, 500, 40], [0.5, 0.5, 0]),
]


def f(x):
    return "nil" if x is None else repr(float(x))


def m(message):
    return "nil" if message is None else f'"{message}"'


def flist(xs):
    return "[" + ", ".join(f(x) for x in xs) + "]"


def main():
    versions = {m: importlib.metadata.version(m) for m in ["gbstats"]}
    print(f"// gbstats {versions['gbstats']}, numpy {numpy.__version__}, scipy {scipy.__version__}")
    print("static let frequentist: [Reference] = [")
    for a, na, b, nb in PAIRS + DEFAULTS:
        sa, sb = ProportionStatistic(sum=a, n=na), ProportionStatistic(sum=b, n=nb)
        fixed = TwoSidedTTest(sa, sb, FrequentistConfig(difference_type="relative", alpha=0.05)).compute_result()
        seq = SequentialTwoSidedTTest(
            sa, sb, SequentialConfig(difference_type="relative", alpha=0.05, sequential_tuning_parameter=5000)
        ).compute_result()
        bayes = EffectBayesianABTest(sa, sb, EffectBayesianConfig(difference_type="relative")).compute_result()
        print(
            f"    .init(counts: ({a}, {na}, {b}, {nb}),\n"
            f"          fixed: .init({f(fixed.expected)}, {flist(fixed.ci)}, {f(fixed.p_value)}, {m(fixed.error_message)}),\n"
            f"          sequential: .init({f(seq.expected)}, {flist(seq.ci)}, {f(seq.p_value)}, {m(seq.error_message)}),\n"
            f"          bayesian: .init({f(bayes.chance_to_win)}, {flist(bayes.risk)}, {f(bayes.expected)}, {flist(bayes.ci)}, {m(bayes.error_message)})),"
        )
    print("]")
    print("static let srm: [(users: [Int], weights: [Double], pValue: Double)] = [")
    for users, weights in SRM:
        print(f"    ({users}, {flist(weights)}, {f(check_srm(users, weights))}),")
    print("]")
    # Distributions at the tails and edges: (x, dof, cdf) and (p, dof, quantile).
    print("static let tCDF: [(x: Double, dof: Double, cdf: Double)] = [")
    for x, df in [(-40, 1), (-8, 1), (-3, 2.5), (-1, 1), (0.5, 3), (2, 1.5), (-12, 30), (-5, 1000), (1.96, 1e6), (-38, 1e7), (3.2, 87.3), (-0.001, 4)]:
        print(f"    ({f(x)}, {f(df)}, {f(t.cdf(x, df))}),")
    print("]")
    print("static let tQuantile: [(p: Double, dof: Double, quantile: Double)] = [")
    for p, df in [(0.975, 1), (0.975, 2.5), (0.975, 83.2), (0.975, 1e6), (1e-10, 3), (1e-300, 1), (0.999999, 10), (0.5000001, 5), (0.025, 1.01), (0.3, 7)]:
        print(f"    ({f(p)}, {f(df)}, {f(t.ppf(p, df))}),")
    print("]")
    print("static let normal: [(x: Double, cdf: Double)] = [")
    for x in [-37.5, -20, -8, -1.5, -0.3, 0, 0.7, 2, 6]:
        print(f"    ({f(x)}, {f(norm.cdf(x))}),")
    print("]")
    print("static let normalQuantile: [(p: Double, quantile: Double)] = [")
    for p in [1e-300, 1e-20, 1e-5, 0.02, 0.025, 0.3, 0.5, 0.8, 0.975, 0.99999, 1 - 1e-12]:
        print(f"    ({f(p)}, {f(norm.ppf(p))}),")
    print("]")
    print("static let chiSquared: [(x: Double, dof: Double, sf: Double)] = [")
    for x, df in [(0.01, 1), (1, 1), (10.83, 1), (60, 1), (700, 1), (3, 2), (13.8, 2), (0.5, 5), (100, 5), (1500, 3)]:
        print(f"    ({f(x)}, {f(df)}, {f(chi2.sf(x, df))}),")
    print("]")


main()
