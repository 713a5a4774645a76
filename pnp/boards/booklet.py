"""The numbers every stone game's rule booklet and card share (Hex, Y): what the kit holds, from the spec.

A game's booklet.py adds its own board's numbers to these; the templates
(templates/rules/GAME.md, templates/cards/GAME.md) read them as variables.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, Protocol

from pnp.boards.blocks import StonesSpec
from pnp.boards.cutouts import stones_each


class StoneKitSpec(Protocol):
    """What these numbers read of a stone game's spec."""

    @property
    def outputs(self) -> Collection[str]: ...

    @property
    def stones(self) -> StonesSpec: ...


def stone_kit_numbers(spec: StoneKitSpec, title: str, cells: int) -> dict[str, Any]:
    """`title`; `cells` on the board; `stones` per player (half the cells, rounded up, and the spares), `spares`;
    `pad`: whether the kit prints the pencil pad."""
    return {"title": title, "cells": cells, "stones": stones_each(cells, spec.stones.spares),
            "spares": spec.stones.spares, "pad": "pad" in spec.outputs}
