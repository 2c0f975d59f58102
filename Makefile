# Two commands set everything up on a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SDL_HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: play test bench clean

$(VENV)/.created:
	$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Iwari Desktop needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	touch $@

$(VENV)/.runtime: $(VENV)/.created pyproject.toml
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.dev: $(VENV)/.created pyproject.toml
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

play: $(VENV)/.runtime
	$(PY) -m iwari_desktop

test: $(VENV)/.dev
	$(SDL_HEADLESS) $(PY) -m pytest

bench: $(VENV)/.dev
	$(PY) bench/engine.py

clean:
	rm -rf $(VENV) dist build/work
