"""Checks of command-line options beyond their type: numbers given as options are finite (click's float ranges
let `nan` through, and `pnp diagram --width-mm nan` drew an SVG `nanmm` wide)."""

from __future__ import annotations

import math

import typer


def finite(param: typer.CallbackParam, value: float | None) -> float | None:
    """An option callback: nan and inf are refused (exit 2), naming the option's range where it has one."""
    if value is None or math.isfinite(value):
        return value
    low, high = getattr(param.type, "min", None), getattr(param.type, "max", None)
    bounds = f"; give one from {low:g} to {high:g}" if low is not None and high is not None else ""
    raise typer.BadParameter(f"{value} is not a finite number{bounds}")
