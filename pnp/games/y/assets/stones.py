"""Y's stones: Red's light and Blue's dark discs, one per cell of half the board and the spares, each as wide as
the smallest cell holds less the clearance (the layer draws and packs them: pnp/boards/cutouts.py)."""

from __future__ import annotations

from pnp.boards.cutouts import compose_stones

__all__ = ["compose_stones"]
