"""`pnp watch`: what a spec's inputs are, a round of rebuilding on its own, and the command in a process of its
own: a save rebuilt with the bytes `pnp build` writes, a bad save said with its file and line while the last good
files stay, Ctrl-C and SIGTERM ending it cleanly."""

from __future__ import annotations

import os
import shutil
import signal
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from conftest import run_pnp, run_pnp_process, write_spec
from test_text import font_with_extra_glyph
from watching import ARMED, Watching, contents, identities, save, wait_for

from pnp.watch.inputs import spec_inputs
from pnp.watch.session import Refused, Session

BOARD = "game: asterisk\nname: watched\nboard: {{side: {side}}}\noutputs: [board]\nformats: [svg, pdf]\n"


# --- inputs --------------------------------------------------------------------------------------------------------

def test_a_specs_inputs_are_itself_and_the_files_it_names(tmp_path: Path):
    (tmp_path / "games").mkdir()
    write_spec(tmp_path / "games", "pnp-game: 1\nname: mine\nrules: my-rules.md\ncard: cards/my-card.md\n", "mine.yaml")
    spec = write_spec(tmp_path, "game: games/mine.yaml\nname: k\nstyle: {font: ../fonts/Face.ttf}\n")
    assert spec_inputs(spec) == (spec, tmp_path.parent / "fonts" / "Face.ttf", tmp_path / "games" / "mine.yaml",
                                 tmp_path / "games" / "my-rules.md", tmp_path / "games" / "cards" / "my-card.md")


@pytest.mark.parametrize("text", ["game: asterisk\nname: [unclosed\n", "- a list\n", "", "game: gone.yaml\nname: k\n"])
def test_a_spec_that_cannot_be_read_still_has_its_inputs(tmp_path: Path, text: str):
    """A broken spec is watched for the save that mends it; a definition not there yet is watched for its making."""
    spec = write_spec(tmp_path, text)
    assert spec_inputs(spec) == ((spec, tmp_path / "gone.yaml") if "gone" in text else (spec,))


