"""Starry Night (Stanley, Wine Dark Sea Games): a pencil game on a random sky of stars.

- rules.py: the facts and limits, and the Recipe that shapes a sky;
- sky.py: the seeded sky generator; code.py: sky codes (encode, decode, check).
"""
