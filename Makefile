# pnp: `make` builds every shipped spec into output/, `make test` runs the tests.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TSTAMP := $(VENV)/.installed-test
DSTAMP := $(VENV)/.installed-docs

.PHONY: all build test bench browser preview schema same-bytes docs docs-reference clean

all: build

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# An editable install. compat mode puts the clone itself on sys.path, so the package reads its data through
# pnp/data/'s links to templates/, examples/ and configs/pnp-spec.schema.json (see pnp/resources.py). The
# distribution was once called pnp and is now pnp-kits: an install under the old name goes first, or its
# files (the pnp command among them) would clash with the new one's.
INSTALL   := $(BIN)/pip install --quiet --disable-pip-version-check --config-settings editable_mode=compat
OLD_NAME  := $(BIN)/pip uninstall --quiet --yes pnp 2>/dev/null || true

$(STAMP): pyproject.toml | $(BIN)/python
	$(OLD_NAME)
	$(INSTALL) -e .
	touch $@

$(TSTAMP): pyproject.toml | $(BIN)/python
	$(OLD_NAME)
	$(INSTALL) -e '.[test]'
	touch $(STAMP) $@

$(DSTAMP): pyproject.toml | $(BIN)/python
	$(OLD_NAME)
	$(INSTALL) -e '.[docs]'
	touch $(STAMP) $@

# Byte-compile pnp first (build, test, bench): where PYTHONDONTWRITEBYTECODE is set, Python would
# otherwise recompile every module of pnp in every process the tests start.
build: $(STAMP)
	$(BIN)/python -m compileall -q pnp
	$(BIN)/pnp build configs/*.yaml --out output

# Two pytest workers (pytest-xdist); an idle worker takes tests from the other's queue (worksteal), so the
# long tests (every page rendered twice, the fuzzer, the packaging installs) end about together.
TEST_WORKERS ?= 2
test: $(TSTAMP)
	$(BIN)/python -m compileall -q pnp
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal

# Optional: Debian's Chromium, for the test that opens the preview gallery in a real browser
# (skipped without it). Needs root or sudo and Debian's package registry.
browser:
	@if command -v chromium >/dev/null; then echo "chromium: $$(chromium --version 2>/dev/null)"; \
	else SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null \
	&& echo "chromium: $$(chromium --version 2>/dev/null)"; fi

# The gallery of every shipped spec's outputs: output/index.html.
preview: $(STAMP)
	$(BIN)/pnp preview configs/*.yaml --out output

bench: $(STAMP)
	$(BIN)/python -m compileall -q pnp
	$(BIN)/python scripts/bench.py

# Prove a change leaves every output as it was: build with REV and with this tree, compare bytes. A commit
# whose message carries a trailer `Outputs-Changed: <why>` lets differences since REV through (the reason is
# printed); a REV this clone lacks (a shallow clone's HEAD~1) skips the check with a line saying so.
REV ?= HEAD
same-bytes: $(STAMP)
	$(BIN)/python scripts/same_bytes.py $(REV)

# Regenerate the JSON Schema the shipped configs point at.
schema: $(STAMP)
	$(BIN)/pnp schema > configs/pnp-spec.schema.json

# The documentation site into site/ (mkdocs, strict: a broken link or a missing page fails). Its reference pages
# are written from the code by `make docs-reference` (tests/test_docs_reference.py fails when one is out of date);
# its pictures are rendered by pnp as the site is built (scripts/docs_hooks.py). Open site/index.html.
docs: $(DSTAMP)
	$(BIN)/python scripts/docs_reference.py --check
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir site

docs-reference: $(STAMP)
	$(BIN)/python scripts/docs_reference.py

clean:
	rm -rf output/*/ .pytest_cache site
