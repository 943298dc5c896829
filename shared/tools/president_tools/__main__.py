"""``python -m president_tools ARGS``: the ``president`` command with this interpreter."""

from president_tools.cli import main

main()
