"""`make same-bytes REV=...`: build specs with an earlier commit and with the working tree, compare bytes.

A refactoring that claims to change no output proves it here: every shipped
config, plus the specs named on the command line (or a few built-in variants
that reach the corners the configs do not), is built twice, once with the
code of REV (checked out into a temporary worktree) and once with the code in
this tree, and every file must be byte-identical. Exit 0 when all match.

A config REV does not have (a new game's, say) has no earlier bytes: it is
skipped with a line saying so, as is a spec of a game REV does not know.
A commit that changes outputs on purpose says why in a trailer of its message,
`Outputs-Changed: <why>`: the differences are still listed, and pass, each
reason printed, when a commit after REV up to HEAD carries one and the working
tree holds no uncommitted change (a trailer speaks for its commit, not for
edits made since). Where REV is not in this clone (a shallow clone has no
HEAD~1) the check is skipped with a line saying so; a REV that names no
commit at all is exit 2.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TRAILER = "Outputs-Changed"
NO_REV = 2   # exit status: REV names no commit

# Corners the shipped configs leave alone: letter and custom paper, seeds, spares,
# explicit sizes, style overrides, no coordinates, a tiny sheet, a large side.
VARIANTS = {
    "v-seed": "paper: letter\ntitle: Seeded solitaire — ü\nsolitaire: {seed: 7}\npieces: {spares: 2, clearance_mm: 1}\n",
    "v-custom": ("paper: {width_mm: 150, height_mm: 200}\nboard: {side: 8, coordinates: false}\nmarkers: {size_mm: 40}\n"
                 "style: {left: '#112233', dark_piece: '#000000', fill_mark: '#eeeeee'}\n"),
    "v-big": ("paper: a3\nboard: {side: 12, cell_mm: 14}\nmarkers: {size_mm: 120}\nsolitaire: {seed: 1}\n"
              "pieces: {size_mm: 30, counts: {dark-circle-empty: 20}, allow_mismatch: true}\n"),
    "v-a6": "paper: {width_mm: 105, height_mm: 148}\noutputs: [board, pieces, markers]\nmarkers: {size_mm: 30}\n",
    "v-24": "paper: tabloid\nboard: {side: 24}\nsolitaire: {seed: 99}\n",
}


class NotACommit(Exception):
    """REV names no commit in a clone that holds its whole history: a mistyped REV, not a shallow clone."""


def git(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)


def missing_rev(rev: str) -> str | None:
    """Why REV cannot be compared against, or None when it can: not a git checkout, or a shallow clone without it."""
    if git("rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}").returncode == 0:
        return None
    shallow = git("rev-parse", "--is-shallow-repository")
    if shallow.returncode:
        return f"{ROOT} is not a git checkout, so it has no {rev}"
    if shallow.stdout.strip() == "true":
        return f"this clone is shallow and does not hold {rev} (`git fetch --deepen=1` fetches the commit before HEAD)"
    raise NotACommit(rev)


def reasons(rev: str) -> list[str]:
    """The `Outputs-Changed:` trailers of the commits after REV up to HEAD, oldest first."""
    log = git("log", "--reverse", f"--format=%(trailers:key={TRAILER},valueonly)", f"{rev}..HEAD")
    return [line.strip() for line in log.stdout.splitlines() if line.strip()]


def uncommitted() -> bool:
    """Whether the working tree differs from HEAD (tracked changes, or files git neither tracks nor ignores)."""
    return bool(git("status", "--porcelain").stdout.strip())


def build(code_root: Path, specs: list[Path], out: Path) -> None:
    """`pnp build` with the pnp package found first under `code_root`."""
    env = {**os.environ, "PYTHONPATH": str(code_root), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-m", "pnp", "build", *map(str, specs), "--out", str(out)],
                          env=env, cwd=code_root, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"pnp build with the code in {code_root} failed:\n{done.stderr}")


def known_to(code_root: Path, specs: list[Path]) -> tuple[list[Path], list[Path]]:
    """The specs whose game the code in `code_root` knows, and the rest (a new game has no earlier bytes)."""
    env = {**os.environ, "PYTHONPATH": str(code_root), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-m", "pnp", "validate", *map(str, specs)],
                          env=env, cwd=code_root, capture_output=True, text=True)
    unknown = {line.split(":")[0] for line in done.stderr.splitlines() if ": game: unknown game " in line}
    return [s for s in specs if str(s) not in unknown], [s for s in specs if str(s) in unknown]


def shipped(rev: str) -> list[Path]:
    """The shipped configs REV has too; a line for each one it lacks."""
    before = set(git("ls-tree", "--name-only", rev, "configs/").stdout.split())
    found = []
    for spec in sorted((ROOT / "configs").glob("*.yaml")):
        name = spec.relative_to(ROOT).as_posix()
        if name in before:
            found.append(spec)
        else:
            print(f"not compared ({name} is new since {rev}): {spec}")
    return found


def differences(a: Path, b: Path) -> list[str]:
    """Files missing on one side or differing in bytes, as relative paths."""
    names_a = {p.relative_to(a) for p in a.rglob("*") if p.is_file()}
    names_b = {p.relative_to(b) for p in b.rglob("*") if p.is_file()}
    found = [f"only in {'before' if n in names_a else 'after'}: {n}" for n in sorted(names_a ^ names_b)]
    found += [f"differs: {n}" for n in sorted(names_a & names_b) if not filecmp.cmp(a / n, b / n, shallow=False)]
    return found


def compare(rev: str, specs: list[Path], work: Path) -> tuple[list[str], int, int]:
    """Build `specs` with REV's code and with this tree's: (differences, files made, specs compared)."""
    subprocess.run(["git", "worktree", "add", "--detach", "-q", str(work / "before"), rev], cwd=ROOT, check=True)
    try:
        specs, new = known_to(work / "before", specs)
        for spec in new:
            print(f"not compared (its game is new since {rev}): {spec}")
        build(work / "before", specs, work / "out-before")
        build(ROOT, specs, work / "out-after")
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(work / "before")], cwd=ROOT, check=True)
    found = differences(work / "out-before", work / "out-after")
    return found, sum(1 for p in (work / "out-after").rglob("*") if p.is_file()), len(specs)


def verdict(rev: str, found: list[str]) -> int:
    """0 when nothing differs, or when the commits since REV say why outputs changed (and nothing uncommitted
    could have changed them too); 1 otherwise."""
    if not found:
        return 0
    why = reasons(rev)
    if why and not uncommitted():
        for reason in why:
            print(f"outputs changed on purpose ({TRAILER}: {reason})")
        return 0
    if why:
        print(f"the {TRAILER} trailers since {rev} speak for commits, and this tree has uncommitted changes")
    print(f"to change outputs on purpose, commit with a trailer line `{TRAILER}: <why>` in the message")
    return 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev", help="the commit to compare against, e.g. HEAD~3")
    parser.add_argument("specs", nargs="*", type=Path, help="extra specs (default: built-in variants)")
    args = parser.parse_args()
    try:
        skipped = missing_rev(args.rev)
    except NotACommit:
        print(f"same-bytes: {args.rev!r} is not a commit of this repository", file=sys.stderr)
        return NO_REV
    if skipped:
        print(f"same-bytes SKIPPED, nothing compared: {skipped}")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        specs = shipped(args.rev) + [p.resolve() for p in args.specs]
        if not args.specs:
            for name, body in VARIANTS.items():
                (work / f"{name}.yaml").write_text(f"game: asterisk\nname: {name}\n{body}", encoding="utf-8")
                specs.append(work / f"{name}.yaml")
        found, count, compared = compare(args.rev, specs, work)
    for line in found:
        print(line)
    print(f"{count} files from {compared} specs: {'all byte-identical' if not found else f'{len(found)} differ'} "
          f"(against {args.rev})")
    return verdict(args.rev, found)


if __name__ == "__main__":
    raise SystemExit(main())