def test_inputs_are_absolute_and_keep_the_name_a_link_gives(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    real = write_spec(tmp_path, BOARD.format(side=8), "real.yaml")
    (tmp_path / "link.yaml").symlink_to(real)
    monkeypatch.chdir(tmp_path)
    assert spec_inputs(Path("link.yaml")) == (tmp_path / "link.yaml",)


# --- a round on its own ----------------------------------------------------------------------------------------------

class Fake:
    """A session's reading and building, recorded: a spec whose text holds `bad` is refused, `font` names a font."""

    def __init__(self) -> None:
        self.built: list[str] = []
        self.said: list[tuple[str, bool]] = []
        self.forgot = 0

    def prepare(self, spec: Path):
        text = spec.read_text()
        if "bad" in text:
            raise Refused(f"{spec}:1: bad")
        name = text.split("name: ")[1].split()[0]
        return SimpleNamespace(spec=SimpleNamespace(name=name)), [f"{spec}: warning: noted"]

    def build(self, kit, worker, first: bool) -> None:
        self.built.append(kit.spec.name)

    def session(self, specs: list[Path]) -> Session:
        return Session(specs, self.prepare, self.build, lambda text, always: self.said.append((text, always)),
                       self.forget)

    def forget(self) -> None:
        self.forgot += 1


def test_a_round_rebuilds_only_the_specs_a_save_touches(tmp_path: Path):
    font = tmp_path / "face.ttf"
    one = write_spec(tmp_path, "name: one\nstyle: {font: face.ttf}\n", "one.yaml")
    two = write_spec(tmp_path, "name: two\n", "two.yaml")
    fake = Fake()
    session = fake.session([one, two])
    first = session.start()
    assert (first.built, first.errors, fake.built) == (("one", "two"), (), ["one", "two"])
    assert (f"{one}: warning: noted", True) in fake.said, "warnings are said even under -q"
    assert session.run([tmp_path / "other.yaml"]) is None and fake.built == ["one", "two"]
    assert session.run([two]).built == ("two",) and fake.forgot == 0, "a spec is read afresh anyway"
    assert session.run([font]).built == ("one",) and fake.forgot == 1, "a font saved: what was read of it goes"
    assert session.run([font, two]).built == ("one", "two"), "in the order the specs were given"
    assert session.watched() == (one, font, two)


@pytest.fixture
def two(tmp_path: Path) -> tuple[Path, Path, Fake, Session]:
    """Specs one and two, their session after its first round."""
    one = write_spec(tmp_path, "name: one\n", "one.yaml")
    two = write_spec(tmp_path, "name: two\n", "two.yaml")
    fake = Fake()
    session = fake.session([one, two])
    session.start()
    return one, two, fake, session


def test_a_refused_spec_keeps_its_error_until_a_save_mends_it(two):
    one, two, fake, session = two
    one.write_text("name: one\nbad\n")
    done = session.run([one])
    assert (done.built, done.errors) == ((), (f"{one}:1: bad",))
    assert (f"{one}:1: bad", True) in fake.said
    assert any("not rebuilt" in text and always for text, always in fake.said)
    assert [kit.spec.name for kit in session.good()] == ["one", "two"], "the last good build still stands"
    assert session.run([two]).errors == (f"{one}:1: bad",), "an error stands until its spec is mended"
    one.write_text("name: one\n")
    assert (session.run([one]).errors, session.rounds) == ((), 4)


def test_two_specs_watched_together_never_share_a_folder(two):
    one, two, fake, session = two
    two.write_text("name: one\n")
    assert session.run([two]).errors == (f"{two}: name: 'one' is also the name of {one}; each spec needs its own",)
    assert fake.built == ["one", "two"]


def test_what_changed_unseen_is_told_by_the_files_stat(tmp_path: Path):
    """While a watcher is set up again, a save makes no event it sees: the file's stat shows it."""
    one = write_spec(tmp_path, "name: one\n", "one.yaml")
    session = Fake().session([one])
    session.start()
    assert session.changed_unseen() == []
    save(one, "name: one\ntitle: x\n")
    assert session.changed_unseen() == [one]


def test_a_signal_during_a_commit_waits_for_its_end_even_with_other_threads():
    """pnp watch has other threads (its file watcher, the preview's server), to which the kernel hands a signal the
    main thread holds; the swap's commit still finishes before the signal acts, and the handler is put back."""
    from pnp.writers.swap import held_signals

    class Arrived(Exception):
        pass

    def handler(signum, frame):
        raise Arrived(signum)

    before = signal.signal(signal.SIGTERM, handler)
    parked = threading.Event()
    threading.Thread(target=parked.wait, daemon=True).start()
    steps = []
    try:
        with pytest.raises(Arrived):
            with held_signals():
                os.kill(os.getpid(), signal.SIGTERM)
                time.sleep(0.05)   # the handler would have run by now
                steps.append("committed")
        assert signal.getsignal(signal.SIGTERM) is handler
    finally:
        parked.set()
        signal.signal(signal.SIGTERM, before)
    assert steps == ["committed"]


# --- the command, in a process ----------------------------------------------------------------------------------------

@pytest.fixture
def watched(tmp_path: Path):
    """A board-only spec watched into OUT; the Watching, once its first build is in and its watcher set up."""
    spec = write_spec(tmp_path, BOARD.format(side=8), "watched.yaml")
    watching = Watching(tmp_path, "watch", spec.name, "--out", "out")
    try:
        watching.said(ARMED)
        yield spec, watching
    finally:
        watching.close()


def built_alone(tmp_path: Path, spec: Path, process: bool = False) -> dict[str, bytes]:
    """The files `pnp build` writes for the spec as it is now (`process`: in a process of its own, where this one
    may have registered a font of the same name, which reportlab keeps for good)."""
    out = tmp_path / "by-build"
    shutil.rmtree(out, ignore_errors=True)
    done = (run_pnp_process if process else run_pnp)("build", str(spec), "--out", str(out))
    assert done.returncode == 0, done.stderr
    return contents(out / "watched")


def test_a_saved_spec_is_rebuilt_with_the_bytes_pnp_build_writes_and_ctrl_c_ends_it(tmp_path: Path, watched):
    spec, watching = watched
    folder = tmp_path / "out" / "watched"
    assert contents(folder) == built_alone(tmp_path, spec), "the first build"
    before = identities(folder)
    save(spec, BOARD.format(side=11))
    said = watching.said("files in out/watched")
    assert "pnp watch: saved: watched.yaml" in said
    assert identities(folder) != before
    assert contents(folder) == built_alone(tmp_path, spec), "a rebuild in the warm process"
    assert 'data-cell="k11"' in (folder / "board.svg").read_text(), "the side-11 board"
    for title in range(10):   # a burst of saves: gathered into a round or two, the last one built
        save(spec, BOARD.format(side=11) + f"title: Burst {title}\n")
    wait_for(lambda: "Burst 9" in (folder / "board.svg").read_text(), "the last save's board", watching)
    time.sleep(0.5)
    assert watching.stderr.count("pnp watch: saved:") <= 1 + 2, "the burst not gathered (one round here)"
    assert contents(folder) == built_alone(tmp_path, spec)
    assert watching.stop(signal.SIGINT) == 0
    assert watching.stderr.endswith("pnp watch: stopped\n") and "Traceback" not in watching.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["watched"], "no stage folder or journal left"


def test_a_bad_save_says_where_and_leaves_the_files_then_a_good_one_rebuilds(tmp_path: Path, watched):
    spec, watching = watched
    folder = tmp_path / "out" / "watched"
    good = contents(folder), identities(folder)
    save(spec, BOARD.format(side=10))
    said = watching.said("not rebuilt")
    assert "watched.yaml:3: board.side: 10 gives 55 cells" in said, said
    assert (contents(folder), identities(folder)) == good, "the last good files stay, untouched"
    save(spec, BOARD.format(side=8).replace("outputs", "title: Mended\noutputs"))
    watching.said("files in out/watched")
    assert "Mended" in (folder / "board.svg").read_text()
    assert contents(folder) == built_alone(tmp_path, spec)
    assert watching.stop(signal.SIGTERM) == 0, "SIGTERM ends it as Ctrl-C does"
    assert "Traceback" not in watching.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["watched"]


def test_a_saved_font_rebuilds_the_spec_that_names_it(tmp_path: Path):
    """The font is read afresh (the warm process keeps nothing of it): the bytes `pnp build` writes with the new one."""
    font = font_with_extra_glyph(tmp_path)   # tmp_path/fonts/pnp-test.ttf: a glyph only it draws, in the title
    spec = write_spec(tmp_path, BOARD.format(side=8) + 'title: "Kit \\uF500"\nstyle: {font: fonts/pnp-test.ttf}\n',
                      "watched.yaml")
    watching = Watching(tmp_path, "watch", spec.name, "--out", "out")
    try:
        watching.said(ARMED)
        first = contents(tmp_path / "out" / "watched")
        assert b"'PnpTest Sns'" in first["board.svg"]
        # A new version of the face: its family renamed, its PostScript name (PnpTestSns, reportlab's key) kept.
        data = font.read_bytes()
        for codec in ("latin-1", "utf-16-be"):
            data = data.replace("PnpTest Sns".encode(codec), "PnpTest Snz".encode(codec))
        (font.parent / ".part").write_bytes(data)
        os.replace(font.parent / ".part", font)
        assert "saved: fonts/pnp-test.ttf" in watching.said("files in out/watched")
        again = contents(tmp_path / "out" / "watched")
        assert b"'PnpTest Snz'" in again["board.svg"] and again == built_alone(tmp_path, spec, process=True)
        assert watching.stop() == 0
    finally:
        watching.close()


def test_a_spec_that_is_no_file_is_refused_at_once(tmp_path: Path):
    done = run_pnp("watch", str(tmp_path / "missing.yaml"), "--out", str(tmp_path / "out"))
    assert done.returncode == 2 and "missing.yaml" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "out").exists()


