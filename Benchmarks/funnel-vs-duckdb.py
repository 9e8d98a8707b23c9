#!/usr/bin/env python3
"""Times both `waypoint funnel` reports against DuckDB running the same reports in SQL.

Generates a JSON Lines file of about 1,000,000 onboarding events (~250 MB) in a temporary
directory, builds `waypoint` in release mode, and runs on the file (best of --runs):
- the sequential funnel (`--steps`) against DuckDB's ordered, windowed funnel query;
- the flow report (no `--steps`) against DuckDB's queries for the same figures.
It checks that both agree on every figure, and prints the times and the ratios.

    python3 Benchmarks/funnel-vs-duckdb.py            # needs `pip install duckdb`
    python3 Benchmarks/funnel-vs-duckdb.py --events 200000 --runs 3 --keep
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import datetime, timedelta, timezone

FLOW = "signup"
STEPS = ["splash", "login", "registration", "personalization", "consent"]
WINDOW_DAYS = 14


def iso(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def generate(path, target_events, seed):
    """Writes users' onboarding sessions until about `target_events` lines are written."""
    rng = random.Random(seed)
    base = datetime(2026, 11, 1, tzinfo=timezone.utc)
    written = 0
    user = 0
    pending = []
    with open(path, "w", encoding="utf-8") as out:
        while written < target_events:
            user += 1
            user_id = f"u-{user:07d}"
            variation = rng.choice(["control", "short"])
            lines = []
            attempts = 1 if rng.random() < 0.8 else rng.randint(2, 3)
            moment = base + timedelta(seconds=rng.randint(0, 20 * 86400))
            for _ in range(attempts):
                def event(name, **fields):
                    record = {"messageId": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
                              "userId": user_id, "event": name, "timestamp": iso(moment),
                              "flowId": FLOW, "flowVersion": 1}
                    record.update(fields)
                    record["experiment"] = "short-signup"
                    record["variation"] = variation
                    lines.append(json.dumps(record, separators=(",", ":")))
                event("Flow Started")
                # The conditional step: shown to some users, skipped (its condition false) for others.
                shows_tips = rng.random() < 0.6
                reach = 1
                while reach < len(STEPS) and rng.random() < 0.78:
                    reach += 1
                for index in range(reach):
                    if index == 2:
                        if shows_tips:
                            event("Step Viewed", stepId="tips", stepIndex=2)
                            moment += timedelta(milliseconds=rng.randint(500, 9000))
                            event("Step Completed", stepId="tips", stepIndex=2, outcome=rng.choice(["next", "back"]),
                                  durationMs=rng.randint(500, 9000))
                        else:
                            event("Step Skipped", stepId="tips")
                    event("Step Viewed", stepId=STEPS[index], stepIndex=index)
                    spent = rng.randint(800, 90_000)
                    moment += timedelta(milliseconds=spent)
                    if index + 1 < reach or reach == len(STEPS):
                        event("Step Completed", stepId=STEPS[index], stepIndex=index,
                              outcome="next", durationMs=spent)
                if reach == len(STEPS):
                    event("Flow Completed")
                elif rng.random() < 0.5:
                    event("Flow Abandoned", stepId=STEPS[reach - 1])
                # The next attempt comes hours or weeks later (sometimes outside the window).
                moment += timedelta(hours=rng.randint(1, 24 * 20))
            if rng.random() < 0.15:
                lines.append(json.dumps({"messageId": str(uuid.uuid4()), "userId": user_id,
                                         "event": "Hint Shown", "timestamp": iso(moment),
                                         "walkthroughId": "layering", "walkthroughVersion": 2,
                                         "stepId": "intro"}, separators=(",", ":")))
            pending.extend(lines)
            written += len(lines)
            # Lines reach the file out of order, as uploads from many devices do.
            if len(pending) > 5000:
                rng.shuffle(pending)
                out.write("\n".join(pending) + "\n")
                pending = []
        if pending:
            rng.shuffle(pending)
            out.write("\n".join(pending) + "\n")
    return written


