"""Rules every spec field shares: a key written must hold a value, a list names each thing once."""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, Field
from pydantic_core import PydanticCustomError

from pnp.spec.problems import show

NO_VALUE = "no_value"  # the error type the reader adds a quoting hint to
T = TypeVar("T")


def value_given(value: Any) -> Any:
    """Refuse a key written with nothing after it: leaving a key out gives its default, null never does.

    `left: #d55e00` unquoted is `left:` and a comment, so null would silently mean the default colour.
    """
    if value is None:
        raise PydanticCustomError(NO_VALUE, "no value given; write one, or leave the key out for its default")
    return value


def _each_once(items: list[T]) -> list[T]:
    seen: list[T] = []
    for item in items:
        if item in seen:
            raise ValueError(f"{show(item)} is listed twice; name each once")
        seen.append(item)
    return items


# A list that names each item once (the schema says so too, for editors); UniqueList also holds at least one.
Unique = Annotated[list[T], Field(json_schema_extra={"uniqueItems": True}), AfterValidator(_each_once)]
UniqueList = Annotated[Unique[T], Field(min_length=1)]
