#!/usr/bin/env python3
"""The public API of Waypoint, WaypointTesting and WaypointUI, kept honest (docs/PUBLIC-API.md).

Called by `.ci/api`, which builds the modules and extracts their symbol graphs first:

    api.py listing  <symbol-graph-dir> <module> <out.txt>     the normalized listing of a module
    api.py compare  <baseline.txt> <current.txt>              breaking changes and additions
    api.py surface  <root> <Waypoint.txt> <WaypointTesting.txt>  the inventory and DocC curation checks
    api.py ui-listing <root>                                  WaypointUI's public declarations (source scan)

A listing has one line per public declaration: kind, full path and declaration text, separated by
tabs, sorted. Python 3 standard library only.
"""
import json
import pathlib
import re
import sys

MODULES = ["Waypoint", "WaypointTesting"]
UI_MODULE = "WaypointUI"
JOBS = [
    "define or run a flow",
    "run walkthroughs",
    "load a remote document",
    "deliver events",
    "test one's own onboarding",
    "draw the overlay",
]

# ---------------------------------------------------------------------------------------------
# Listings from symbol graphs


def fragments_text(fragments):
    text = "".join(f["spelling"] for f in fragments)
    return re.sub(r"\s+", " ", text).strip()


IMPLICIT = {"Copyable", "Escapable", "SendableMetatype"}


def constraint_text(constraints):
    parts = []
    for c in constraints or []:
        if c["rhs"] in IMPLICIT:
            continue
        op = {"sameType": "==", "conformance": ":", "superclass": ":"}.get(c.get("kind"), c.get("kind"))
        parts.append(f"{c['lhs']} {op} {c['rhs']}")
    return " where " + ", ".join(parts) if parts else ""


def load_symbols(graph_dir, module):
    """The public symbols of `module`: (kind, path, declaration) and whether each is top-level."""
    graph_dir = pathlib.Path(graph_dir)
    files = [graph_dir / f"{module}.symbols.json"] + sorted(graph_dir.glob(f"{module}@*.symbols.json"))
    entries = []
    for path in files:
        if not path.exists():
            continue
        graph = json.loads(path.read_text())
        symbols = {s["identifier"]["precise"]: s for s in graph["symbols"]}
        conformances, requirements = {}, set()
        for rel in graph.get("relationships", []):
            if rel["kind"] == "conformsTo":
                name = rel.get("targetFallback") or rel["target"]
                if rel["target"] in symbols:
                    name = ".".join(symbols[rel["target"]]["pathComponents"])
                name = name.split(".")[-1]
                if name in IMPLICIT:
                    continue
                conformances.setdefault(rel["source"], []).append(name + constraint_text(rel.get("swiftConstraints")))
            elif rel["kind"] == "requirementOf":
                requirements.add(rel["source"])
        extended_module = None if "@" not in path.name else path.name.split("@")[1].split(".")[0]
        for usr, s in symbols.items():
            if s.get("accessLevel") not in ("public", "open") or "::SYNTHESIZED::" in usr:
                continue  # members every type gets from its protocols' extensions: its conformances are listed
            if s["kind"]["identifier"] == "swift.extension":
                continue
            kind = s["kind"]["identifier"].removeprefix("swift.")
            if usr in requirements:
                kind = "requirement." + kind
            parts = s["pathComponents"]
            if extended_module:
                parts = [extended_module] + parts
            full = ".".join([module] + parts) if not extended_module else ".".join(parts)
            decl = fragments_text(s.get("declarationFragments", []))
            extension = s.get("swiftExtension", {})
            if extension.get("constraints") and " where " not in decl:
                decl += constraint_text(extension["constraints"])
            if usr in conformances:
                decl += "; conforms to " + ", ".join(sorted(set(conformances[usr])))
            entries.append((kind, full, decl))
    return sorted(set(entries))


def write_listing(graph_dir, module, out):
    entries = load_symbols(graph_dir, module)
    header = (f"# The public API of {module}: kind, path, declaration (tab-separated), one line per declaration.\n"
              f"# Written by `.ci/api --record`; checked by `.ci/api`. See docs/PUBLIC-API.md.\n")
    pathlib.Path(out).write_text(header + "".join(f"{k}\t{p}\t{d}\n" for k, p, d in entries))


def read_listing(path):
    entries = []
    for line in pathlib.Path(path).read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        kind, full, decl = line.split("\t", 2)
        entries.append((kind, full, decl))
    return entries


# ---------------------------------------------------------------------------------------------
# Comparison

RECORD = "if intended, record a new baseline with `.ci/api --record` and say what apps must change in CHANGELOG.md"


