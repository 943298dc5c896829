"""The subject scheme under a configurable prefix (default ``president``): commands by
request-reply, events, prompts and the AI work queue on JetStream."""

from __future__ import annotations

import re
from dataclasses import dataclass

DEFAULT_PREFIX = "president"
PARTITIONS = 64
"""The partitions of the game commands: the server maps ``<p>.cmd.game.<table_id>`` to
``<p>.cmd.game.<table_id>.<partition>`` (``president.bus.server_config.command_mapping``)
and each engine subscribes to the partitions it owns (why 64: the decision note of
2026-12-05, tables owned through the bus)."""

_PREFIX = re.compile(r"^(\*|[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*)$")
ANY_PREFIX = "*"
"""The prefix of an allow-list that serves every prefix (the tests' servers): its subjects
are wildcards, never published to."""


@dataclass(frozen=True)
class Subjects:
    """Every subject and JetStream stream name of the contract for one prefix."""

    prefix: str = DEFAULT_PREFIX

    def __post_init__(self) -> None:
        if not _PREFIX.match(self.prefix):
            raise ValueError(f"bad subject prefix {self.prefix!r}")

    # --- commands (core NATS request-reply) ---------------------------------------
    def table_command(self, command_type: str) -> str:
        return f"{self.prefix}.cmd.table.{command_type}"

    @property
    def table_commands(self) -> str:
        """Wildcard of every table command (the table service's subscription)."""
        return f"{self.prefix}.cmd.table.*"

    def game_command(self, table_id: str) -> str:
        return f"{self.prefix}.cmd.game.{table_id}"

    @property
    def game_commands(self) -> str:
        """Wildcard of every game command as its sender publishes it."""
        return f"{self.prefix}.cmd.game.*"

    def game_partition(self, partition: int | str) -> str:
        """Wildcard of the game commands of one partition as the server maps them
        (``*``: of every partition)."""
        return f"{self.prefix}.cmd.game.*.{partition}"

    # --- events (JetStream, written by the relay only) ----------------------------
    def public(self, table_id: str) -> str:
        return f"{self.prefix}.evt.table.{table_id}.public"

    def seat(self, table_id: str, seat: int) -> str:
        return f"{self.prefix}.evt.table.{table_id}.seat.{seat}"

    def lobby(self, table_id: str) -> str:
        return f"{self.prefix}.evt.lobby.{table_id}"

    @property
    def all_public(self) -> str:
        return f"{self.prefix}.evt.table.*.public"

    @property
    def all_lobby(self) -> str:
        return f"{self.prefix}.evt.lobby.*"

    @property
    def all_seats(self) -> str:
        return f"{self.prefix}.evt.table.*.seat.*"

    @property
    def event_subjects(self) -> list[str]:
        """The subjects of the events stream (the relay's ``subjects``)."""
        return [self.all_public, self.all_seats, self.all_lobby]

    @property
    def events_stream(self) -> str:
        return f"{self._stream_base}_EVENTS"

    # --- turn prompts and AI work (JetStream, published by the engine) ------------
    def prompt(self, table_id: str, seat: int) -> str:
        return f"{self.prefix}.evt.table.{table_id}.seat.{seat}.prompt"

    @property
    def prompt_subjects(self) -> list[str]:
        return [f"{self.prefix}.evt.table.*.seat.*.prompt"]

    @property
    def prompts_stream(self) -> str:
        return f"{self._stream_base}_PROMPTS"

    @property
    def ai_decide(self) -> str:
        """The AI decisions of games with a person at the table (interactive: first)."""
        return f"{self.prefix}.ai.decide"

    @property
    def ai_batch(self) -> str:
        """The AI decisions of all-AI games: taken when no interactive one waits."""
        return f"{self.prefix}.ai.batch"

    @property
    def ai_stream(self) -> str:
        """The work-queue stream of DecisionRequests, shared by all AI workers."""
        return f"{self._stream_base}_AI"

    @property
    def ai_consumer(self) -> str:
        """The durable pull consumer of ``ai_decide`` every AI worker binds to."""
        return f"{self._stream_base.lower()}-ai-workers"

    @property
    def ai_batch_consumer(self) -> str:
        """The durable pull consumer of ``ai_batch`` every AI worker binds to."""
        return f"{self._stream_base.lower()}-ai-workers-batch"

    # --- between engine instances (core NATS, the command account; no client's) -----
    @property
    def engine_peers(self) -> str:
        """The engine instances' heartbeats (``services.engine.partitions``)."""
        return f"{self.prefix}.engine.peers"

    # --- what the AI workers did (core NATS, once per stats interval) ---------------
    def ai_worker_stats(self, instance_id: str) -> str:
        """Where one AI worker reports what it did (``*``: every worker)."""
        return f"{self.prefix}.stats.ai-worker.{instance_id}"

    @property
    def all_stats(self) -> str:
        return f"{self.prefix}.stats.>"

    # --- audit verdicts (JetStream, published by the auditor) ---------------------
    def verdict(self, table_id: str) -> str:
        return f"{self.prefix}.audit.verdict.{table_id}"

    @property
    def verdict_subjects(self) -> list[str]:
        return [f"{self.prefix}.audit.verdict.*"]

    @property
    def audit_stream(self) -> str:
        """The verdicts of the auditor, one per finished game."""
        return f"{self._stream_base}_AUDIT"

    # --- the lobby's quotas (a JetStream KV bucket, kept by the web replicas) ----------
    @property
    def web_quota_bucket(self) -> str:
        """The KV bucket of the lobby's counted quotas, one ledger for every web replica."""
        return f"{self._stream_base}_WEB_QUOTAS"

    @property
    def _stream_base(self) -> str:
        return re.sub(r"[^A-Za-z0-9_-]", "_", self.prefix).upper()


