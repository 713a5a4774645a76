from pnp.entry import run

run()
