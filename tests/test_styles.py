"""Styles declared once: each game's spec keys are made from its style dataclass, unknown keys are refused, and a
colour set in a spec is the colour drawn."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from pydantic import ValidationError

from conftest import SVG_NS, parse_svg, run_pnp, write_spec

from pnp import registry
from pnp.games.stones.spec import RenamedStyleSpec
from pnp.spec.base import BaseStyleSpec
from pnp.style import BaseStyle, resolve_style, settable, setting


@pytest.mark.parametrize("name", registry.names())
def test_each_games_style_keys_are_its_style_dataclasss(name: str) -> None:
    game = registry.game(name)
    spec = game.spec.model_validate({"game": name, "name": "x"})
    style_spec = type(spec.style)
    made = settable(type(game.make_plan(spec).style))
    assert all(f.default is None for f in style_spec.model_fields.values())   # unset: the game's own colour
    if not issubclass(style_spec, RenamedStyleSpec):
        assert list(style_spec.model_fields) == list(made)
        assert {key: f.description for key, f in style_spec.model_fields.items()} == made
        return
    # a game written as data offers the style's keys its board draws, in the style's order, each under the name
    # its definition gives it (`look.style_keys`), described in its players' words
    spec_name = {key: style_spec.renamed.get(key, key) for key in made}
    offered = [key for key in made if spec_name[key] in style_spec.model_fields]
    assert [spec_name[key] for key in offered] == list(style_spec.model_fields)
    assert len(offered) >= 4 and all(style_spec.model_fields[spec_name[key]].description for key in offered)


def test_a_new_colour_is_one_line() -> None:
    @dataclass(frozen=True)
    class Glowing(BaseStyle):
        glow: str = setting("#abcdef", "Things that glow.")

    class GlowingSpec(BaseStyleSpec, style=Glowing):
        """A made-up game's colours."""

    assert list(GlowingSpec.model_fields)[-1] == "glow"
    assert GlowingSpec.model_fields["glow"].description == "Things that glow."
    assert resolve_style(Glowing, GlowingSpec(glow="#000000").model_dump()).glow == "#000000"
    assert resolve_style(Glowing, GlowingSpec().model_dump()).glow == "#abcdef"
    with pytest.raises(ValidationError):
        GlowingSpec(glow="bright")


def test_resolving_a_key_the_style_lacks_is_an_error_never_dropped() -> None:
    with pytest.raises(ValueError, match="'sparkle'"):
        resolve_style(BaseStyle, {"ink": "#000000", "sparkle": "#ffffff"})
    with pytest.raises(ValueError, match="'grid_width'"):   # a field, but not one a spec sets
        resolve_style(BaseStyle, {"grid_width": 1.0})
    assert resolve_style(BaseStyle, {"ink": "#000000", "grid": None}, ink="saver", bleed=1.5) == \
        BaseStyle(ink="#000000", saver=True, bleed=1.5)


@pytest.mark.parametrize("game,key", [("asterisk", "sparkle"), ("starstar", "left"), ("starry-night", "red"),
                                      ("starstar", "grid_width"), ("asterisk", "saver")])
def test_an_unknown_style_key_is_exit_2_naming_it(tmp_path: Path, game: str, key: str) -> None:
    spec = write_spec(tmp_path, f"game: {game}\nname: x\nstyle:\n  ink: '#000000'\n  {key}: '#123456'\n")
    done = run_pnp("build", str(spec), "--out", str(tmp_path / "out"))
    assert done.returncode == 2
    assert f"spec.yaml:5: style.{key}: unknown key '{key}'" in done.stderr
    assert not (tmp_path / "out").exists()


def colours(svg: Path) -> set[str]:
    """Every fill and stroke colour the file draws with."""
    return {e.get(paint) for e in parse_svg(svg).iter() for paint in ("fill", "stroke") if e.get(paint)}


@pytest.mark.parametrize("game,outputs,key,asset", [
    ("starstar", "[stones]", "red", "stones.svg"),
    ("starstar", "[board]", "bridge", "board.svg"),
    ("asterisk", "[board]", "left", "board.svg"),
    ("asterisk", "[pieces]", "dark_piece", "pieces.svg"),
])
def test_a_colour_set_in_a_spec_is_the_colour_drawn(tmp_path: Path, game: str, outputs: str, key: str,
                                                     asset: str) -> None:
    body = f"game: {game}\nname: x\noutputs: {outputs}\nformats: [svg]\nstyle: {{{key}: '#123456'}}\n"
    spec = write_spec(tmp_path, body)
    done = run_pnp("build", str(spec), "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    assert "#123456" in colours(tmp_path / "out" / "x" / asset)


def test_the_default_colour_is_drawn_when_none_is_set(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, "game: starstar\nname: x\noutputs: [stones]\nformats: [svg]\n")
    assert run_pnp("build", str(spec), "--out", str(tmp_path / "out")).returncode == 0
    stones = parse_svg(tmp_path / "out" / "x" / "stones.svg")
    red = [g for g in stones.iter(f"{SVG_NS}g") if g.get("data-piece") == "stone-red"]
    assert red and {c.get("fill") for g in red for c in g.iter(f"{SVG_NS}circle")} == {"#f4a093"}
