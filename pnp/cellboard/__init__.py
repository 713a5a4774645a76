"""Boards of cells with named groups, and the referee of every stone connection game played on them.

A game definition (pnp/definitions/) names a shape, a size, an id scheme and
goals; this package turns those into facts, independently of any game:

- shapes.py: the rhombus, triangle and hexagon of the hex lattice with the
  boundary groups shared/DESIGN.md names (sides, corners, the `sides` and
  `corners` sets), and what each shape allows (cell counts, rings, a mirror);
- ids.py: the three ways of naming cells (lettered rows, lettered lattice
  columns, numbers), as kinds with parameters: which scheme name means which
  is data (pnp/definitions/ids.yaml);
- graph.py: a board as rules see it (cells in board order, neighbours, groups,
  border) and `ShapeBoard`, one shape at one size named by one scheme;
- placed.py: a ShapeBoard at a cell size in mm, meeting the layer's CellBoard
  protocol (pnp/boards/cells.py) so drawing and `pnp graph` serve it as is;
- mudcrack.py: the mudcrack board (pnp/boards/mudcrack/'s generator) as a
  shape sized by its cells and picked by a seed, with the triangle's groups,
  and placed in mm; kinds.py: every shape a definition may name, and
  `board_of`, the one place that tells lattice shapes from it;
- goals.py: the goals (connect all of some groups, any k of them, a ring);
- referee.py and rings.py: who has won a position, with which goal and path;
- pie.py: the pie rule's two readings, applied to a record's moves;
- replay.py: a record judged after every move at once (union-find forward for
  connections, backward for rings), for the first win of a long record.
"""
