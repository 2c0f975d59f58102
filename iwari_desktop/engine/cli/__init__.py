"""Command-line tools of `python -m iwari_desktop.engine`: one module per subcommand."""
