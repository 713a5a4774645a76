"""Pydantic's errors for any YAML model pnp reads (specs, positions) as Problems with lines and paths.

Apart from read.py, so that reading a position (which a booklet's diagrams do)
needs nothing of reading a spec (which checks the booklet).
"""

from __future__ import annotations

from typing import Any

from pnp.spec import yamlsafe
from pnp.spec.problems import Problem, path_text
from pnp.spec.yamltree import key_line, line_of


def validation_problems(file: str, loaded: yamlsafe.Loaded, model: type, errors: list[dict[str, Any]]) -> list[Problem]:
    """Pydantic's errors for any YAML model read by pnp (specs, positions) as Problems with lines and paths."""
    from pnp.spec.messages import KEY, message  # only a spec with errors needs the wording (and difflib)

    problems = []
    for error in errors:
        if _other_branch(error):
            continue
        loc = tuple(error["loc"])
        # A union (e.g. paper: name | mapping) reports one error per branch; name the field only.
        loc = tuple(p for p in loc if not (isinstance(p, str) and (p.startswith("literal[") or p in ("CustomPaper", "str"))))
        if error["type"] == "extra_forbidden" or loc[-1:] == (KEY,):
            loc = loc[:-1] if loc[-1] == KEY else loc
            line = key_line(loaded.node, loc)
        else:
            line = line_of(loaded.node, loc)
        problems.append(Problem(file, line, path_text(loc), message(error, model, loaded.line_text(line))))
    return sorted(_dedupe(problems), key=lambda p: p.line or 0)


def _other_branch(error: dict[str, Any]) -> bool:
    """For `paper`, report against the branch the user meant: a name or a mapping."""
    loc = [str(p) for p in error["loc"]]
    if any(p.startswith("literal[") for p in loc):
        return isinstance(error.get("input"), dict)
    if "CustomPaper" in loc and error["type"] in ("model_type", "dict_type"):
        return isinstance(error.get("input"), str)
    return False


def _dedupe(problems: list[Problem]) -> list[Problem]:
    """A union field fails once per branch; keep the first message per field."""
    seen, kept = set(), []
    for p in problems:
        if p.path not in seen:
            kept.append(p)
            seen.add(p.path)
    return kept
