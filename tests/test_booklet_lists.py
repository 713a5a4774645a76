"""A numbered list in a rule booklet is read as one: wherever the text before it ends on a page, the list stands whole
on one page, with the heading and the lead-in ("... in this order:") above it; a list longer than a page still
splits, and a bullet list may. Measured on the PDF `pnp rules` writes, page by page."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium

from conftest import run_pnp

FILLER = ("This paragraph only takes room, so that what follows it starts lower and lower on the page. "
          "It says nothing a player needs, and it is long enough to fill a few lines of the booklet. ")
STEPS = "\n".join(f"{n}. Step {n} of the list, which says what to do at this point of the game, in a line or two."
                  for n in range(1, 6))


def pages(tmp_path: Path, name: str, text: str) -> list[str]:
    template = tmp_path / f"{name}.md"
    template.write_text(text, encoding="utf-8")
    done = run_pnp("rules", str(template), "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    reading = pdfium.PdfDocument(str(tmp_path / "out" / name / "rules.pdf"))
    return [" ".join(page.get_textpage().get_text_range().split()) for page in reading]


def test_a_numbered_list_its_heading_and_its_lead_in_stand_on_one_page(tmp_path: Path):
    """With 1 to 14 paragraphs before it, the list starts at every height of the first page or two; each time the
    heading, the lead-in and all five steps are found on one page."""
    split = []
    for before in range(1, 15):
        text = "# Playing\n\n" + "\n\n".join([FILLER * 2] * before) + f"\n\n## The steps\n\nDo these in order:\n\n{STEPS}\n"
        found = pages(tmp_path, f"list-{before}", text)
        holding = [n for n, page in enumerate(found)
                   if re.search(r"The steps Do these in order: 1\. Step 1 .*5\. Step 5 of the list", page)]
        if len(holding) != 1:
            split.append(before)
    assert split == []


def test_a_numbered_list_longer_than_a_page_still_splits(tmp_path: Path):
    steps = "\n".join(f"{n}. Step {n}, one of many." for n in range(1, 121))
    found = pages(tmp_path, "long", f"# Playing\n\nAll of these:\n\n{steps}\n")
    first = next(n for n, page in enumerate(found) if "Step 1," in page)
    last = next(n for n, page in enumerate(found) if "Step 120," in page)
    assert last > first
    assert all(f"Step {n}," in " ".join(found) for n in range(1, 121))