def compare(baseline_path, current_path):
    """Prints every difference; returns (breaking, additions) counts."""
    before, now = read_listing(baseline_path), read_listing(current_path)
    old, new = {}, {}
    for kind, full, decl in before:
        old.setdefault(full, set()).add((kind, decl))
    for kind, full, decl in now:
        new.setdefault(full, set()).add((kind, decl))
    breaking, added = [], []
    for full in sorted(set(old) | set(new)):
        gone = sorted(old.get(full, set()) - new.get(full, set()))
        came = sorted(new.get(full, set()) - old.get(full, set()))
        if gone and came and len(gone) == len(came):
            for (_, a), (_, b) in zip(gone, came):
                breaking.append(f"breaking: `{full}` changed (before: `{a}`, now: `{b}`); {RECORD}.")
            continue
        for _, a in gone:
            breaking.append(f"breaking: `{full}` removed (before: `{a}`); {RECORD}.")
        for kind, b in came:
            if kind == "enum.case" and full.rsplit(".", 1)[0] in old:
                breaking.append(f"breaking: `{full}` is a new case of a public enum (`{b}`): apps' exhaustive "
                                f"switches stop compiling; {RECORD}.")
            elif kind.startswith("requirement.") and full.rsplit(".", 1)[0] in old:
                breaking.append(f"breaking: `{full}` is a new requirement of a public protocol (`{b}`): apps' "
                                f"conforming types stop compiling unless it has a default; {RECORD}.")
            elif full.rsplit(".", 1)[0] in old or full.rsplit(".", 1)[0] in new:
                added.append(f"added: `{full}` (`{b}`), a member of `{full.rsplit('.', 1)[0]}` — record the "
                             f"baseline with `.ci/api --record`.")
            else:
                added.append(f"added: `{full}` (`{b}`) — give it a line in API/inventory and a place under "
                             f"`## Topics` in its module's DocC catalog, and record the baseline with `.ci/api --record`.")
    for line in breaking + added:
        print(line)
    return len(breaking), len(added)


# ---------------------------------------------------------------------------------------------
# Top-level symbols, the inventory, DocC curation


def base_name(component):
    """`walkthroughOverlay(_:isCovered:)` → `walkthroughOverlay`; `|>(_:_:)` → `|>`."""
    return component.split("(", 1)[0] if not component.startswith("(") else component


def top_level(entries, module):
    """Top-level names: a module's own types, protocols, free functions, globals and typealiases by
    name; members of extensions of other modules' types as `Type.member`."""
    names = set()
    for kind, full, _ in entries:
        parts = full.split(".")
        if parts[0] == module:
            names.add(base_name(parts[1]))
        else:
            names.add(".".join(parts[1:-1]) + "." + base_name(parts[-1]))
    return names


def strip_code(source):
    """Swift source with comments and string literals blanked (newlines kept)."""
    out, i, n = [], 0, len(source)
    depth = 0
    while i < n:
        if source.startswith("//", i):
            j = source.find("\n", i)
            j = n if j < 0 else j
            i = j
        elif source.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if source.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif source.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append("\n" * source.count("\n", i, j))
            i = j
        elif source.startswith('"""', i):
            j = source.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append('""' + "\n" * source.count("\n", i, j))
            i = j
        elif source[i] == '"':
            j = i + 1
            while j < n and source[j] not in '"\n':
                j += 2 if source[j] == "\\" else 1
            out.append('""')
            i = j + 1
        else:
            out.append(source[i])
            i += 1
    return "".join(out)


DECL = re.compile(r"\b(?:struct|class|enum|protocol|actor|typealias|func|var|let|init|subscript)\b")
NAMED = re.compile(r"\b(struct|class|enum|protocol|actor|typealias|func|var|let)\s+([A-Za-z_][A-Za-z0-9_]*|[^\sA-Za-z0-9_(<]+)")


def scan_ui(root):
    """WaypointUI's public declarations by a scan of its sources (it compiles only on Apple platforms):
    returns ({top-level name}, [declaration lines]). Top-level: a public declaration at file level,
    or directly inside an extension of a type WaypointUI does not declare (`Type.member`)."""
    sources = {path: strip_code(path.read_text()) for path in sorted((root / "Sources" / UI_MODULE).rglob("*.swift"))}
    own_types = {m.group(2) for code in sources.values() for m in NAMED.finditer(code)
                 if m.group(1) in ("struct", "class", "enum", "protocol", "actor", "typealias")}
    names, lines = set(), []
    for path, code in sources.items():
        scopes = []  # per open brace: ("extension", extended type) or ("other", None)
        pending = ("other", None)
        for number, line in enumerate(code.split("\n"), 1):
            stripped = line.strip()
            extension = re.match(r"(?:(?:public|package|internal|private|fileprivate)\s+)?extension\s+([A-Za-z_][\w.]*)", stripped)
            if extension and not scopes:
                extended = extension.group(1).removeprefix("Waypoint.")
                pending = ("extension", extended)
            if re.search(r"(^|\s)public\s", " " + stripped) and DECL.search(stripped):
                declaration = re.sub(r"\s*\{.*$", "", stripped)
                named = NAMED.search(stripped)
                name = named.group(2) if named else "init"
                if not scopes:
                    names.add(name)
                    lines.append(f"{path.relative_to(root)}:{number}: {declaration}")
                elif len(scopes) == 1 and scopes[0][0] == "extension" and scopes[0][1].split(".")[0] not in own_types:
                    names.add(f"{scopes[0][1]}.{name}")
                    lines.append(f"{path.relative_to(root)}:{number}: {declaration}")
            for ch in line:
                if ch == "{":
                    scopes.append(pending)
                    pending = ("other", None)
                elif ch == "}" and scopes:
                    scopes.pop()
    return names, lines


