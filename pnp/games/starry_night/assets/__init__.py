"""The Starry Night pad's assets: `skies` (one module), whose composer, compose_skies(plan, title, style),
draws the whole plan (no spec)."""
