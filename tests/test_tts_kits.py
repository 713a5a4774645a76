"""`formats: [tts]`: every game's kit as a Tabletop Simulator saved object in OUT/NAME/tts/, checked as TTS would read
it: the JSON parses and holds only the fields TTS's save format has (its knowledge base's SaveState, ObjectState,
CustomImageState and CustomTokenState, and a saved object's empty outer fields); every image it names is there, as
many pixels as its description claims at its printed size; a board's scale and its Lua give its printed millimetres,
the Lua using only what TTS's API documents; every thing the kit splits is on the table with its count; GUIDs are six
hex digits, one per object, the same on every build; the same spec gives the same bytes, and with print.tts_url the
same bytes whatever the output folder."""

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


# TTS's save format (kb.tabletopsimulator.com/custom-content/save-file-format/, the serialized classes): the keys each
# part may have. A saved object's outer fields are the save's own, left empty (argonui/TTSModManager
# saved-object-feature.md). ImageScalar and StandUp are written by TTS's own saves though the page does not list them.
SAVED_OBJECT = {"SaveName", "Date", "VersionNumber", "GameMode", "GameType", "GameComplexity", "Tags", "Gravity",
                "PlayArea", "Table", "Sky", "Note", "TabStates", "LuaScript", "LuaScriptState", "XmlUI", "ObjectStates"}
OBJECT_STATE = {"Name", "Transform", "Nickname", "Description", "GMNotes", "ColorDiffuse", "Locked", "Grid", "Snap",
                "Autoraise", "Sticky", "Tooltip", "GridProjection", "HideWhenFaceDown", "Hands", "CustomImage",
                "XmlUI", "LuaScript", "LuaScriptState", "ContainedObjects", "GUID"}
TRANSFORM = {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"}
CUSTOM_IMAGE = {"ImageURL", "ImageSecondaryURL", "WidthScale", "ImageScalar", "CustomToken"}
CUSTOM_TOKEN = {"Thickness", "MergeDistancePixels", "Stackable", "StandUp"}
KINDS = {"Custom_Board", "Custom_Token", "Bag", "Infinite_Bag"}
# What the Lua may call: TTS's API (api.tabletopsimulator.com: Object's loading_custom, getBoundsNormalized,
# getScale, setScale; Wait.condition; the onLoad event).
LUA_CALLS = {"self.loading_custom", "self.getBoundsNormalized", "self.getScale", "self.setScale", "Wait.condition"}
WEB = "https://example.org/kits/t/"


def build(tmp_path: Path, game: str, out: str = "out", more: str = "") -> tuple[Path, dict]:
    spec = write_spec(tmp_path, f"game: {game}\nname: t\nformats: [tts]\n{more}", f"{game}.yaml")
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


def test_the_json_holds_only_what_ttss_save_format_has(kit):
    game, folder, save = kit
    assert set(save) == SAVED_OBJECT and save["SaveName"] == save["GameMode"] == "" and save["ObjectStates"]
    for one in objects(save):
        assert set(one) <= OBJECT_STATE and one["Name"] in KINDS, set(one) - OBJECT_STATE
        assert set(one["Transform"]) == TRANSFORM and all(isinstance(v, float) for v in one["Transform"].values())
        if one["Name"] in ("Bag", "Infinite_Bag"):
            assert one["ContainedObjects"] and "CustomImage" not in one
            assert one["Name"] == "Bag" or len(one["ContainedObjects"]) == 1   # an infinite bag: the one it copies
            continue
        image = one["CustomImage"]
        assert set(image) <= CUSTOM_IMAGE and image["ImageURL"]
        assert ("CustomToken" in image) == (one["Name"] == "Custom_Token")
        if "CustomToken" in image:
            assert set(image["CustomToken"]) == CUSTOM_TOKEN and 0 < image["CustomToken"]["Thickness"] < 0.5
        calls = set(re.findall(r"\b(?:self|Wait)\.\w+", one["LuaScript"]))
        assert calls == LUA_CALLS and "function onLoad()" in one["LuaScript"], calls


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


def test_without_a_web_folder_only_the_image_urls_follow_the_output_folder(tmp_path: Path):
    game = registry.names()[0]
    first, _ = build(tmp_path, game, "one")
    second, _ = build(tmp_path, game, "two")
    one, two = ((folder / "t.json").read_text(encoding="utf-8") for folder in (first, second))
    assert one != two
    assert one.replace((tmp_path / "one").resolve().as_uri(), "OUT") == two.replace((tmp_path / "two").resolve().as_uri(),
                                                                                    "OUT")


def test_with_print_tts_url_the_images_are_named_in_the_web_folder_and_the_bytes_follow_no_folder(tmp_path: Path):
    game = registry.names()[0]
    more = f"print: {{tts_url: '{WEB}'}}\n"
    first, save = build(tmp_path, game, "one", more)
    second, _ = build(tmp_path, game, "two", more)
    assert (first / "t.json").read_bytes() == (second / "t.json").read_bytes()
    urls = [o["CustomImage"]["ImageURL"] for o in objects(save) if "CustomImage" in o]
    assert urls and all(url.startswith(WEB) for url in urls)
    assert {url.removeprefix(WEB) for url in urls} == {p.name for p in (first / "images").iterdir()}


@pytest.mark.parametrize("url, words", [
    ("https://example.org/kit", "ending in '/'"),
    ("ftp://example.org/kit/", "http or https"),
    ("https://example.org/?kit=1/", "no ?query"),
    ("https://example.org/my kit/", "' ', which a web address writes %-encoded"),
    ("https://example.org/" + "k" * 600 + "/", "at most 500 characters"),
])
def test_a_tts_url_that_is_no_web_folder_is_exit_2_at_its_line_and_nothing_is_written(url: str, words: str,
                                                                                       tmp_path: Path):
    spec = write_spec(tmp_path, f"game: hex\nname: t\nformats: [tts]\nprint:\n  tts_url: '{url}'\n")
    done = run_pnp("build", str(spec), "-o", str(tmp_path / "out"))
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert done.stderr.startswith(f"{spec}:5: print.tts_url: ") and words in done.stderr, done.stderr
    assert not (tmp_path / "out").exists()
