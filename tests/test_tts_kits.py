"""`formats: [tts]`: every game's kit as a Tabletop Simulator saved object in OUT/NAME/tts/, checked as TTS would read
it: the JSON parses; every image it names is there, as many pixels as its description claims at its printed size; a
board's scale and its Lua give its printed millimetres; every thing the kit splits is on the table with its count;
GUIDs are six hex digits, one per object, the same on every build; the same spec gives the same bytes."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image

from conftest import run_pnp, write_spec

from pnp import registry
from pnp.spec import read_kit
from pnp.tts import MOST_PIXELS, things_of
from pnp.writers.tts import MM_PER_UNIT, TILE_UNITS, scale

CLAIM = re.compile(r"(?P<name>[\w-]+)\.png: (?P<w>\d+) x (?P<h>\d+) px, printed (?P<wmm>[\d.]+) x (?P<hmm>[\d.]+) mm")
LUA_SIZE = re.compile(r"local TRUE = \{x = ([\d.]+), z = ([\d.]+)\}")


def build(tmp_path: Path, game: str, out: str = "out") -> tuple[Path, dict]:
    spec = write_spec(tmp_path, f"game: {game}\nname: t\nformats: [tts]\n", f"{game}.yaml")
    done = run_pnp("build", str(spec), "-o", str(tmp_path / out), "-q")
    assert done.returncode == 0, done.stderr
    folder = tmp_path / out / "t" / "tts"
    return folder, json.loads((folder / "t.json").read_text(encoding="utf-8"))


def objects(save: dict) -> list[dict]:
    """Every object of the save, those inside bags too."""
    found, todo = [], list(save["ObjectStates"])
    while todo:
        one = todo.pop()
        found.append(one)
        todo.extend(one.get("ContainedObjects", []))
    return found


@pytest.fixture(scope="module", params=list(registry.names()))
def kit(request, tmp_path_factory) -> tuple[str, Path, dict]:
    tmp_path = tmp_path_factory.mktemp(request.param)
    folder, save = build(tmp_path, request.param)
    return request.param, folder, save


def test_every_image_named_is_there_with_the_pixels_it_claims(kit):
    game, folder, save = kit
    imaged = [o for o in objects(save) if "CustomImage" in o]
    assert imaged
    for one in imaged:
        url = urlparse(one["CustomImage"]["ImageURL"])
        path = Path(unquote(url.path))
        assert url.scheme == "file" and path.parent == (folder / "images").resolve(), url
        claim = CLAIM.fullmatch(one["Description"])
        assert claim and claim["name"] == path.stem, one["Description"]
        with Image.open(path) as image:
            assert image.size == (int(claim["w"]), int(claim["h"])) and max(image.size) <= MOST_PIXELS
            dpi = image.info["dpi"][0]
        assert int(claim["w"]) == pytest.approx(float(claim["wmm"]) / 25.4 * dpi, abs=1.5)
        assert int(claim["h"]) == pytest.approx(float(claim["hmm"]) / 25.4 * dpi, abs=1.5)
    assert (folder / "t.png").is_file()   # the picture TTS's Saved Objects browser shows


def test_a_board_is_its_printed_size_on_the_table(kit):
    game, folder, save = kit
    boards = [o for o in save["ObjectStates"] if o["Name"] == "Custom_Board"]
    assert boards, "every kit puts a board (or a sky) on the table"
    for board in boards + [o for o in objects(save) if o["Name"] == "Custom_Token"]:
        claim = CLAIM.fullmatch(board["Description"])
        width_mm, height_mm = float(claim["wmm"]), float(claim["hmm"])
        transform = board["Transform"]
        assert transform["scaleX"] == transform["scaleZ"] == pytest.approx(scale(height_mm), abs=2e-4)
        aspect = int(claim["w"]) / int(claim["h"])
        assert TILE_UNITS * transform["scaleZ"] * MM_PER_UNIT == pytest.approx(height_mm, abs=0.1)
        assert TILE_UNITS * transform["scaleX"] * aspect * MM_PER_UNIT == pytest.approx(width_mm, abs=0.5)
        x, z = map(float, LUA_SIZE.search(board["LuaScript"]).groups())
        assert (x * MM_PER_UNIT, z * MM_PER_UNIT) == pytest.approx((width_mm, height_mm), abs=0.1)


def test_every_thing_the_kit_splits_is_on_the_table_with_its_count(kit, tmp_path: Path):
    game, folder, save = kit
    spec = write_spec(tmp_path, f"game: {game}\nname: t\nformats: [tts]\n")
    things = things_of(read_kit(spec))
    by_image = {}
    for one in save["ObjectStates"]:
        inside = one.get("ContainedObjects", [one])
        name = Path(urlparse(inside[0]["CustomImage"]["ImageURL"]).path).stem
        by_image[name] = (one["Name"], len(inside))
    assert set(by_image) == {thing.name for thing in things}
    for thing in things:
        kind, count = by_image[thing.name]
        if thing.surface:
            assert kind == "Custom_Board"
        elif thing.count is None:
            assert (kind, count) == ("Infinite_Bag", 1)
        elif thing.count == 1:
            assert kind == "Custom_Token"
        else:
            assert (kind, count) == ("Bag", thing.count)
    assert sorted(p.name for p in (folder / "images").iterdir()) == sorted(f"{t.name}.png" for t in things)


def test_guids_are_six_hex_digits_one_per_object(kit):
    game, folder, save = kit
    guids = [o["GUID"] for o in objects(save)]
    assert all(re.fullmatch(r"[0-9a-f]{6}", g) for g in guids) and len(guids) == len(set(guids))


def test_the_same_spec_gives_the_same_bytes_and_the_kit_changes_with_the_set(tmp_path: Path):
    game = registry.names()[0]
    first, _ = build(tmp_path, game)
    before = {p.relative_to(first): p.read_bytes() for p in sorted(first.rglob("*")) if p.is_file()}
    again, _ = build(tmp_path, game)
    assert {p.relative_to(again): p.read_bytes() for p in sorted(again.rglob("*")) if p.is_file()} == before
    leftovers = [p.name for p in (tmp_path / "out").iterdir() if p.name != "t"]
    assert leftovers == []   # the stage folder went with the swap


def test_tts_with_no_thing_to_put_on_the_table_is_a_warning_and_no_folder(tmp_path: Path):
    spec = write_spec(tmp_path, "game: hex\nname: t\noutputs: [pad]\nformats: [tts, pdf]\n")
    done = run_pnp("build", str(spec), "-o", str(tmp_path / "out"))
    assert done.returncode == 0 and "formats: warning: tts: none of the outputs" in done.stderr
    assert not (tmp_path / "out" / "t" / "tts").exists() and (tmp_path / "out" / "t" / "pad.pdf").is_file()


def test_tts_is_a_format_of_the_spec_and_of_the_command_line_but_not_of_a_diagram(tmp_path: Path):
    assert "tts" in run_pnp("build", "--help").stdout
    position = sorted((Path(__file__).parent.parent / "examples" / "positions").glob("*.yaml"))[0]
    done = run_pnp("diagram", str(position), "-f", "tts", "-o", str(tmp_path / "x.svg"))
    assert done.returncode == 2 and "tts" in done.stderr and not (tmp_path / "x.svg").exists()
