"""Text fields hold one line of visible text: the characters no page can show are refused by name.

A control character or U+FFFE makes every SVG ill-formed XML; a lone surrogate
cannot even be written as UTF-8; an invisible direction or formatting mark
changes what an SVG viewer shows but not what the PDF prints; and reportlab
neither reorders nor joins right-to-left letters, so Hebrew or Arabic would
print backwards (pnp/fonts says which letters). Each is refused with its code point and position.
Free for plain ASCII.
"""

from __future__ import annotations

from typing import Any

LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


def one_line(value: Any) -> Any:
    """A pydantic before-validator: `value` if it is printable text; non-text passes on to the type check."""
    if isinstance(value, str) and not value.strip():  # "" or spaces would print nothing: say so, never a blank
        raise ValueError(f"{'empty' if not value else 'only spaces'}; write the text, or leave the key out")
    if not isinstance(value, str) or (value.isascii() and value.isprintable()):
        return value
    found = [(i, c, why) for i, c in enumerate(value, 1) if (why := refusal(c))]
    if not found:
        return value
    index, char, why = found[0]
    more = f" (and {len(found) - 1} more such character{'s' if len(found) > 2 else ''})" if len(found) > 1 else ""
    raise ValueError(f"character {index} is {why}{more}")


def refusal(char: str) -> str:
    """Why `char` cannot stand in one printed line, saying what to do instead; '' if it can."""
    import unicodedata

    from pnp.fonts import right_to_left

    code = f"U+{ord(char):04X}"
    kind = unicodedata.category(char)
    if char in LINE_BREAKS:
        return f"a line break ({code}); the text is set on one line, so write it without one"
    if char == "\t":
        return f"a tab ({code}); use a space"
    if kind == "Cc":
        return f"{code}, a control character, which cannot be printed; remove it"
    if kind == "Cs":
        return f"{code}, half of a surrogate pair and not a character; remove it"
    if 0xFDD0 <= ord(char) <= 0xFDEF or ord(char) & 0xFFFE == 0xFFFE:
        return f"{code}, a noncharacter, which cannot be printed; remove it"
    if kind == "Cf":
        return f"{code}, an invisible formatting character ({_name(char)}) that SVG viewers and the PDF would treat differently; remove it"
    if right_to_left(char):
        return (f"'{char}' ({code}, {_name(char)}), a right-to-left letter: pnp does not reorder or join "
                "right-to-left text, so the PDF would print it backwards; write this text in a left-to-right script")
    return ""


def _name(char: str) -> str:
    import unicodedata

    return unicodedata.name(char, "unnamed").lower()
