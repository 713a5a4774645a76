"""A kit: a spec that passed every check, with its game and its plan (read.py makes one; builds and booklets use it)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp import registry
from pnp.spec.base import SpecBase


@dataclass(frozen=True)
class Kit:
    """A spec that passed every check, with its game and its plan: all a build needs."""

    path: Path
    spec: SpecBase
    game: registry.Game
    plan: registry.Plan
    read_notes: tuple[tuple[str, str], ...] = ()   # what reading the file left: text a YAML comment took (comments.py)

    @property
    def notes(self) -> tuple[tuple[str, str], ...]:
        """The (field, warning) pairs its reading and planning left, which the CLI prints."""
        return self.read_notes + self.plan.notes