def test_a_spec_broken_from_the_start_is_watched_until_mended(tmp_path: Path):
    spec = write_spec(tmp_path, "game: asterisk\nname: watched\nboard: {side: 7}\n", "watched.yaml")
    watching = Watching(tmp_path, "watch", spec.name, "--out", "out", "-f", "svg")
    try:
        assert "watched.yaml:3: board.side" in watching.said(ARMED)
        assert not (tmp_path / "out" / "watched").exists()
        save(spec, BOARD.format(side=8))
        watching.said("1 file in out/watched")
        assert sorted(p.name for p in (tmp_path / "out" / "watched").iterdir()) == ["board.svg"], "--format svg"
        assert watching.stop() == 0
    finally:
        watching.close()


def test_a_saved_game_definition_rebuilds_the_spec_that_names_it(tmp_path: Path):
    """A designer's definition is an input of the spec naming it, and is read afresh on a save (the warm process
    keeps no definition it read): the new title on the board, and the bytes `pnp build` writes."""
    from test_stones_own_game import DEFINITION

    definition = tmp_path / "mine.yaml"
    definition.write_text(DEFINITION, encoding="utf-8")
    spec = write_spec(tmp_path, "game: ./mine.yaml\nname: watched\noutputs: [board]\nboard: {side: 5}\n", "watched.yaml")
    watching = Watching(tmp_path, "watch", spec.name, "--out", "out")
    try:
        watching.said(ARMED)
        folder = tmp_path / "out" / "watched"
        assert "Three Corners" in (folder / "board.svg").read_text()
        save(definition, DEFINITION.replace("title: Three Corners", "title: Four Corners"))
        assert "saved: mine.yaml" in watching.said("files in out/watched")
        assert "Four Corners" in (folder / "board.svg").read_text()
        assert contents(folder) == built_alone(tmp_path, spec)
        assert watching.stop() == 0
    finally:
        watching.close()
