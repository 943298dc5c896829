"""Settings of a launcher (``president demo``, ``play``, ``bench e2e``)."""

from __future__ import annotations

from president.settings import Settings


class StackSettings(Settings):
    """``token_secret`` (PRESIDENT_TOKEN_SECRET) is handed to every service process; unset,
    the stack draws one per run. ``subject_prefix`` is what a client connects to when the
    services already run (``president play --external``)."""

    token_secret: str | None = None
    subject_prefix: str = "president"
