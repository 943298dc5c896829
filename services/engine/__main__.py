"""``python -m services.engine``: one engine instance."""

from services.engine.main import main

main()
