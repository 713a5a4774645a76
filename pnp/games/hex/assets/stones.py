"""Stone sheets: round stones for Red and Blue, sized to the board's cells, packed for quick cutting.

Drawn as for every game played with red and blue stones, by pnp/boards/cutouts.py.
"""

from __future__ import annotations

from pnp.boards.cutouts import compose_stones

__all__ = ["compose_stones"]
