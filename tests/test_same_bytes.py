"""`make same-bytes` (scripts/same_bytes.py) decides before it builds: a REV the clone lacks skips with a line, a
REV that is no commit is exit 2, and an `Outputs-Changed:` trailer lets differences through only for committed work.
Nothing is built here (`.ci/run` runs the real comparison against HEAD~1)."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

SCRIPT = ROOT / "scripts" / "same_bytes.py"
GIT_USER = ("-c", "user.name=pnp tests", "-c", "user.email=tests@pnp.invalid")
needs_git = pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(),
                               reason="needs git and a git checkout of pnp")


def git(folder: Path, *args: str) -> str:
    return subprocess.run(["git", *GIT_USER, *args], cwd=folder, check=True, capture_output=True, text=True).stdout


def run_script(folder: Path, rev: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(folder / "scripts" / "same_bytes.py"), rev], cwd=folder,
                          capture_output=True, text=True, timeout=60)


@pytest.fixture
def script(tmp_path: Path, monkeypatch):
    """The script as a module whose git runs in a small repository of two commits under tmp_path."""
    spec = importlib.util.spec_from_file_location("same_bytes_under_test", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    for n in (1, 2):
        (repo / "file.txt").write_text(f"{n}\n")
        git(repo, "add", "file.txt")
        git(repo, "commit", "-q", "-m", f"commit {n}")
    monkeypatch.setattr(module, "ROOT", repo)
    return module, repo


@needs_git
def test_a_shallow_clone_skips_with_a_line_and_passes(tmp_path: Path):
    clone = tmp_path / "shallow"
    git(tmp_path, "clone", "-q", "--depth", "1", ROOT.as_uri(), str(clone))
    shutil.copy(SCRIPT, clone / "scripts" / "same_bytes.py")   # the script as it is in this tree
    done = run_script(clone, "HEAD~1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("same-bytes SKIPPED, nothing compared: this clone is shallow and does not hold HEAD~1")


@needs_git
def test_a_rev_that_names_no_commit_is_exit_2():
    done = run_script(ROOT, "no-such-commit-anywhere")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "same-bytes: 'no-such-commit-anywhere' is not a commit of this repository\n"


@needs_git
def test_a_trailer_lets_differences_through_and_is_printed(script, capsys):
    module, repo = script
    assert module.verdict("HEAD~1", ["differs: a/board.svg"]) == 1
    assert "commit with a trailer line `Outputs-Changed: <why>`" in capsys.readouterr().out
    git(repo, "commit", "-q", "--amend", "-m", "Bands darker\n\nOutputs-Changed: the side bands are darker")
    assert module.reasons("HEAD~1") == ["the side bands are darker"]
    assert module.verdict("HEAD~1", ["differs: a/board.svg"]) == 0
    assert capsys.readouterr().out == "outputs changed on purpose (Outputs-Changed: the side bands are darker)\n"
    assert module.verdict("HEAD~1", []) == 0


@needs_git
def test_a_trailer_does_not_speak_for_uncommitted_changes(script, capsys):
    module, repo = script
    git(repo, "commit", "-q", "--amend", "-m", "Bands darker\n\nOutputs-Changed: the side bands are darker")
    (repo / "file.txt").write_text("edited since\n")
    assert module.verdict("HEAD~1", ["differs: a/board.svg"]) == 1
    assert "this tree has uncommitted changes" in capsys.readouterr().out
    assert module.verdict("HEAD", ["differs: a/board.svg"]) == 1, "no commit after HEAD carries a reason"
