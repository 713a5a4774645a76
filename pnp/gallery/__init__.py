"""The preview gallery (`pnp preview`): one HTML page showing every output of the given specs.

collect.py reads what a build left in OUT/NAME/ (files, pages, paper, the
printed facts line); page.py turns it into OUT/index.html from
templates/preview/index.html, with thumbnails for outputs that have no SVG.
"""
