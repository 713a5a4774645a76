"""Games as data: the game-definition format, read and checked, and the definitions pnp ships.

model.py (the format as a validated model and its checks), read.py (a file
read into a StoneGame, every problem at once with file:line), engine.py
(`StoneGame`: a definition's boards, referee and records), schemes.py (the id
schemes' names, read from ids.yaml), shipped.py (games/*.yaml: the shipped
definitions, found by listing the folder). The engine itself, free of any
game, is pnp/cellboard/.
"""
