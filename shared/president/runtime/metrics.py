"""The Prometheus metrics of the backend (``/metrics``; docs/operations.md lists them),
defined once in prometheus-client's default registry."""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

COMMANDS = Counter(
    "president_commands",
    "Commands answered, by kind (game: the engine, table: the table service), command"
    " type and outcome (accepted, duplicate, answered for queries, else the rejection code)",
    ["kind", "type", "outcome"],
)
COMMAND_SECONDS = Histogram(
    "president_command_seconds",
    "Time from a command's arrival to its reply, by kind, command type and outcome",
    ["kind", "type", "outcome"],
    buckets=LATENCY_BUCKETS,
)
RELAY_LAG = Gauge(
    "president_relay_lag_events",
    "Newest position of the event log minus the relay's checkpoint",
    ["relay"],
)
RELAY_PUBLISH_FAILURES = Counter(
    "president_relay_publish_failures",
    "Relay sessions dropped because JetStream did not acknowledge a publication",
    ["relay"],
)
RELAY_WITHHELD = Counter(
    "president_relay_withheld",
    "Event messages the relay published as an EventWithheld reference (too large for the"
    " server, or refused again and again): each is an error to look into",
    ["relay"],
)
AI_QUEUE_PENDING = Gauge(
    "president_ai_queue_pending", "Decision requests in the AI work queue not yet delivered"
)
AI_QUEUE_IN_FLIGHT = Gauge(
    "president_ai_queue_in_flight", "Decision requests delivered to a worker and not yet acked"
)
AI_REDELIVERIES = Counter(
    "president_ai_redeliveries", "Decision requests received again (a worker died or retried)"
)
AI_DECISIONS = Counter("president_ai_decisions", "Decisions taken, by AI level", ["level"])
AI_DECISION_SECONDS = Histogram(
    "president_ai_decision_seconds",
    "Time an AI level took to decide",
    ["level"],
    buckets=LATENCY_BUCKETS,
)
RECONNECTS = Counter(
    "president_reconnects",
    "Connections won back after a loss, by server (nats, postgres)",
    ["server"],
)
CONNECTION_UP = Gauge(
    "president_connection_up", "1 while the server (nats, postgres) answers, else 0", ["server"]
)
REACTOR_CONSUMER_REPAIRS = Counter(
    "president_reactor_consumer_repairs",
    "The engine's reactor consumer found changed by someone else (kind drift) or deleted"
    " (lost), and created again from the engine's position",
    ["kind"],
)
PARTITIONS_OWNED = Gauge(
    "president_engine_partitions",
    "Partitions of the game commands this engine instance owns (of 64; 0: none yet, or"
    " given away as it stops)",
)
READY = Gauge("president_ready", "1 while the process is ready to serve (as /readyz says)")
GAMES_IN_PLAY = Gauge("president_games_in_play", "Tables whose game has started and not finished")
STALLED_TABLES = Gauge(
    "president_stalled_tables",
    "Games in play that wait for a move longer than allowed (a due seat's deadline plus"
    " PRESIDENT_STALL_GRACE, or PRESIDENT_STALL_AFTER without a clock), as the engine's"
    " stall watch last saw the log; independent of /readyz",
)
STALLED_OLDEST_SECONDS = Gauge(
    "president_stalled_oldest_seconds",
    "Seconds since the last event of the longest-stalled game (0: none stalled)",
)
AUDIT_VERDICTS = Counter(
    "president_audit_verdicts",
    "Verdicts the auditor published, by verdict (passed, failed) and scope (game: a "
    "finished game; round: a round's end, PRESIDENT_AUDITOR_EVERY_ROUND)",
    ["verdict", "scope"],
)
AUDIT_SECONDS = Histogram(
    "president_audit_seconds",
    "Time the auditor took to read, replay and verify one finished game",
    buckets=LATENCY_BUCKETS,
)
AUDIT_VERDICT_DELAY = Histogram(
    "president_audit_verdict_delay_seconds",
    "Time from a game's end stored in the events stream to its verdict stored",
    buckets=(0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0),
)
AUDIT_BACKLOG = Gauge(
    "president_audit_backlog",
    "Public events the auditors' shared consumer holds outstanding (not yet delivered, or"
    " delivered and not acknowledged), at the auditor's last look",
)
AUDIT_WAITING_SECONDS = Gauge(
    "president_audit_waiting_seconds",
    "Seconds the oldest outstanding public event has waited for the auditors (their shared"
    " consumer's acknowledgement floor has stood still that long with events outstanding;"
    " every event but a game's end is acknowledged at once); 0: none outstanding",
)
AUDIT_ERRORS = Counter(
    "president_audit_errors",
    "Finished games the auditor could not audit yet (handed back for a redelivery)",
)
