"""Rule booklets and reference cards: Markdown templates with Jinja2 variables from the spec, diagram blocks
drawn and scored by the game code, laid out with reportlab's platypus and imposed for saddle stitching.

- template.py: a template rendered with the spec's numbers, each output line traced to its source line;
- sandbox.py: the Jinja2 sandbox a template renders in (no code, no files, counted work); limits.py: its bounds;
- diagrams.py: ```diagram blocks -> positions (read like position files) -> drawings, captions checked;
- markdown.py: Markdown -> platypus flowables; layout.py: page size, styles, the PDF; paragraph.py: a paragraph's
  lines broken once per width, kept for the next booklet that prints it;
- impose.py: reading-order pages -> booklet sheets (pages as form XObjects, translated; written from the reading
  PDF's objects by pnp/writers/pdf_objects.py, pypdf for what that does not read);
- card.py: the two-sided reference card; kit.py: the `rules`, `rules-booklet` and `card` assets of a kit.
"""