def partition_of(table_id: str, partitions: int = PARTITIONS) -> int:
    """The partition of ``table_id``'s game commands: FNV-1a 32 of its bytes modulo
    ``partitions``, as nats-server's ``partition()`` mapping computes it."""
    digest = 0x811C9DC5
    for byte in table_id.encode():
        digest = ((digest ^ byte) * 0x01000193) & 0xFFFFFFFF
    return digest % partitions


def parse_command_subject(subject: str) -> tuple[str, str] | None:
    """``("table", <CommandName>)`` or ``("game", <table_id>)`` for a command subject (a
    game command as sent, or as the server mapped it: with its partition last)."""
    tokens = subject.split(".")
    if len(tokens) >= 5 and tokens[-4:-2] == ["cmd", "game"] and tokens[-1].isdigit():
        tokens = tokens[:-1]
    if len(tokens) < 4 or tokens[-3] != "cmd" or tokens[-2] not in ("table", "game"):
        return None
    return tokens[-2], tokens[-1]


def stream_id_of_game(table_id: str) -> str:
    """The Postgres stream the engine writes for a table."""
    return f"game-{table_id}"


def stream_id_of_table(table_id: str) -> str:
    """The Postgres stream the table service writes for a table."""
    return f"table-{table_id}"


_TABLE_STREAMS = ("game", "table")


def table_id_of_stream(stream_id: str) -> tuple[str, str] | None:
    """``("game"|"table", table_id)`` for a stream id of the services, else None."""
    kind, sep, table_id = stream_id.partition("-")
    if not sep or kind not in _TABLE_STREAMS or not table_id:
        return None
    return kind, table_id


def table_of_stream(stream_id: str) -> str:
    """The table id of a ``game-`` or ``table-`` stream (ValueError for another stream)."""
    kind = table_id_of_stream(stream_id)
    if kind is None:
        raise ValueError(f"{stream_id!r} is no stream of a table")
    return kind[1]
