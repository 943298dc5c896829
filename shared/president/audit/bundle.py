"""The audit bundle: a game stream exported as JSON lines (header, one line per event, the
chain head), auditable with no database; docs/audit.md gives the format."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import IO, Any
from uuid import UUID

import orjson

from president.audit.game import GAME_CREATED, KNOWN_RULES_VERSIONS
from president.audit.problems import Problem
from president.store import RecordedEvent

BUNDLE_FORMAT = "president-audit-bundle/1"


def bundle_lines(stream_id: str, table_id: str, events: Sequence[RecordedEvent]) -> Iterator[bytes]:
    """The bundle of ``events`` line by line (each line ends with a newline), without the
    round in play."""
    created = events[0].data if events and events[0].type == GAME_CREATED else {}
    in_play_from = round_in_play_from(events)
    if in_play_from is not None:
        events = events[: in_play_from - events[0].version]
    header = {
        "kind": "header",
        "format": BUNDLE_FORMAT,
        "table_id": table_id,
        "stream_id": stream_id,
        "rules_version": created.get("rules_version"),
        "events": len(events),
        "in_play_from": in_play_from,
    }
    yield orjson.dumps(header) + b"\n"
    for event in events:
        yield orjson.dumps(_event_dict(event)) + b"\n"
    last = events[-1] if events else None
    head = {"kind": "head", "version": last.version if last else 0, "hash": last and last.hash}
    yield orjson.dumps(head) + b"\n"


def round_in_play_from(events: Sequence[RecordedEvent]) -> int | None:
    """The version of the commitment of a round that has not ended (None: every round dealt
    so far has ended)."""
    ended = {event.data.get("round") for event in events if event.type == "RoundEnded"}
    for event in events:
        if event.type == "DealCommitted" and event.data.get("round") not in ended:
            return event.version
    return None


def write_bundle(
    stream_id: str, table_id: str, events: Sequence[RecordedEvent], out: IO[bytes]
) -> int:
    """Write the bundle to the binary stream ``out``; returns the number of events written
    (a game in play's round in play is left out)."""
    lines = 0
    for line in bundle_lines(stream_id, table_id, events):
        out.write(line)
        lines += 1
    out.flush()
    return lines - 2  # the header and the head


def _event_dict(event: RecordedEvent) -> dict[str, Any]:
    return {
        "kind": "event",
        "stream_id": event.stream_id,
        "version": event.version,
        "event_id": str(event.event_id),
        "position": event.position,
        "tx_id": event.tx_id,
        "type": event.type,
        "schema_version": event.schema_version,
        "data": event.data,
        "metadata": event.metadata,
        "recorded_at": event.recorded_at.isoformat(),
        "prev_hash": event.prev_hash,
        "hash": event.hash,
    }


@dataclass(slots=True)
class Bundle:
    """What a bundle file held, and every defect of the file itself."""

    table_id: str | None = None
    rules_version: str | None = None
    events: list[RecordedEvent] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def load_bundle(content: bytes) -> Bundle:
    """Read a bundle; a broken file gives problems, never an exception."""
    bundle = Bundle()
    lines = content.splitlines()
    if not lines:
        bundle.problems.append(Problem(None, "the bundle is empty", key="bundle-empty"))
        return bundle
    header = _json_line(bundle, lines[0], 1)
    if header is None:
        bundle.problems.append(
            Problem(None, "the bundle does not start with its header line", key="bundle-no-header")
        )
    if header is None or not _read_header(bundle, header):
        return bundle
    head: Mapping[str, Any] | None = None
    for number, raw in enumerate(lines[1:], start=2):
        if head is not None:
            bundle.problems.append(
                Problem(
                    None,
                    f"line {number} comes after the chain head",
                    key="bundle-after-head",
                    args={"line": number},
                )
            )
            break
        line = _json_line(bundle, raw, number)
        if line is None:
            continue
        if line.get("kind") == "head":
            head = line
        elif line.get("kind") == "event":
            _read_event(bundle, line, number)
        else:
            bundle.problems.append(
                Problem(
                    None,
                    f"line {number} is neither an event nor the head",
                    key="bundle-not-event",
                    args={"line": number},
                )
            )
    _check_head(bundle, header, head)
    return bundle


def _json_line(bundle: Bundle, raw: bytes, number: int) -> dict[str, Any] | None:
    try:
        value = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        bundle.problems.append(
            Problem(
                None,
                f"line {number} is not valid JSON ({exc})",
                key="bundle-not-json",
                args={"line": number},
            )
        )
        return None
    if not isinstance(value, dict):
        bundle.problems.append(
            Problem(
                None,
                f"line {number} is not a JSON object",
                key="bundle-not-object",
                args={"line": number},
            )
        )
        return None
    return value


def _read_header(bundle: Bundle, header: Mapping[str, Any]) -> bool:
    if header.get("kind") != "header":
        bundle.problems.append(
            Problem(None, "the bundle does not start with its header line", key="bundle-no-header")
        )
        return False
    if header.get("format") != BUNDLE_FORMAT:
        bundle.problems.append(
            Problem(
                None,
                f"unknown bundle format {header.get('format')!r} (expected {BUNDLE_FORMAT})",
                key="bundle-format",
                args={"expected": BUNDLE_FORMAT},
            )
        )
        return False
    table_id, rules_version = header.get("table_id"), header.get("rules_version")
    bundle.table_id = table_id if isinstance(table_id, str) else None
    bundle.rules_version = rules_version if isinstance(rules_version, str) else None
    if rules_version not in KNOWN_RULES_VERSIONS:
        known = ", ".join(sorted(KNOWN_RULES_VERSIONS))
        bundle.problems.append(
            Problem(
                None,
                f"the bundle is of rules version {rules_version!r}; this auditor knows {known}",
                key="bundle-rules-version",
                args={"known": known},
            )
        )
    return True


def _read_event(bundle: Bundle, line: Mapping[str, Any], number: int) -> None:
    try:
        event = RecordedEvent(
            stream_id=_typed(line, "stream_id", str),
            version=_typed(line, "version", int),
            event_id=UUID(_typed(line, "event_id", str)),
            position=_typed(line, "position", int),
            tx_id=_typed(line, "tx_id", int),
            type=_typed(line, "type", str),
            schema_version=_typed(line, "schema_version", int),
            data=_typed(line, "data", dict),
            metadata=_typed(line, "metadata", dict),
            recorded_at=datetime.fromisoformat(_typed(line, "recorded_at", str)),
            prev_hash=_typed(line, "prev_hash", str),
            hash=_typed(line, "hash", str),
        )
    except (KeyError, TypeError, ValueError) as exc:
        version = line.get("version")
        where = version if isinstance(version, int) and not isinstance(version, bool) else None
        bundle.problems.append(
            Problem(
                where,
                f"line {number} is not a valid event: {exc}",
                key="bundle-bad-event",
                args={"line": number},
            )
        )
        return
    bundle.events.append(event)


def _typed(line: Mapping[str, Any], name: str, kind: type[Any]) -> Any:
    if name not in line:
        raise KeyError(f"no {name!r}")
    value = line[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise TypeError(f"{name!r} is not of type {kind.__name__}")
    return value


def _check_head(bundle: Bundle, header: Mapping[str, Any], head: Mapping[str, Any] | None) -> None:
    last = bundle.events[-1] if bundle.events else None
    if head is None:
        after = f"after version {last.version}" if last else "before any event"
        bundle.problems.append(
            Problem(
                None,
                f"the bundle is truncated: it ends {after} without its chain head line",
                key="bundle-truncated",
                args={"after": last.version if last else 0},
            )
        )
        return
    if last is None or head.get("version") != last.version or head.get("hash") != last.hash:
        bundle.problems.append(
            Problem(
                None,
                f"the chain head line (version {head.get('version')}, hash {head.get('hash')}) "
                "is not the last event: events are missing or were added at the end",
                key="bundle-head-not-last",
            )
        )
    if header.get("events") != len(bundle.events):
        bundle.problems.append(
            Problem(
                None,
                f"the header announces {header.get('events')} events, the file holds "
                f"{len(bundle.events)} readable ones",
                key="bundle-count",
                args={"held": len(bundle.events)},
            )
        )
