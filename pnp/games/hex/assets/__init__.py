"""The Hex kit's assets, one module each: board, stones, pad.

Each module has a composer, compose_NAME(part, title, style), that takes what it
draws (no spec); the registry calls it with the plan's field NAME (registry.Game.of).
"""
