"""Specs: YAML files validated whole, up front, into frozen models and planned by their game."""

from pnp.spec.kit import Kit
from pnp.spec.problems import Problem, SpecError
from pnp.spec.read import read_kit, read_kits

__all__ = ["Kit", "Problem", "SpecError", "read_kit", "read_kits"]
