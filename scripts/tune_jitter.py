#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""UCI pass-through that varies the node limit of each ``go nodes N`` by a random factor.

Usage: ``tune_jitter.py [--spread 0.25] ENGINE [ARGS...]``

Self-play at a fixed node count is deterministic, so the two games of an opening pair
(colours swapped, same engine on both sides) would be identical. Drawing each move's node
limit from ``N * [1 - spread, 1 + spread]`` makes every game different. Only the engine's
stdin is rewritten; its stdout goes straight to ours.
"""

import random
import subprocess
import sys


def main() -> int:
    args = sys.argv[1:]
    spread = 0.25
    if len(args) >= 2 and args[0] == "--spread":
        spread = float(args[1])
        args = args[2:]
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    engine = subprocess.Popen(args, stdin=subprocess.PIPE, text=True, bufsize=1)
    rng = random.Random()
    try:
        for line in sys.stdin:
            words = line.split()
            if words[:1] == ["go"] and "nodes" in words:
                i = words.index("nodes")
                if i + 1 < len(words) and words[i + 1].isdigit():
                    n = int(words[i + 1])
                    words[i + 1] = str(max(1, round(n * rng.uniform(1 - spread, 1 + spread))))
                    line = " ".join(words) + "\n"
            engine.stdin.write(line)
            engine.stdin.flush()
            if words[:1] == ["quit"]:
                break
    except (BrokenPipeError, KeyboardInterrupt):
        pass
    try:
        engine.stdin.close()
    except BrokenPipeError:
        pass
    return engine.wait()


if __name__ == "__main__":
    sys.exit(main())