def read_inventory(root):
    """{(module, name): job} and problems with the file's lines."""
    entries, problems = {}, []
    module = None
    for number, line in enumerate((root / "API" / "inventory").read_text().splitlines(), 1):
        heading = re.match(r"^## (\w+)\s*$", line)
        if heading:
            module = heading.group(1)
            continue
        item = re.match(r"^- `([^`]+)` — ([^:]+?): ", line)
        if not item:
            if line.startswith("- "):
                problems.append(f"API/inventory:{number}: write a symbol's line as \"- `Name` — job: why an app needs it\"")
            continue
        name, job = item.group(1), item.group(2).strip()
        if module is None:
            problems.append(f"API/inventory:{number}: `{name}` is above every \"## Module\" heading; move it under its module's")
        elif job not in JOBS:
            problems.append(f"API/inventory:{number}: `{name}` has the job \"{job}\", which is none of: {' · '.join(JOBS)}")
        else:
            entries[(module, name)] = job
    return entries, problems


LINK = re.compile(r"``([^`]+)``")


def curated(docc):
    """{normalized link: file} of the ``Symbol`` links under a `## Topics` section of a catalog."""
    links = {}
    if not docc.exists():
        return links
    for path in sorted(docc.glob("*.md")):
        in_topics = False
        for line in path.read_text().splitlines():
            if line.startswith("## "):
                in_topics = line.strip() == "## Topics"
            elif in_topics:
                for link in LINK.findall(line):
                    links.setdefault(normalize_link(link), path)
    return links


def normalize_link(link):
    """``Waypoint/FlowNavigator`` → FlowNavigator; ``SwiftUI/View/walkthroughOverlay(_:)`` → View.walkthroughOverlay;
    ``|>(_:_:)-1abc`` → |>."""
    parts = link.split("/")
    parts = [re.sub(r"-[\w.]+$", "", p) if not p.startswith("-") else p for p in parts]
    parts = [base_name(p) for p in parts]
    if len(parts) > 1 and parts[0] in ("Waypoint", "WaypointTesting", "WaypointUI", "Swift", "SwiftUI", "Foundation",
                                       "CoreFoundation", "CoreGraphics", "UIKit", "_Concurrency"):
        parts = parts[1:]
    return ".".join(parts)


def surface(root, graph_listings):
    """Checks the inventory and DocC curation against the top-level symbols; returns the problem count."""
    root = pathlib.Path(root)
    symbols = {m: top_level(read_listing(graph_listings[m]), m) for m in MODULES}
    ui_names, _ = scan_ui(root)
    symbols[UI_MODULE] = ui_names
    inventory, problems = read_inventory(root)
    for module, names in symbols.items():
        for name in sorted(names):
            if (module, name) not in inventory:
                problems.append(f"inventory: `{name}` ({module}) is public and has no line in API/inventory; add "
                                f"\"- `{name}` — job: why an app needs it\" under \"## {module}\" (jobs: {' · '.join(JOBS)}), "
                                f"or make it `package` if no app needs it")
    for module, name in sorted(inventory):
        if module not in symbols:
            problems.append(f"inventory: \"## {module}\" is not one of {', '.join(symbols)}")
        elif name not in symbols[module]:
            problems.append(f"inventory: `{name}` is listed under \"## {module}\" in API/inventory but is not a public "
                            f"top-level symbol of {module} any more; remove its line")
    for module, names in symbols.items():
        docc = root / "Sources" / module / "Documentation.docc"
        links = curated(docc)
        landing = docc / f"{module}.md"
        for name in sorted(names):
            if name not in links:
                problems.append(f"docc: `{name}` ({module}) is in no `## Topics` section; add \"- ``{name.replace('.', '/')}``\" "
                                f"to a group under `## Topics` of {landing.relative_to(root)} or of the article it belongs to")
    for line in problems:
        print(line)
    counts = ", ".join(f"{m} {len(n)}" for m, n in symbols.items())
    print(f"{counts} top-level public symbols; {len(inventory)} inventory lines; {len(problems)} problems")
    return len(problems)


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    if argv[1] == "listing":
        write_listing(argv[2], argv[3], argv[4])
        return 0
    if argv[1] == "compare":
        breaking, added = compare(argv[2], argv[3])
        return 1 if breaking or added else 0
    if argv[1] == "surface":
        listings = dict(zip(MODULES, argv[3:]))
        return 1 if surface(argv[2], listings) else 0
    if argv[1] == "ui-listing":
        for line in scan_ui(pathlib.Path(argv[2]))[1]:
            print(line)
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
