# SPDX-License-Identifier: GPL-3.0-or-later
"""Build an older revision of Brudno, to test the current tree against it.

Used by ``build-ref`` (command line) and by ``match.py --engine-ref REV``.
The revision is exported with ``git archive`` into a scratch directory (so
no worktree or other git state is left behind) and built with ``cargo build
--release``.  All reference builds share one cargo target directory, so the
dependencies are compiled only once, and the resulting binaries are cached
by commit id: asking for the same revision again costs nothing.

Cache location: ``$BRUDNO_REF_CACHE``, default ``~/.cache/brudno-ref``
(``bin/`` holds the binaries, ``target/`` cargo's build directory).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent


def cache_dir() -> Path:
    """Where reference builds are kept."""
    base = os.environ.get("BRUDNO_REF_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "brudno-ref")
    return Path(base)


def resolve(rev: str, repo: Path = REPO_ROOT) -> str:
    """Full commit id of a revision (branch, tag, HEAD~1, abbreviated id...)."""
    return subprocess.run(["git", "-C", str(repo), "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
                          check=True, capture_output=True, text=True).stdout.strip()


def build_ref(rev: str, repo: Path = REPO_ROOT, bin_name: str = "brudno", quiet: bool = False) -> Path:
    """Build revision ``rev`` (if not cached) and return the binary's path.

    Build output goes to stderr unless ``quiet``.  Raises
    subprocess.CalledProcessError when the revision is unknown or does not build.
    """
    sha = resolve(rev, repo)
    cache = cache_dir()
    out = cache / "bin" / f"{bin_name}-{sha[:12]}"
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    sink = subprocess.DEVNULL if quiet else sys.stderr
    with tempfile.TemporaryDirectory(prefix=f"brudno-{sha[:12]}-") as src:
        archive = subprocess.Popen(["git", "-C", str(repo), "archive", "--format=tar", sha],
                                   stdout=subprocess.PIPE)
        # -m: the files get the current time, not the commit's. All revisions share one target
        # directory and cargo's fingerprint of the package does not depend on its path, so sources
        # dated before the last build there would be taken as built: the binary of the revision
        # built before would be copied under this revision's name.
        subprocess.run(["tar", "-x", "-m", "-C", src], stdin=archive.stdout, check=True)
        archive.stdout.close()
        if archive.wait() != 0:
            raise subprocess.CalledProcessError(archive.returncode, "git archive")
        if not quiet:
            print(f"building {rev} ({sha[:12]}) in {src}", file=sys.stderr)
        env = dict(os.environ, CARGO_TARGET_DIR=str(cache / "target"))
        subprocess.run(["cargo", "build", "--release", "--bin", bin_name], cwd=src, env=env,
                       check=True, stdout=sink, stderr=sink)
        tmp = out.parent / (out.name + ".tmp")
        shutil.copy2(cache / "target" / "release" / bin_name, tmp)
        tmp.replace(out)
    return out
