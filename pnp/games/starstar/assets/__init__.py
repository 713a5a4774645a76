"""The *Star kit's assets, one module each (board now; pad, score sheet and stones join beside it).

Each module has a composer that takes what it draws (no spec) and an `asset`
function that reads the kit plan and calls it; the registry names the latter.
"""
