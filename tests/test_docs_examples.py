"""Every example in docs/ does what the page says: a page is run as a reader would follow it.

Each page runs in an empty folder of its own, its fenced blocks in order (the conventions are in
docs/contributing/index.md, "Writing the docs"):

- a block with `title="FILE"` is a file the reader saves: it is written into the folder there;
- every ```yaml block is read as what it is (a spec, a position or record, a game definition) and must pass;
- every line of a ```sh block runs: `pnp ...` through the real CLI in this process, `cd`, `mkdir` and `python`
  as a shell would; a comment `# exit N` expects that exit status (otherwise 0), and every file the comment names
  (`# writes output/hex/kit.pdf`) must then exist and be what its extension says; install and contributor
  commands (`pip`, `pipx`, `make`, `git`) are checked, not run, and so are the commands that run until stopped
  (`pnp watch`, `pnp preview --watch`): their arguments are parsed as pnp parses them;
- a ```text or ```json block right after a ```sh block is its output: each line of the text is in what the
  commands printed ("..." or "…" stand for text left out); the JSON is what the last command printed;
- a ```console block holds both: each `$ ` line runs as a line of a ```sh block would, and the lines under it,
  up to the next `$ `, are its output, compared as a ```text block's are.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml
from conftest import ROOT, run_pnp
from examples_shown import until_stopped

DOCS = ROOT / "docs"
FENCE = re.compile(r"^(?P<fence>`{3,})(?P<info>[^\n`]*)\n(?P<body>.*?)^(?P=fence)[ \t]*$", re.S | re.M)
TITLE = re.compile(r'title="([^"]+)"')
SHELL = {"sh", "bash", "shell", "console"}
CHECKED_NOT_RUN = {"pip", "pipx", "make", "git", "python3 -m pip", "python -m pip", "python -m build", "cd ..",
                   "chromium", "xdg-open", "open", "sudo"}
ELIDED = ("...", "…")
RUN_TIME = re.compile(r"\(\d+(?:\.\d+)? s\)")   # a build's time on its line: differs from run to run
KNOWN_FILES = re.compile(r"[\w./*-]+\.(?:pdf|svg|png|gif|yaml|json|txt|dxf|md|py)\b|[\w.-]+(?:/[\w.-]+)*/(?=[\s:,;)]|$)")


@dataclass(frozen=True)
class Block:
    language: str
    title: str | None
    body: str
    line: int          # where it starts in its page
    after_shell: bool  # directly after a shell block (only blank lines between): its output


def blocks(text: str) -> list[Block]:
    found, previous_end, previous_shell = [], -1, False
    for match in FENCE.finditer(text):
        info = match["info"].strip()
        language = info.split()[0] if info else ""
        between = text[previous_end:match.start()] if previous_end >= 0 else "x"
        found.append(Block(language, (TITLE.search(info) or [None, None])[1], match["body"],
                           text.count("\n", 0, match.start()) + 1, previous_shell and not between.strip()))
        previous_end, previous_shell = match.end(), language in SHELL
    return found


def doc_pages() -> list[Path]:
    return sorted(DOCS.rglob("*.md"))


def page_id(path: Path) -> str:
    return str(path.relative_to(DOCS))


# --- YAML: specs, positions and records, game definitions ----------------------------------------------------------

def documents(body: str) -> list[str]:
    return [doc for doc in re.split(r"^---[ \t]*$", body, flags=re.M) if doc.strip()]


def check_yaml(text: str, folder: Path, where: str) -> None:
    """One YAML document as pnp reads it: a game definition, a spec (it has a `name`), or a position."""
    from pnp.definitions.read import read_definition
    from pnp.positions import read_position
    from pnp.spec import SpecError, read_kits

    data = yaml.safe_load(text)
    assert isinstance(data, dict), f"{where}: a YAML example is a mapping of keys"
    path = folder / ".example.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        if "pnp-game" in data:
            read_definition(path)
            same_as_shipped(data, where)
        elif "name" in data:
            read_kits([path])
        else:
            assert "game" in data, f"{where}: a YAML example names its game (or is a game definition)"
            read_position(path)
    except SpecError as exc:
        pytest.fail(f"{where}: this example is refused: " + "; ".join(map(str, exc.problems)))
    finally:
        path.unlink()


def same_as_shipped(data: dict, where: str) -> None:
    """A definition shown under a shipped game's name is that game's file, key for key."""
    from pnp.definitions.shipped import games_folder, shipped_names

    if data.get("name") in shipped_names():
        shipped = yaml.safe_load((games_folder() / f"{data['name']}.yaml").read_text(encoding="utf-8"))
        assert data == shipped, f"{where}: this is not the {data['name']} definition pnp ships; copy it again"


# --- shell lines ---------------------------------------------------------------------------------------------------

def split_comment(line: str) -> tuple[str, str]:
    """The command and its trailing `# comment` (a # outside quotes, after a space)."""
    quote = None
    for index, char in enumerate(line):
        if char in "'\"" and quote in (None, char):
            quote = None if quote else char
        elif char == "#" and quote is None and (index == 0 or line[index - 1].isspace()):
            return line[:index].strip(), line[index + 1:].strip()
    return line.strip(), ""


def shell_lines(body: str) -> list[str]:
    """The lines of a shell block, continuations joined, `$ ` prompts taken off."""
    joined = re.sub(r"\\\n\s*", " ", body)
    return [line.removeprefix("$ ") for line in joined.splitlines() if line.strip()]


def console_runs(body: str) -> list[tuple[str, str]]:
    """A ```console block's commands (its `$ ` lines) and the output shown under each."""
    runs: list[tuple[str, list[str]]] = []
    for line in body.splitlines():
        if line.startswith("$ "):
            runs.append((line[2:], []))
        elif runs:
            runs[-1][1].append(line)
    return [(command, "\n".join(output)) for command, output in runs]


@dataclass
class Session:
    """A reader's shell in the page's folder: where they are, and what the last block printed."""

    root: Path
    cwd: Path
    printed: str = ""
    last_stdout: str = ""
    # How `pnp ARGS` and `python ARGS` run: pnp in this process, python as this one; tests/test_packaging.py
    # gives an installed wheel's, run as processes in a user's environment.
    run_pnp: Callable[..., subprocess.CompletedProcess[str]] = run_pnp
    python_command: list[str] = field(default_factory=lambda: [sys.executable])
    env: dict[str, str] | None = None

    def run(self, line: str, where: str) -> None:
        command, comment = split_comment(line)
        if not command:
            return
        words = shlex.split(command)
        if any(command == name or command.startswith(name + " ") for name in CHECKED_NOT_RUN):
            check_not_run(words, where)
            return
        if words[0] == "cd":
            self.cwd = (self.cwd / words[1]).resolve()
            assert self.cwd.is_dir() and self.root in (self.cwd, *self.cwd.parents), f"{where}: cd {words[1]}"
        elif words[:2] == ["mkdir", "-p"] or words[0] == "mkdir":
            for name in words[1:]:
                if name != "-p":
                    (self.cwd / name).mkdir(parents=True, exist_ok=True)
        elif words[0] == "pnp" and until_stopped(words):
            check_arguments(words, where)
        elif words[0] == "pnp":
            self.pnp(words[1:], comment, where)
        elif words[0] in ("python", "python3"):
            self.python(words[1:], comment, where)
        else:
            pytest.fail(f"{where}: `{command}`: the docs' tests run pnp, cd, mkdir and python; show other commands "
                        "as text, or teach tests/test_docs_examples.py")
        for path in named_files(comment, self.cwd):
            assert path.exists(), f"{where}: `{command}` says it writes {path.relative_to(self.root)}; it is not there"
            check_file(path, where)

    def pnp(self, args: list[str], comment: str, where: str) -> None:
        target = None
        if ">" in args:
            args, target = args[:args.index(">")], args[args.index(">") + 1]
        args = [expand for arg in args for expand in self.glob(arg)]
        result = self.run_pnp(*args, cwd=self.cwd)
        expected = int(m[1]) if (m := re.search(r"\bexit (\d)\b", comment)) else 0
        assert "Traceback" not in result.stderr, f"{where}: pnp {' '.join(args)}:\n{result.stderr}"
        assert result.returncode == expected, (
            f"{where}: pnp {' '.join(args)} exited {result.returncode}, the page says {expected}:\n{result.stderr}")
        if target:
            (self.cwd / target).write_text(result.stdout, encoding="utf-8")
        self.printed += result.stdout + result.stderr
        self.last_stdout = result.stdout

    def python(self, args: list[str], comment: str, where: str) -> None:
        done = subprocess.run([*self.python_command, *args], cwd=self.cwd, env=self.env, capture_output=True,
                              text=True, timeout=120)
        expected = int(m[1]) if (m := re.search(r"\bexit (\d)\b", comment)) else 0
        assert done.returncode == expected, f"{where}: python {' '.join(args)}:\n{done.stderr}"
        self.printed += done.stdout + done.stderr
        self.last_stdout = done.stdout

    def glob(self, arg: str) -> list[str]:
        if "*" not in arg:
            return [arg]
        found = sorted(str(p.relative_to(self.cwd)) for p in self.cwd.glob(arg))
        assert found, f"{arg} matches no file"
        return found


def check_not_run(words: list[str], where: str) -> None:
    """A command the tests do not run, checked against what it names: make targets, pnp's extras."""
    if words[0] == "make":
        makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
        for target in (w for w in words[1:] if "=" not in w and not w.startswith("-")):
            assert re.search(rf"^{re.escape(target)}:", makefile, re.M), f"{where}: make {target}: no such target"
    if words[0] in ("pip", "pipx") and "install" in words:
        named = [w for w in words if "pnp" in w]
        assert named, f"{where}: an install line names pnp's wheel or sdist"
        for word in named:
            assert re.fullmatch(r"(dist/)?pnp_kits-[\w.*]+(-py3-none-any\.whl|\.tar\.gz)|'?\.\[\w+\]'?", word), (
                f"{where}: {word} is not pnp's wheel (pnp_kits-VERSION-py3-none-any.whl) or sdist")


def check_arguments(words: list[str], where: str) -> None:
    """The command's arguments parsed as pnp parses them (options it takes, values it accepts), nothing run."""
    from typer.main import get_command

    from pnp.cli import app

    command = get_command(app).commands[words[1]]  # type: ignore[attr-defined]
    try:
        command.make_context(" ".join(words[:2]), words[2:])
    except Exception as exc:  # noqa: BLE001 - click's usage errors (typer keeps its own copy of click)
        pytest.fail(f"{where}: `{' '.join(words)}`: {getattr(exc, 'format_message', exc.__str__)()}")


def named_files(comment: str, cwd: Path) -> list[Path]:
    """Files and folders a command's comment says it writes: a path from where the command ran, or one beside
    the path named before it (`writes output/hex/board.pdf stones.pdf`, `... split/board.png split/stone-red.png`)."""
    found: list[Path] = []
    for token in (token.rstrip(":") for token in KNOWN_FILES.findall(comment) if "*" not in token):
        beside = [folder / token for folder in (found[-1], *found[-1].parents)   # in a folder named, or beside a file
                  if cwd in (folder, *folder.parents)] if found else []
        found.append(next((path for path in (cwd / token, *beside) if path.exists()), cwd / token))
    return found


def check_file(path: Path, where: str) -> None:
    """A file is what its name says: a PDF, an SVG, a PNG, ..., not empty."""
    if path.is_dir():
        assert any(path.iterdir()), f"{where}: {path.name}/ is empty"
        return
    data = path.read_bytes()
    assert data, f"{where}: {path.name} is empty"
    heads = {".pdf": b"%PDF-", ".png": b"\x89PNG", ".gif": b"GIF8", ".svg": b"<?xml"}
    if path.suffix in heads:
        assert data.startswith(heads[path.suffix]), f"{where}: {path.name} is not a {path.suffix[1:]} file"
    if path.suffix == ".json":
        json.loads(data)
    if path.suffix == ".yaml":
        yaml.safe_load(data)


# --- outputs -------------------------------------------------------------------------------------------------------

def check_output(block: Block, session: Session, where: str) -> None:
    if block.language == "json":
        assert json.loads(block.body) == json.loads(session.last_stdout), f"{where}: the JSON shown is not pnp's"
        return
    printed = normalised(session.printed)
    for line in block.body.splitlines():
        for part in re.split("|".join(map(re.escape, ELIDED)), line):   # what is left out of a line: any text
            shown = normalised(part)
            assert shown in printed, f"{where}: the output shown has {line.strip()!r}; pnp printed:\n{session.printed}"


def normalised(text: str) -> str:
    return " ".join(RUN_TIME.sub("(N s)", text).split())


# --- the tests -----------------------------------------------------------------------------------------------------

def test_the_docs_have_pages_and_examples():
    shells = [b for page in doc_pages() for b in blocks(page.read_text(encoding="utf-8")) if b.language in SHELL]
    assert len(doc_pages()) > 30 and len(shells) > 20


def in_process_pages() -> list[Path]:
    """Every page but the tutorials: tests/test_packaging.py follows each tutorial (with `follow` below) from the
    installed wheel, as its reader would, and following it here too only repeated that work."""
    return [page for page in doc_pages() if page.parent.name != "tutorials" or page.name == "index.md"]


@pytest.mark.parametrize("page", in_process_pages(), ids=page_id)
def test_every_example_on_the_page_works(page: Path, tmp_path: Path):
    """The page's files written, its YAML read, its commands run and their outputs compared, in page order."""
    follow(page, Session(tmp_path, tmp_path))


def follow(page: Path, session: Session) -> None:
    """A page followed as a reader would, in the session's folder (see the module's docstring)."""
    for block in blocks(page.read_text(encoding="utf-8")):
        where = f"docs/{page_id(page)}:{block.line}"
        if block.title:
            path = session.cwd / block.title
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(block.body, encoding="utf-8")
        if block.language == "yaml":
            for document in documents(block.body):
                check_yaml(document, session.cwd, where)
        elif block.language == "console":
            for command, output in console_runs(block.body):
                session.printed = ""
                session.run(command, where)
                check_output(Block("text", None, output, block.line, True), session, where)
        elif block.language in SHELL:
            session.printed = ""
            for line in shell_lines(block.body):
                session.run(line, where)
        elif block.after_shell and not block.title and block.language in ("text", "json"):
            check_output(block, session, where)
        elif block.language == "json" and not block.title:
            json.loads(block.body)


def test_shell_blocks_mark_outputs_apart():
    """A shell block holds commands only: what pnp prints goes in a ```text block after it (a line of output in a
    shell block would be run as a command)."""
    for page in doc_pages():
        for block in blocks(page.read_text(encoding="utf-8")):
            if block.language in SHELL - {"console"}:   # a console block's output is the lines without `$ `
                for line in shell_lines(block.body):
                    command = split_comment(line)[0]
                    assert not command or re.match(r"[a-z]", command), (
                        f"docs/{page_id(page)}:{block.line}: {line!r} looks like output; put it in a ```text block")
