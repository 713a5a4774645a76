"""Positions: one game position per YAML file, read like a spec, scored by the game's referee, drawn as a diagram."""

from pnp.positions.read import Position, read_position

__all__ = ["Position", "read_position"]
