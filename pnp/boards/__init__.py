"""What every cell board shares, written once, so a new board game is its rules and its shape.

The layer sits between geometry/layout and the games: games import it, it never
imports a game. lattice.py (the hex lattice: orientation as data, triangle and
rhombus shapes, a1 ids, neighbours, sides), cells.py (the cell record, the board
protocol and `pnp graph`), placement.py (a board on paper or tiled over pages),
pages.py (the board page), cutouts.py (sheets of stones and pieces with their
legend), diagram.py (a board fitted to a diagram's width), lines.py (cell
outlines' width at a cell size), connect.py (groups and chains joining sides:
the connection games' referee).
"""