def duckdb_sql(path):
    columns = "{'userId':'VARCHAR','event':'VARCHAR','timestamp':'TIMESTAMP','flowId':'VARCHAR','stepId':'VARCHAR'}"
    parts = [f"""ev AS (SELECT userId AS u, stepId AS s, "timestamp" AS t
        FROM read_json('{path}', format='newline_delimited', columns={columns})
        WHERE event = 'Step Viewed' AND flowId = '{FLOW}')""",
             f"s1 AS (SELECT u, t AS t1 FROM ev WHERE s = '{STEPS[0]}')"]
    previous_columns = "a.u, a.t1"
    for k in range(2, len(STEPS) + 1):
        parts.append(f"""s{k} AS (SELECT {previous_columns}, (SELECT min(e.t) FROM ev e
            WHERE e.u = a.u AND e.s = '{STEPS[k - 1]}' AND e.t >= a.t{k - 1}
              AND e.t <= a.t1 + INTERVAL {WINDOW_DAYS} DAY) AS t{k} FROM s{k - 1} a)""")
        previous_columns += f", a.t{k}"
    counts = ", ".join(f"count(DISTINCT u) FILTER (WHERE t{k} IS NOT NULL)" for k in range(1, len(STEPS) + 1))
    return "WITH " + ",\n".join(parts) + f"\nSELECT {counts} FROM s{len(STEPS)}"


def duckdb_flow_sql(path):
    """The flow report's figures (docs/ARCHITECTURE.md, "Reports") as DuckDB queries: totals, then per step, then outcomes."""
    columns = ("{'userId':'VARCHAR','event':'VARCHAR','timestamp':'TIMESTAMP','flowId':'VARCHAR','stepId':'VARCHAR',"
               "'stepIndex':'INTEGER','outcome':'VARCHAR','durationMs':'BIGINT'}")
    events = f"""ev AS (SELECT userId AS u, event AS e, stepId AS s, stepIndex AS i, outcome AS o, durationMs AS d, "timestamp" AS t
        FROM read_json('{path}', format='newline_delimited', columns={columns}) WHERE flowId = '{FLOW}')"""
    users = """users AS (SELECT u, bool_or(e = 'Flow Started') AS started, bool_or(e = 'Flow Completed') AS completed,
            bool_or(e = 'Flow Abandoned') AS abandoned, min(t) FILTER (WHERE e = 'Flow Started') AS first_start FROM ev GROUP BY u)"""
    totals = f"""WITH {events}, {users},
        done AS (SELECT ev.u, min(ev.t) - any_value(users.first_start) AS took FROM ev JOIN users USING (u)
                 WHERE ev.e = 'Flow Completed' AND ev.t >= users.first_start GROUP BY ev.u)
        SELECT count(*) FILTER (WHERE started), count(*) FILTER (WHERE completed),
               count(*) FILTER (WHERE abandoned AND NOT completed),
               (SELECT median(epoch_ms(took)) FROM done) FROM users"""
    steps = f"""WITH {events}, {users},
        last_view AS (SELECT u, arg_max(s, (t, coalesce(i, 2147483647))) AS s FROM ev WHERE e = 'Step Viewed' GROUP BY u),
        dropped AS (SELECT last_view.s, count(*) AS n FROM last_view JOIN users USING (u) WHERE NOT users.completed GROUP BY last_view.s)
        SELECT ev.s, count(DISTINCT u) FILTER (WHERE e = 'Step Viewed'), count(DISTINCT u) FILTER (WHERE e = 'Step Skipped'),
               coalesce(any_value(dropped.n), 0), median(d) FILTER (WHERE e = 'Step Completed')
        FROM ev LEFT JOIN dropped ON dropped.s = ev.s WHERE ev.s IS NOT NULL AND e IN ('Step Viewed', 'Step Skipped', 'Step Completed')
        GROUP BY ev.s ORDER BY ev.s"""
    outcomes = f"""WITH {events}
        SELECT s, o, count(DISTINCT u) FROM ev WHERE e = 'Step Completed' AND o IS NOT NULL GROUP BY s, o ORDER BY s, o"""
    return totals, steps, outcomes


def run_flow_sql(connection, queries):
    totals, steps, outcomes = queries
    started, completed, abandoned, median = connection.execute(totals).fetchone()
    per_step = {row[0]: list(row[1:]) for row in connection.execute(steps).fetchall()}
    for step, outcome, users in connection.execute(outcomes).fetchall():
        per_step[step].append((outcome, users))
    return {"started": started, "completed": completed, "abandoned": abandoned,
            "medianMsToComplete": None if median is None else float(median),
            "steps": {step: {"viewed": row[0], "skipped": row[1], "droppedHere": row[2],
                             "medianDurationMs": None if row[3] is None else float(row[3]),
                             "outcomes": dict(row[4:])} for step, row in per_step.items()}}


