"""`python -m iwari_desktop.engine`: selfplay, score and maps commands.

Each subcommand lives in its own module exposing `register(subparsers)`, which adds a parser whose
`handler(args) -> int` default runs it.
"""

from __future__ import annotations

import importlib
import os
import sys

from iwari_desktop.engine.cli.common import EXIT_BAD_INPUT, CommandError, OneLineArgumentParser

SUBCOMMAND_MODULES = ("cli.selfplay", "cli.selfplay_vs_void", "cli.score", "cli.maps", "cli.tournament", "cli.campaign")


def build_parser() -> OneLineArgumentParser:
    """The CLI parser with every subcommand module that exists.

    A subcommand module that is not written yet is skipped, so the other commands keep working; any
    other import error still surfaces.
    """
    parser = OneLineArgumentParser(prog="python -m iwari_desktop.engine", description="Iwari rules engine tools")
    subparsers = parser.add_subparsers(dest="command", required=True, parser_class=OneLineArgumentParser)
    for name in SUBCOMMAND_MODULES:
        try:
            module = importlib.import_module(f"{__package__}.{name}")
        except ModuleNotFoundError as error:
            if error.name == f"{__package__}.{name}":
                continue  # a subcommand not written yet
            raise
        module.register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one command and return its exit code instead of raising.

    CommandError becomes one "error: ..." line with its own code, Ctrl-C exits 2 without a traceback,
    and a reader closing our stdout early (`| head`) is not an error (exit 0).
    """
    args = build_parser().parse_args(argv)
    try:
        return int(args.handler(args))
    except CommandError as error:
        print(f"error: {error}", file=sys.stderr)
        return error.code
    except KeyboardInterrupt:
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # output piped into `head` and closed early: not an error of ours
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 0


if __name__ == "__main__":
    sys.exit(main())
