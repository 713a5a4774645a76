"""The Starry Night pad's assets: `skies` (one module). Each has a composer that takes
what it draws (no spec) and an `asset` function that reads the plan and calls it."""
