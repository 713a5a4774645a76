"""Pydantic's errors turned into messages that say what would be right (imported only when a spec has errors)."""

from __future__ import annotations

import math
import re
from typing import Any

from pydantic import BaseModel

from pnp.spec.base import NAME_RULE
from pnp.spec.fields import NO_VALUE
from pnp.spec.problems import clip, show
from pnp.spec.suggest import closest


KEY = "[key]"  # pydantic's last step of a location when a mapping's key, not its value, is wrong


def message(error: dict[str, Any], model: type[BaseModel], written: str = "") -> str:
    """One readable sentence for one pydantic error; `written` is the raw line it points at."""
    kind, ctx, value = error["type"], error.get("ctx", {}), error.get("input")
    loc = error["loc"]
    if kind == "extra_forbidden":
        return _unknown_key(str(loc[-1]), _allowed_keys(model, loc[:-1]), _blocks_holding(model, loc))
    if kind == "literal_error" and loc[-1] == KEY:
        return _unknown_key(str(value), _expected(ctx.get("expected", "")).split(", "))
    if kind == NO_VALUE:
        return error["msg"] + _quote_hint(str(loc[-1]), written)
    if kind == "missing":
        return "required but missing" + MISSING_HINTS.get(str(loc[-1]), "")
    if kind == "literal_error":
        allowed = _expected(ctx.get("expected", ""))
        return f"{show(value)} is not allowed; {_did_you_mean(value, allowed.split(', '))}use one of: {allowed}"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"expected a whole number, got {show(value)}{_read_as_text(value)}"
    if kind in ("float_type", "float_parsing", "finite_number"):
        return f"expected a number of millimetres, got {show(value)}{_read_as_text(value)}"
    if kind == "bool_type":
        return f"expected true or false, got {show(value)}"
    if kind == "string_type":
        return f"expected text, got {show(value)}"
    if kind in ("list_type", "dict_type", "model_type", "model_attributes_type"):
        return f"expected {_shape(kind)}, got {show(value)}{_colon_without_space(value)}"
    if kind in ("greater_than", "greater_than_equal", "less_than", "less_than_equal"):
        return _bound(kind, ctx, value, loc)
    if kind == "string_pattern_mismatch":
        return _pattern(loc, value)
    if kind in ("too_short", "too_long"):
        return _length(kind, ctx, value)
    if kind == "string_too_long":
        return error["msg"].replace("String", "text")
    if kind == "value_error":
        return str(ctx.get("error", error["msg"]))
    return error["msg"]


MISSING_HINTS = {
    "name": "; add e.g. `name: my-kit` (letters, digits, '-' and '_'; it names the output folder)",
    "width_mm": "; a custom paper needs width_mm and height_mm",
    "height_mm": "; a custom paper needs width_mm and height_mm",
}


def _unknown_key(key: str, allowed: list[str], blocks: list[str] | None = None) -> str:
    """The block it belongs in (a key whose block's line is still commented out), else its nearest spelling here."""
    guess = closest(key, allowed)
    if blocks:
        lines = "that line" if len(blocks) == 1 else "one of those lines"
        hint = f"it is a key of {' and '.join(f'`{block}:`' for block in blocks)}: write it indented under {lines}; "
    else:
        hint = f"did you mean '{guess}'? " if guess else ""
    return f"unknown key {show(key)}; {hint}allowed here: {', '.join(allowed)}"


def _blocks_holding(model: type[BaseModel], loc: tuple[Any, ...]) -> list[str]:
    """The blocks that take the unknown key `loc[-1]`: those beside it, else those of the nearest level up that has
    any (`margin_mm` written under `board:` is print's)."""
    key = loc[-1]
    for depth in range(len(loc) - 1, -1, -1):
        found = [block for block in _allowed_keys(model, loc[:depth])
                 if key in _allowed_keys(model, (*loc[:depth], block))]
        if found:
            return found
    return []


def _did_you_mean(value: Any, allowed: list[str]) -> str:
    """"did you mean 'board'? " for a written choice close to one allowed (`boards`, `SVG`, `A44`), else nothing."""
    if not isinstance(value, str):
        return ""
    same = [choice for choice in allowed if choice.lower() == value.lower()]
    guess = same[0] if same else closest(value.lower(), allowed)
    return f"did you mean '{guess}'? " if guess else ""


def _colon_without_space(value: Any) -> str:
    """`size:11` is one word to YAML, not a key and a value: say so where a block was expected."""
    found = re.fullmatch(r"([\w-]+):(\S.*)", value) if isinstance(value, str) else None
    return f"; a key needs a space after its colon: {found[1]}: {clip(found[2])}" if found else ""


def _read_as_text(value: Any) -> str:
    """YAML reads a quoted number, and 1e3 without a dot, as text: say so, since it looks like a number."""
    if not isinstance(value, str):
        return ""
    try:
        number = float(value)
    except ValueError:
        return ""
    return "; that reads as text: write numbers without quotes, and 1.0e3 rather than 1e3" if math.isfinite(number) else ""


def _quote_hint(key: str, written: str) -> str:
    """`left: #d55e00` reads as a key and a comment: say how to write the value."""
    found = re.search(r":\s+(#\S.*?)(\s+#.*)?$", written)  # up to a comment of its own
    return f'; a value starting with # must be quoted: write it as {key}: "{clip(found.group(1))}"' if found else ""


def _allowed_keys(model: type[BaseModel], loc: tuple[Any, ...]) -> list[str]:
    """Field names of the model that sits at `loc` (for suggesting a spelling)."""
    current: Any = model
    for part in loc:
        if isinstance(part, int) or not (isinstance(current, type) and issubclass(current, BaseModel)):
            continue
        field = current.model_fields.get(str(part))
        if field is None:
            continue
        current = _model_in(field.annotation)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return list(current.model_fields)
    return []


def _model_in(annotation: Any) -> Any:
    """The BaseModel inside an annotation such as `Model | str` or `Model | None`."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()):
        found = _model_in(arg)
        if found is not None:
            return found
    return None


def _length(kind: str, ctx: dict[str, Any], value: Any) -> str:
    """A list (or text checked after a conversion) too short or too long: the bound, and what was given."""
    bound, most = (ctx.get("min_length"), "at least") if kind == "too_short" else (ctx.get("max_length"), "at most")
    unit = ("character" if isinstance(value, str) else "item") + ("" if bound == 1 else "s")
    return f"give {most} {bound} {unit}; this has {ctx.get('actual_length')}"


def _shape(kind: str) -> str:
    return {"list_type": "a list"}.get(kind, "a mapping of keys to values")


def _expected(text: str) -> str:
    return text.replace("'", "").replace(" or ", ", ")


def _bound(kind: str, ctx: dict[str, Any], value: Any, loc: tuple[Any, ...]) -> str:
    words = {
        "greater_than": ("more than", "gt"),
        "greater_than_equal": ("at least", "ge"),
        "less_than": ("less than", "lt"),
        "less_than_equal": ("at most", "le"),
    }[kind]
    bound = ctx.get(words[1])
    shown = f"{bound:g}" if isinstance(bound, float) else str(bound)  # whole bounds in full: 9223372036854775807
    unit = " mm" if str(loc[-1]).endswith("_mm") else ""
    return f"must be {words[0]} {shown}{unit}, got {show(value)}"


def _pattern(loc: tuple[Any, ...], value: Any) -> str:
    if loc and loc[-1] == "name":
        return f"{show(value)} cannot be a folder name; {NAME_RULE}"
    return f"{show(value)} is not a colour; write it as #rrggbb, e.g. #1a1a1a"
