"""`make same-bytes REV=...`: build specs with an earlier commit and with the working tree, compare bytes.

A refactoring that claims to change no output proves it here: every shipped
config, plus the specs named on the command line (or a few built-in variants
that reach the corners the configs do not), is built twice, once with the
code of REV (checked out into a temporary worktree) and once with the code in
this tree, and every file must be byte-identical. Exit 0 when all match.
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


def build(code_root: Path, specs: list[Path], out: Path) -> None:
    """`pnp build` with the pnp package found first under `code_root`."""
    env = {**os.environ, "PYTHONPATH": str(code_root), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-m", "pnp", "build", *map(str, specs), "--out", str(out)],
                          env=env, cwd=code_root, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"pnp build with the code in {code_root} failed:\n{done.stderr}")


def known_games(code_root: Path) -> set[str]:
    """The games the code under `code_root` registers: a spec for a newer game has nothing to compare with."""
    env = {**os.environ, "PYTHONPATH": str(code_root), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-c", "from pnp.registry import names; print(*names())"],
                          env=env, cwd=code_root, capture_output=True, text=True, check=True)
    return set(done.stdout.split())


def game_of(spec: Path) -> str:
    import yaml

    return str(yaml.safe_load(spec.read_text(encoding="utf-8")).get("game"))


def differences(a: Path, b: Path) -> list[str]:
    """Files missing on one side or differing in bytes, as relative paths."""
    names_a = {p.relative_to(a) for p in a.rglob("*") if p.is_file()}
    names_b = {p.relative_to(b) for p in b.rglob("*") if p.is_file()}
    found = [f"only in {'before' if n in names_a else 'after'}: {n}" for n in sorted(names_a ^ names_b)]
    found += [f"differs: {n}" for n in sorted(names_a & names_b) if not filecmp.cmp(a / n, b / n, shallow=False)]
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev", help="the commit to compare against, e.g. HEAD~3")
    parser.add_argument("specs", nargs="*", type=Path, help="extra specs (default: built-in variants)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        specs = sorted((ROOT / "configs").glob("*.yaml")) + [p.resolve() for p in args.specs]
        if not args.specs:
            for name, body in VARIANTS.items():
                (work / f"{name}.yaml").write_text(f"game: asterisk\nname: {name}\n{body}", encoding="utf-8")
                specs.append(work / f"{name}.yaml")
        subprocess.run(["git", "worktree", "add", "--detach", "-q", str(work / "before"), args.rev], cwd=ROOT, check=True)
        try:
            games = known_games(work / "before")
            specs = [spec for spec in specs if game_of(spec) in games]
            build(work / "before", specs, work / "out-before")
            build(ROOT, specs, work / "out-after")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(work / "before")], cwd=ROOT, check=True)
        found = differences(work / "out-before", work / "out-after")
        count = sum(1 for p in (work / "out-after").rglob("*") if p.is_file())
    for line in found:
        print(line)
    print(f"{count} files from {len(specs)} specs: {'all byte-identical' if not found else f'{len(found)} differ'} (against {args.rev})")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
