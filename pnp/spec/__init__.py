"""Specs: YAML files validated whole, up front, into frozen models."""

from pnp.spec.problems import Problem, SpecError
from pnp.spec.read import read_spec, read_specs

__all__ = ["Problem", "SpecError", "read_spec", "read_specs"]
