# pnp: `make` builds every shipped spec into output/, `make test` runs the tests.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TSTAMP := $(VENV)/.installed-test

.PHONY: all build test bench schema same-bytes clean

all: build

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --disable-pip-version-check --config-settings editable_mode=compat -e .
	touch $@

$(TSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --disable-pip-version-check --config-settings editable_mode=compat -e '.[test]'
	touch $(STAMP) $@

# Byte-compile pnp first: where PYTHONDONTWRITEBYTECODE is set, Python would
# otherwise recompile every module of pnp on every run.
build: $(STAMP)
	$(BIN)/python -m compileall -q pnp
	$(BIN)/pnp build configs/*.yaml --out output

test: $(TSTAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python -m compileall -q pnp
	$(BIN)/python scripts/bench.py

# Prove a change leaves every output as it was: build with REV and with this tree, compare bytes.
REV ?= HEAD
same-bytes: $(STAMP)
	$(BIN)/python scripts/same_bytes.py $(REV)

# Regenerate the JSON Schema the shipped configs point at.
schema: $(STAMP)
	$(BIN)/pnp schema > configs/pnp-spec.schema.json

clean:
	rm -rf output/*/ .pytest_cache
