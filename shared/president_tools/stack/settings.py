"""Settings of a launcher (``president demo``, ``play``, ``bench e2e``)."""

from __future__ import annotations

from pathlib import Path

from president.settings import Settings


class StackSettings(Settings):
    """``token_secret`` (PRESIDENT_TOKEN_SECRET) is handed to every service process; unset,
    the stack draws one per run. ``subject_prefix`` is what a client connects to when the
    services already run (``president play --external``). ``nats_users_file`` (a JSON
    ``{user: password}``) gives each role its NATS identity on a configured server; the
    embedded server's own passwords are used otherwise."""

    token_secret: str | None = None
    subject_prefix: str = "president"
    nats_users_file: Path | None = None
