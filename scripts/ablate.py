#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Builds the evaluation's ablation engines: each family of weight groups set to zero in
``src/eval/params.rs`` (no refit), for README's "What each group is worth" table.

    python3 scripts/ablate.py --out /tmp/ablate            # every family of FAMILIES
    python3 scripts/ablate.py --out /tmp/ablate --only danger,complexity

Each family's build is ``OUT/brudno-FAMILY`` (and the unchanged build ``OUT/brudno-full``), made
from a copy of this checkout's sources, so the checkout is never edited. The matches are then
``scripts/match.py`` between ``brudno-full`` and each build (the README gives the command).

Standard library only.
"""

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Family name -> the params.rs group names (their `// Name` comment lines) zeroed together.
FAMILIES = {
    "passers": ["Passed pawn", "Passed pawn free", "Passed own king distance", "Passed enemy king distance",
                "Passed pawn protected"],
    "passer-safety": ["Passed pawn can advance", "Passed pawn safe path", "Passed pawn rook behind",
                      "Passed pawn outside square", "Candidate passer"],
    "structure": ["Isolated pawn", "Doubled pawn", "Backward pawn", "Supported pawn", "Phalanx pawn"],
    "mobility": ["Knight mobility", "Bishop mobility", "Rook mobility", "Queen mobility"],
    "outposts": ["Outpost"],
    "rook-files": ["Rook open file", "Rook semi-open file"],
    "bishop-pair": ["Bishop pair"],
    "threats": ["Threat by pawn", "Threat by minor", "Threat by rook", "Hanging piece"],
    "threats-new": ["Threat on weak pawn", "Threat by pawn push", "Queen attacked by lesser",
                    "Overloaded defender"],
    "king-danger-table": ["King danger"],
    "safe-checks": ["Safe checks"],
    "shelter": ["Pawn shield", "King open file", "King semi-open file", "Pawn storm"],
    "danger": ["Danger attackers", "Danger zone attacks", "Danger weak squares", "Danger safe checks",
               "Danger no enemy queen", "Danger shelter", "Danger storm", "Danger constant"],
    "complexity": ["Complexity"],
    "shelter-tables": ["King shelter table", "King storm table"],
    "king-defenders-distance": ["King defenders", "King pawn-file distance"],
    "minor-placement": ["Minor behind pawn", "Bishop rammed pawns", "Bishop long diagonal"],
}

TUPLE = re.compile(r"\(\s*-?\d+,\s*-?\d+\)")


def zeroed(params: str, groups) -> str:
    """`params` (the text of params.rs) with every weight of the named groups set to (0, 0)."""
    out, current, seen = [], None, set()
    for line in params.splitlines(keepends=True):
        m = re.match(r"\s*// (.+?)\s*$", line)
        if m and "(" not in line:
            current = m.group(1)
            seen.add(current)
        elif current in groups and line.lstrip().startswith("("):
            line = TUPLE.sub("(0, 0)", line)
        elif line.startswith("];"):
            current = None
        out.append(line)
    missing = set(groups) - seen
    if missing:
        raise SystemExit(f"groups not in params.rs: {sorted(missing)}")
    return "".join(out)


def build(src: Path, target: Path, out: Path) -> None:
    subprocess.run(["cargo", "build", "--release", "--quiet", "--target-dir", str(target)], cwd=src, check=True)
    shutil.copy(target / "release" / "brudno", out)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", required=True, type=Path, help="directory for the builds")
    p.add_argument("--only", help="comma-separated family names (default: all)")
    args = p.parse_args()
    names = args.only.split(",") if args.only else list(FAMILIES)
    for n in names:
        if n not in FAMILIES:
            raise SystemExit(f"unknown family {n!r}; known: {', '.join(FAMILIES)}")
    args.out.mkdir(parents=True, exist_ok=True)
    src = args.out / "src-copy"
    if src.exists():
        shutil.rmtree(src)
    src.mkdir()
    for item in ["Cargo.toml", "Cargo.lock", "build.rs", "src", "benches", "book", ".cargo"]:
        path = ROOT / item
        if path.is_dir():
            shutil.copytree(path, src / item)
        elif path.exists():
            shutil.copy(path, src / item)
    params_path = src / "src" / "eval" / "params.rs"
    original = params_path.read_text()
    target = args.out / "target"
    build(src, target, args.out / "brudno-full")
    print("built brudno-full", flush=True)
    for n in names:
        params_path.write_text(zeroed(original, FAMILIES[n]))
        build(src, target, args.out / f"brudno-{n}")
        print(f"built brudno-{n}", flush=True)
    params_path.write_text(original)
    return 0


if __name__ == "__main__":
    sys.exit(main())
