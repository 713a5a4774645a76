"""The `pnp` command's first step (its console script, and `python -m pnp`): the cycle collector held off while
the command's modules are imported (pnp/collector.py), then the command itself (pnp.cli.run)."""

from __future__ import annotations


def run() -> None:
    from pnp.collector import hold

    hold()
    from pnp.cli import run as command

    command()
