"""Command ids the services keep for their own commands: refused to everyone else at
admission (``FORBIDDEN``), before any state is read."""

from __future__ import annotations

from president.bus.identity import Requester
from president.contract import AI_COMMAND_IDS, ENGINE_COMMAND_IDS
from president.game.seats import AI_WORKER_ROLE


def reserved_id(command_id: str | None, requester: Requester | None) -> str | None:
    """Why ``requester`` may not send a command under ``command_id`` (None: it may).

    The engine's ids (``timeout:``, ``takeover:``, ``start:``) are its internal commands
    and never come over the bus, from anyone. ``ai:`` ids are the AI workers' (the
    ``ai-worker`` role, ``<platform>-ai-worker`` included); an anonymous sender (an open
    server, where the AI workers are anonymous too) may use them."""
    if command_id is None:
        return None
    if command_id.startswith(ENGINE_COMMAND_IDS):
        return f"command ids {'/'.join(ENGINE_COMMAND_IDS)}... are the engine's own"
    ai_id = command_id.startswith(AI_COMMAND_IDS)
    if ai_id and requester is not None and requester.role != AI_WORKER_ROLE:
        return f"command ids {AI_COMMAND_IDS}... are the AI workers' own"
    return None
