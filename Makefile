# Two commands set everything up on a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SDL_HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
# every install takes the exact versions we test with (constraints.txt says why)
PIP_INSTALL := $(PY) -m pip install --quiet --constraint constraints.txt

.PHONY: play test bench clean dist i18n sounds mutate

$(VENV)/.created:
	$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Iwari Desktop needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	touch $@

$(VENV)/.runtime: $(VENV)/.created pyproject.toml constraints.txt
	$(PIP_INSTALL) -e .
	touch $@

$(VENV)/.dev: $(VENV)/.created pyproject.toml constraints.txt
	$(PIP_INSTALL) -e '.[dev]'
	touch $@

$(VENV)/.build: $(VENV)/.created pyproject.toml constraints.txt
	$(PIP_INSTALL) -e '.[build]'
	touch $@

play: $(VENV)/.runtime
	$(PY) -m iwari_desktop

# Two workers (pytest-xdist): the whole suite, slow play-throughs included, within 180 s on two cores.
# A quick run while working: `.venv/bin/python -m pytest -m 'not slow' tests/<folder>`.
test: $(VENV)/.dev
	$(SDL_HEADLESS) $(PY) -m pytest -n 2 --dist worksteal

# Message catalogues (docs/translating.md): extract iwari_desktop/locale/iwari.pot from the sources,
# update every language's iwari.po (engine fragments merged in) and compile its iwari.mo.
i18n: $(VENV)/.dev
	$(PY) tools/catalogues.py

# Re-render every cue and music loop into assets/sounds/ from the MIDI phrases in tools/sounds/ (docs/sound.md).
# Needs Debian's fluidsynth fluid-soundfont-gm sox vorbis-tools (render.py names what is missing);
# nothing is installed here, and neither players nor CI need them: the rendered files are committed.
sounds: $(VENV)/.dev
	$(PY) tools/sounds/render.py

# Mutation testing of the rule files against the rule tests ([tool.mutmut] in pyproject.toml lists both;
# docs/engine.md "Mutation testing" has the score). Not part of `make test`: it takes tens of minutes of CPU.
# `make mutate MUTANTS='iwari_desktop.engine.core.scoring*'` runs the mutants of one file only.
MUTANTS ?=
mutate: $(VENV)/.dev
	nice -n 15 $(VENV)/bin/mutmut run $(MUTANTS)
	$(PY) tools/mutation_score.py

bench: $(VENV)/.dev
	$(PY) bench/engine.py

# One-folder application in dist/iwari/ (`IWARI_ONEFILE=1 make dist`: one file, dist/iwari-onefile).
# PyInstaller's scratch files and its cache stay in build/work/; see docs/packaging.md.
dist: $(VENV)/.build
	PYINSTALLER_CONFIG_DIR="$(CURDIR)/build/work/pyinstaller-config" $(PY) -m PyInstaller \
		--noconfirm --clean --log-level WARN \
		--distpath dist --workpath build/work build/spec/iwari.spec
	if [ -d dist/iwari ] && [ -z "$$IWARI_ONEFILE" ]; then \
		cp build/linux/install.sh build/linux/iwari-desktop.desktop dist/iwari/; fi

clean:
	rm -rf $(VENV) dist build/work
