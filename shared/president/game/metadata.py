"""The metadata every service writes with an event: which command, caused by what, who."""

from __future__ import annotations


def metadata(
    command_id: str, *, correlation_id: str, actor: str, causation_id: str = ""
) -> dict[str, str]:
    """``command_id`` wrote the event; ``causation_id`` (default: the command id) is what
    caused it, ``correlation_id`` groups what belongs together, ``actor`` acted."""
    return {
        "command_id": command_id,
        "causation_id": causation_id or command_id,
        "correlation_id": correlation_id,
        "actor": actor,
    }