def flow_figures(report):
    return {"started": report["started"], "completed": report["completed"], "abandoned": report["abandoned"],
            "medianMsToComplete": report["medianMsToComplete"],
            "steps": {step["stepId"]: {key: step[key] for key in ("viewed", "skipped", "droppedHere", "medianDurationMs", "outcomes")}
                      for step in report["steps"]}}


def best_of(runs, work):
    best, result = None, None
    for _ in range(runs):
        start = time.perf_counter()
        result = work()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best, result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--keep", action="store_true", help="keep the generated file")
    parser.add_argument("--file", help="use this events file instead of generating one")
    args = parser.parse_args()

    try:
        import duckdb
    except ImportError:
        sys.exit("DuckDB is needed for the comparison: pip install duckdb")

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    scratch = os.path.join(root, ".build-release")
    print("Building waypoint (release)…", flush=True)
    subprocess.run(["swift", "build", "-c", "release", "--product", "waypoint", "--scratch-path", scratch],
                   cwd=root, check=True, stdout=subprocess.DEVNULL)
    binary = os.path.join(scratch, "release", "waypoint")

    directory = tempfile.mkdtemp(prefix="waypoint-funnel-")
    try:
        path = args.file or os.path.join(directory, "events.jsonl")
        if not args.file:
            print(f"Generating about {args.events:,} events…", flush=True)
            count = generate(path, args.events, args.seed)
        else:
            count = sum(1 for _ in open(path, "rb"))
        size = os.path.getsize(path)
        print(f"File: {path}: {count:,} events, {size / 1e6:.0f} MB")

        command = [binary, "funnel", path, "--flow", FLOW, "--steps", ",".join(STEPS),
                   "--window", f"{WINDOW_DAYS}d", "--format", "json"]
        flow_command = [binary, "funnel", path, "--flow", FLOW, "--format", "json"]
        # Warm the page cache so both read the file from memory.
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        connection = duckdb.connect()
        threads = connection.execute("SELECT current_setting('threads')").fetchone()[0]
        sql = duckdb_sql(path)
        flow_sql = duckdb_flow_sql(path)
        # Alternate the two, so a busy moment on the machine hits both alike.
        times = {"funnel": [None, None], "flow": [None, None]}
        def keep(kind, which, elapsed):
            times[kind][which] = elapsed if times[kind][which] is None else min(times[kind][which], elapsed)
        for _ in range(args.runs):
            elapsed, output = best_of(1, lambda: subprocess.run(command, check=True, capture_output=True, text=True).stdout)
            keep("funnel", 0, elapsed)
            elapsed, row = best_of(1, lambda: connection.execute(sql).fetchone())
            keep("funnel", 1, elapsed)
            elapsed, flow_output = best_of(1, lambda: subprocess.run(flow_command, check=True, capture_output=True, text=True).stdout)
            keep("flow", 0, elapsed)
            elapsed, flow_row = best_of(1, lambda: run_flow_sql(connection, flow_sql))
            keep("flow", 1, elapsed)
        report = json.loads(output)
        waypoint_users = [step["users"] for step in report["steps"]]
        duckdb_users = list(row)
        print(f"Users per step  waypoint: {waypoint_users}")
        print(f"Users per step  DuckDB:   {duckdb_users}")
        if waypoint_users != duckdb_users:
            sys.exit("MISMATCH: waypoint and DuckDB disagree on users per step")
        waypoint_flow = flow_figures(json.loads(flow_output))
        if waypoint_flow != flow_row:
            print(json.dumps(waypoint_flow, sort_keys=True))
            print(json.dumps(flow_row, sort_keys=True))
            sys.exit("MISMATCH: waypoint and DuckDB disagree on the flow report")
        print(f"Flow report (both): started {flow_row['started']}, completed {flow_row['completed']}, "
              f"abandoned {flow_row['abandoned']}, {len(flow_row['steps'])} steps")
        print(f"DuckDB {duckdb.__version__} ({threads} threads); best of {args.runs}; waypoint: whole process; DuckDB: query only")
        for kind, label in (("funnel", "sequential funnel"), ("flow", "flow report")):
            mine, theirs = times[kind]
            print(f"{label:18} waypoint {mine:.3f} s   DuckDB {theirs:.3f} s   ratio DuckDB / waypoint {theirs / mine:.2f}x")
    finally:
        if args.keep:
            print(f"Kept {directory}")
        else:
            shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
