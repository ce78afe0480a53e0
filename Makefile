# Two entry points a newcomer needs: `make kit` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: kit test setup lint check bench clean docs-img docs-format

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

kit: $(STAMP)
	$(BIN)/deckwright build --all --paper both

test: $(STAMP)
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/deckwright lint
	$(BIN)/ruff check cards generator companion tests bench

check: $(STAMP)
	$(BIN)/ruff check cards generator companion tests bench
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python bench/build.py
	$(BIN)/python bench/sim.py
	$(BIN)/python bench/halfwish.py
	$(BIN)/python bench/which_witch.py
	$(BIN)/python bench/load.py

# The README's pictures (docs/img/), rasterised from a real build.
docs-img: $(STAMP)
	$(BIN)/python docs/make_images.py

# docs/GAME_FORMAT.md, every key a game may write, from the card database's schema.
docs-format: $(STAMP)
	$(BIN)/python docs/make_format.py

clean:
	rm -rf output/* $(VENV)
