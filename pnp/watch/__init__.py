"""`pnp watch` and `pnp preview --watch`: build, then rebuild each spec as it, or a file it names, is saved.

inputs.py finds what a spec's build reads (the spec, its font, its game definition and templates); session.py
holds what the watch knows and runs a round of rebuilding, the CLI's own reading and building passed in, so a
watch writes the bytes `pnp build` writes; loop.py watches the inputs' folders with watchfiles and starts a
round per burst of saves; helper.py keeps a worker process, forked from the warm watch, that lays out the rule
booklet and writes the SVGs of each round on the other core.
"""
