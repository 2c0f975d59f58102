"""Shared command-line plumbing: bad input is one line on stderr and exit code 2, never a traceback."""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_BAD_INPUT = 2


class CommandError(Exception):
    """Raised by a subcommand for bad input; `main` prints it as one line and exits with `code`."""

    def __init__(self, message: str, code: int = EXIT_BAD_INPUT) -> None:
        super().__init__(message)
        self.code = code


class OneLineArgumentParser(argparse.ArgumentParser):
    """argparse prints usage plus an error on two lines; players and scripts get one clear line."""

    def error(self, message: str) -> NoReturn:
        """One line on stderr and exit code 2 (EXIT_BAD_INPUT), instead of argparse's usage block."""
        print(f"{self.prog}: {message} (try --help)", file=sys.stderr)
        raise SystemExit(EXIT_BAD_INPUT)
