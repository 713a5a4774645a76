"""A Tabletop Simulator saved object: a kit's board and pieces as TTS objects, written as the JSON TTS loads from its
Saved Objects folder. Game-free: it takes images with their printed sizes and counts (`Thing`), knows no kit.

The format, from TTS's knowledge base, "Save File Format" (kb.tabletopsimulator.com/custom-content/save-file-format/;
Berserk-Games/Tabletop-Simulator-Knowledge-Base docs/custom-content/save-file-format.md, its SaveState, ObjectState,
CustomImageState and CustomTokenState classes): a file holds `ObjectStates`, each object a `Name` (the kind:
Custom_Board, Custom_Token, Bag, Infinite_Bag), a `Transform` (posX/Y/Z, rotX/Y/Z in degrees, scaleX/Y/Z), a
`GUID`, what the player sees (`Nickname`, `Description`), the toggles (`Locked`, `Grid`, `Snap`), its script
(`LuaScript`) and its images (`CustomImage`: `ImageURL`, `ImageSecondaryURL`, `WidthScale`, and for a token a
`CustomToken` block: `Thickness`, `MergeDistancePixels`, `Stackable`); a bag holds `ContainedObjects`, an infinite
bag the one object it hands out again and again. A saved object (rather than a whole game) leaves the save's own
fields empty, `ObjectStates` its only content (argonui/TTSModManager saved-object-feature.md lists them).
`ImageScalar` and `StandUp` are keys TTS writes too (public saves carry them), outside the knowledge base's list.

Sizes. A TTS unit is an inch: the line tool measures "in inches" (knowledge base, docs/game-tools/line-tool.md),
a custom token's or tile's thickness is "in in-game units (about an inch)" (custom-token.md, custom-tile.md), a
decal's Size "in inches" (save-file-format.md); so pnp writes every length as millimetres / 25.4. A Transform's
scale, though, is "not an absolute measurement, it is a multiple of the Object's default model size" (the API,
api.tabletopsimulator.com/object/#getscale; Berserk-Games/Tabletop-Simulator-API docs/object.md), and a custom
board's or token's default size follows its image's proportions (knowledge base, custom-board.md: "the
dimensions of the board will be based off the dimensions of the image") with no size TTS documents. So the
scale written is a starting estimate (TILE_UNITS: a custom object of scale 1 about that many units tall along
its image's height, a figure fitted by frankieliu/tts-tools docs/TTS_SCALING_SOLVED.md to one mod's Custom_Tile
boards, not TTS's word), and every object carries a few lines of Lua that make it exact with what the API does
document: once its image has loaded (`loading_custom`, read with `Wait.condition`), it reads its footprint in
in-game units (`getBoundsNormalized().size`, "the size of an object in in-game units") and scales itself
(`setScale`) to the printed width and depth.

The same things give the same bytes: GUIDs are made from the spec's name and the object's own (a hash, never a
random number); numbers are written with a fixed number of decimals.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

MM_PER_UNIT = 25.4        # a TTS unit is an inch (the module's words: the knowledge base's line tool, thickness)
TILE_UNITS = 1.318        # estimate: a custom board or token of scale 1 this tall, in units (see the module's words)
TOKEN_THICKNESS = 0.08    # units: about 2 mm, a card-stock stone or piece (CustomToken.Thickness, in units)
MERGE_PIXELS = 15.0       # how closely a token is cut to its image's transparency: the value public saves carry
BOARD_Y, PIECE_Y = 1.0, 2.0   # heights above the table's origin objects are placed at (the table top is about 1)
GAP_UNITS = 1.5           # between the board and the bags and markers around it
DECIMALS = 4
FACING = 180.0            # degrees about the vertical: an image reads upright to the player at the default seat
GUID_DIGITS = 6


@dataclass(frozen=True)
class Thing:
    """One image of the kit: its name (the image's file name without .png), what TTS makes of it, the printed size,
    the image's pixels, how many the kit has (None: as many as wanted, an infinite bag), the URL TTS loads it from,
    and what a player reads (its name on the table)."""

    name: str
    surface: bool                 # a board (or a sky) to play or draw on; else a token
    width_mm: float
    height_mm: float
    pixels: tuple[int, int]
    count: int | None
    url: str
    nickname: str


def scale(height_mm: float) -> float:
    """The Transform scale (x and z) that makes an object of scale 1 (TILE_UNITS tall) `height_mm` tall."""
    return height_mm / MM_PER_UNIT / TILE_UNITS


def units(mm: float) -> float:
    return mm / MM_PER_UNIT


def guid(*names: str) -> str:
    """Six hex digits made from the names: the same kit gives the same GUIDs, different objects different ones."""
    return hashlib.sha1("/".join(names).encode("utf-8")).hexdigest()[:GUID_DIGITS]


def _n(value: float) -> float:
    return round(value, DECIMALS) + 0.0   # + 0.0: never -0.0


def saved_object(kit_name: str, things: Sequence[Thing]) -> bytes:
    """The saved object's JSON: the boards in a row (the first at the centre), the bags and markers in a row in
    front of them, every object named in `kit_name`'s GUIDs."""
    objects = _placed(kit_name, things)
    save = {"SaveName": "", "Date": "", "VersionNumber": "", "GameMode": "", "GameType": "", "GameComplexity": "",
            "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "TabStates": {},
            "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "ObjectStates": objects}
    return (json.dumps(save, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def _placed(kit_name: str, things: Sequence[Thing]) -> list[dict[str, Any]]:
    """Every object with its place: surfaces side by side along x, the rest in a row along x in front (-z)."""
    surfaces = [t for t in things if t.surface]
    pieces = [t for t in things if not t.surface]
    found: list[dict[str, Any]] = []
    front = max((units(t.height_mm) for t in surfaces), default=0.0) / 2 + GAP_UNITS
    right: float | None = None   # the right edge of the last surface placed
    for thing in surfaces:
        width = units(thing.width_mm)
        centre = 0.0 if right is None else right + GAP_UNITS + width / 2
        found.append(_board(kit_name, thing, (centre, BOARD_Y, 0.0)))
        right = centre + width / 2
    x = -sum(units(t.width_mm) + GAP_UNITS for t in pieces) / 2
    for thing in pieces:
        width = units(thing.width_mm)
        found.append(_holder(kit_name, thing, (x + width / 2, PIECE_Y, -front - units(thing.height_mm) / 2)))
        x += width + GAP_UNITS
    return found


def _transform(at: tuple[float, float, float], size: float) -> dict[str, float]:
    return {"posX": _n(at[0]), "posY": _n(at[1]), "posZ": _n(at[2]), "rotX": 0.0, "rotY": FACING, "rotZ": 0.0,
            "scaleX": _n(size), "scaleY": 1.0, "scaleZ": _n(size)}


def _common(kit_name: str, thing: Thing, kind: str, at: tuple[float, float, float], key: str) -> dict[str, Any]:
    width, height = thing.pixels
    return {"GUID": guid(kit_name, key), "Name": kind, "Transform": _transform(at, scale(thing.height_mm)),
            "Nickname": thing.nickname,
            "Description": f"{thing.name}.png: {width} x {height} px, printed {thing.width_mm:.2f} x "
                           f"{thing.height_mm:.2f} mm",
            "GMNotes": "", "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0},
            "LuaScript": true_size_lua(thing.width_mm, thing.height_mm), "LuaScriptState": "", "XmlUI": ""}


def _image(thing: Thing) -> dict[str, Any]:
    return {"ImageURL": thing.url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0}


def _board(kit_name: str, thing: Thing, at: tuple[float, float, float]) -> dict[str, Any]:
    """A custom board, locked in place (a board's context menu unlocks it)."""
    return {**_common(kit_name, thing, "Custom_Board", at, thing.name), "Locked": True, "Grid": False,
            "Snap": False, "CustomImage": _image(thing)}


def _token(kit_name: str, thing: Thing, at: tuple[float, float, float], key: str) -> dict[str, Any]:
    """A custom token cut out of its image's transparency, as thick as card stock, stacking with its own kind."""
    image = {**_image(thing), "CustomToken": {"Thickness": TOKEN_THICKNESS, "MergeDistancePixels": MERGE_PIXELS,
                                              "StandUp": False, "Stackable": True}}
    return {**_common(kit_name, thing, "Custom_Token", at, key), "Locked": False, "Grid": False, "Snap": True,
            "CustomImage": image}


def _holder(kit_name: str, thing: Thing, at: tuple[float, float, float]) -> dict[str, Any]:
    """A thing the kit has one of (a goal marker) as a token on the table; pieces in a bag of exactly their count;
    stones (as many as wanted) in an infinite bag."""
    if thing.count == 1:
        return _token(kit_name, thing, at, thing.name)
    bag = "Infinite_Bag" if thing.count is None else "Bag"
    inside = [_token(kit_name, thing, (0.0, 0.0, 0.0), f"{thing.name}:{number}")
              for number in range(1 if thing.count is None else thing.count)]
    how_many = "as many as wanted" if thing.count is None else f"{thing.count}"
    return {"GUID": guid(kit_name, f"{thing.name}:bag"), "Name": bag, "Transform": _transform(at, 1.0),
            "Nickname": f"{thing.nickname} ({how_many})", "Description": f"{thing.nickname}, {how_many}",
            "GMNotes": "", "ColorDiffuse": {"r": 0.7, "g": 0.7, "b": 0.7}, "Locked": False, "Grid": False,
            "Snap": True, "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "ContainedObjects": inside}


TRUE_SIZE_LUA = """-- pnp: once its image has loaded, this object scales itself to its printed size ({width} x {depth} mm),
-- a TTS unit being an inch.
local TRUE = {{x = {x}, z = {z}}}
function onLoad()
  Wait.condition(fit, function() return not self.loading_custom end)
end
function fit()
  local size = self.getBoundsNormalized().size
  if size.x > 0 and size.z > 0 then
    local s = self.getScale()
    self.setScale({{s.x * TRUE.x / size.x, s.y, s.z * TRUE.z / size.z}})
  end
end
"""


def true_size_lua(width_mm: float, depth_mm: float) -> str:
    """The Lua an object carries to take its printed size on the table (see the module's words)."""
    return TRUE_SIZE_LUA.format(width=f"{width_mm:.1f}", depth=f"{depth_mm:.1f}", x=f"{_n(units(width_mm))}",
                                z=f"{_n(units(depth_mm))}")
