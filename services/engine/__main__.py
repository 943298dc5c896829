"""``python -m services.engine``: one engine instance."""

from services.engine.app import main

main()
