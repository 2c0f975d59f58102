"""Run `python -m iwari_desktop.engine ARGS` inside the test process, with the result a subprocess would give.

A fresh interpreter per command cost about 0.2 s of CPU (and seconds of wall time on a loaded
machine) for each of ~90 CLI tests. In-process, the command runs through the same `main(argv)`
that `__main__` calls, with its own environment, working folder, stdout and stderr; an exception
that escapes `main` fails the test exactly as a traceback on stderr would. Each CLI test file keeps
a few real subprocess runs that check the module entry point itself.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path
from repo_root import ROOT


@contextlib.contextmanager
def _environment(env: dict[str, str] | None, cwd: Path):
    saved_env, saved_cwd = dict(os.environ), os.getcwd()
    if env is not None:
        os.environ.clear()
        os.environ.update(env)
    os.chdir(cwd)
    try:
        yield
    finally:
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_env)


def run_engine(*args: str, env: dict[str, str] | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    from iwari_desktop.engine.__main__ import main

    out, err = io.StringIO(), io.StringIO()
    with _environment(env, cwd), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as done:  # argparse: --help, or a usage error
            code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    return subprocess.CompletedProcess([sys.executable, "-m", "iwari_desktop.engine", *args], code,
                                       out.getvalue(), err.getvalue())
