"""Remembered rejections: a command refused once is refused the same way when resent
(``command_rejections``, keyed by stream, sender and command id; never changed)."""

from __future__ import annotations

REMEMBER = """
INSERT INTO command_rejections (stream_id, command_id, reply, sender)
VALUES ($1, $2, $3::jsonb, $4)
ON CONFLICT (stream_id, sender, command_id) DO NOTHING"""


def recall_query(stream_id: str = "$1", command_id: str = "$2", sender: str = "$3") -> str:
    """The statement reading the remembered reply (jsonb text, or no row), with the given
    parameter placeholders, so that it can be a subquery of a caller's statement."""
    return (
        "SELECT reply FROM command_rejections"
        f" WHERE stream_id = {stream_id} AND sender = {sender} AND command_id = {command_id}"
    )


RECALL_ALL = "SELECT sender, command_id, reply::text FROM command_rejections WHERE stream_id = $1"
"""Every refusal remembered on a stream (an engine reads them once per game it owns)."""
