"""The Asterisk kit's assets, one module each: board, pieces, markers, solitaire.

Each module has a composer that takes what it draws (no spec) and an `asset`
function that reads the kit plan and calls it; the registry names the latter.
"""
