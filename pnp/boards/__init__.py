"""What every cell board shares, written once, so a new board game is its rules and its shape.

The layer sits between geometry/layout and the games: games import it, it never
imports a game. lattice/ (the hex lattice: ids.py the `a1` ids, orientation.py
pointy or flat cells as data, shapes.py the triangle, rhombus and hexagon with
their neighbours, sides and rings, placed.py a shape in mm), cells.py (the cell
record, the board protocol and `pnp graph`), placement.py (a board on paper or tiled over pages),
pages.py (the board page), cutouts.py (sheets of stones and pieces with their
legend), diagram.py (a board fitted to a diagram's width), lines.py (cell
outlines' width at a cell size), connect.py (groups and chains joining sides:
the connection games' referee), labels.py (a lattice triangle's row numbers and
diagonal letters, Asterisk's and Y's, and the room they take).

For the games played with red and blue stones (*Star, Hex, Y): blocks.py (the
`stones` and `pad` spec blocks, and StoneGameSpec holding both), position.py (the `stones: {red, blue}` position
model and its checks), verdict.py (a connection game's Score JSON, report,
caption and standing), stone_diagram.py (stones and the winning chain in a
diagram), chains.py (a group drawn as linked centres), marks.py (letters on
cells in a diagram), bands.py (each side of a lattice board in its owner's
colour), pad.py and pad_page.py (the pencil pad: planned, then drawn), kit.py
(the kit plan of board page, stones and pad), booklet.py (the numbers every
stone game's rule booklet and card share: cells, stones per player, the pad).
"""
