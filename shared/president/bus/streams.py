"""The JetStream streams of the project: one definition (``StreamSpec``, ``StreamLimits``),
created when missing and checked against the settings by every process; and the one KV
bucket, the lobby's quotas (``quota_bucket``, kept by the web replicas)."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from nats.js import JetStreamContext
from nats.js.api import (
    DiscardPolicy,
    KeyValueConfig,
    RetentionPolicy,
    StorageType,
    StreamConfig,
)
from nats.js.errors import APIError, BucketNotFoundError, NotFoundError
from nats.js.kv import KeyValue

from president.contract.subjects import Subjects
from president.settings import Settings

log = logging.getLogger(__name__)

DUPLICATE_WINDOW = 120.0
"""Seconds within which JetStream drops a message whose Nats-Msg-Id it already stored."""
UNLIMITED = -1


class StreamMismatch(RuntimeError):
    """An existing stream differs from the settings in a way that cannot be changed in place."""


@dataclass(frozen=True)
class StreamLimits:
    """The operator's stream settings. Ages in seconds (0: no age limit), sizes in bytes
    (-1: no size limit)."""

    replicas: int = 1
    events_max_age: float = 7 * 24 * 3600.0
    events_max_bytes: int = UNLIMITED
    prompts_max_age: float = 900.0
    prompts_max_bytes: int = UNLIMITED
    ai_max_bytes: int = UNLIMITED

    @classmethod
    def from_settings(cls, settings: Settings) -> StreamLimits:
        return cls(
            replicas=settings.stream_replicas,
            events_max_age=settings.events_max_age,
            events_max_bytes=settings.events_max_bytes,
            prompts_max_age=settings.prompts_max_age,
            prompts_max_bytes=settings.prompts_max_bytes,
            ai_max_bytes=settings.ai_max_bytes,
        )


@dataclass(frozen=True)
class StreamSpec:
    """One JetStream stream as the project wants it."""

    name: str
    subjects: Sequence[str]
    duplicate_window: float = DUPLICATE_WINDOW
    replicas: int = 1
    max_age: float = 0.0
    max_bytes: int = UNLIMITED
    discard: DiscardPolicy = DiscardPolicy.OLD
    retention: RetentionPolicy = RetentionPolicy.LIMITS
    storage: StorageType = field(default=StorageType.FILE)

    def config(self) -> StreamConfig:
        """As JetStream takes it: the duplicate window no longer than the age limit."""
        window = self.duplicate_window
        if self.max_age > 0:
            window = min(window, self.max_age)
        return StreamConfig(
            name=self.name,
            subjects=list(self.subjects),
            retention=self.retention,
            storage=self.storage,
            num_replicas=self.replicas,
            max_age=self.max_age,
            max_bytes=self.max_bytes,
            discard=self.discard,
            duplicate_window=window,
        )


_FIXED = ("retention", "storage")
_UPDATABLE = ("num_replicas", "max_age", "max_bytes", "discard", "duplicate_window")


def differences(wanted: StreamConfig, held: StreamConfig) -> dict[str, tuple[Any, Any]]:
    """``{field: (held, wanted)}`` for each setting of ``wanted`` that ``held`` lacks."""
    found: dict[str, tuple[Any, Any]] = {}
    for name in _FIXED + _UPDATABLE:
        want, have = _normal(name, getattr(wanted, name)), _normal(name, getattr(held, name))
        if want != have:
            found[name] = (have, want)
    return found


def _normal(name: str, value: Any) -> Any:
    """JetStream reports defaults its own way (no limit: -1 or None; ages as floats)."""
    if name in ("max_age", "duplicate_window"):
        return round(float(value or 0.0), 3)
    if name == "max_bytes":
        return UNLIMITED if value in (None, 0) else int(value)
    if name == "num_replicas":
        return int(value or 1)
    if name == "discard":
        return value or DiscardPolicy.OLD
    if name == "retention":
        return value or RetentionPolicy.LIMITS
    return value


def events_stream(subjects: Subjects, limits: StreamLimits | None = None) -> StreamSpec:
    """The relay's stream. Postgres is the truth: old events go first when it is full."""
    limits = limits or StreamLimits()
    return StreamSpec(
        name=subjects.events_stream,
        subjects=subjects.event_subjects,
        replicas=limits.replicas,
        max_age=limits.events_max_age,
        max_bytes=limits.events_max_bytes,
        discard=DiscardPolicy.OLD,
    )


def prompts_stream(subjects: Subjects, limits: StreamLimits | None = None) -> StreamSpec:
    """Turn prompts: needed while the turn lasts (and by clients that reconnect meanwhile)."""
    limits = limits or StreamLimits()
    return StreamSpec(
        name=subjects.prompts_stream,
        subjects=subjects.prompt_subjects,
        replicas=limits.replicas,
        max_age=limits.prompts_max_age,
        max_bytes=limits.prompts_max_bytes,
        discard=DiscardPolicy.OLD,
    )


def ai_stream(subjects: Subjects, limits: StreamLimits | None = None) -> StreamSpec:
    """The AI decision work queue: a message is gone once a worker acks it. No age limit
    (a pending decision must not vanish); when full, new requests are refused (loudly, at
    the engine) rather than pending ones dropped. Two subjects, one consumer each:
    interactive games' decisions and all-AI games' (the workers take the first first)."""
    limits = limits or StreamLimits()
    return StreamSpec(
        name=subjects.ai_stream,
        subjects=[subjects.ai_decide, subjects.ai_batch],
        retention=RetentionPolicy.WORK_QUEUE,
        replicas=limits.replicas,
        max_bytes=limits.ai_max_bytes,
        discard=DiscardPolicy.NEW,
    )


def audit_stream(subjects: Subjects, limits: StreamLimits | None = None) -> StreamSpec:
    """The auditor's verdicts, kept as long as the events (a verdict is small). Its
    duplicate window drops a verdict published again after a redelivery."""
    limits = limits or StreamLimits()
    return StreamSpec(
        name=subjects.audit_stream,
        subjects=subjects.verdict_subjects,
        replicas=limits.replicas,
        max_age=limits.events_max_age,
        discard=DiscardPolicy.OLD,
    )


async def ensure_stream(
    js: JetStreamContext, spec: StreamSpec, *, add_subjects: bool = False
) -> None:
    """Create the stream when missing; otherwise bring it to ``spec`` (see the module) and,
    with ``add_subjects``, add the subjects it lacks (its messages stay)."""
    try:
        info = await js.stream_info(spec.name)
    except NotFoundError:
        try:
            await js.add_stream(spec.config())
            log.info(
                "created stream %s on %s (replicas %d)",
                spec.name,
                list(spec.subjects),
                spec.replicas,
            )
            return
        except APIError as error:
            try:
                info = await js.stream_info(spec.name)  # another process created it meanwhile
            except NotFoundError:
                message = f"stream {spec.name} cannot be created with the settings: {error}"
                log.error(message)
                raise StreamMismatch(message) from error
    await _reconcile(js, spec, info.config, add_subjects=add_subjects)


async def _reconcile(
    js: JetStreamContext, spec: StreamSpec, held: StreamConfig, *, add_subjects: bool
) -> None:
    wanted = spec.config()
    found = differences(wanted, held)
    fixed = {name: found[name] for name in _FIXED if name in found}
    if fixed:
        message = f"stream {spec.name} differs from the settings in what cannot change: " + _said(
            fixed
        )
        log.error(
            "%s; delete the stream (Postgres is the truth: see republish) or fix them", message
        )
        raise StreamMismatch(message)
    held_subjects = list(held.subjects or [])
    missing = [s for s in spec.subjects if s not in held_subjects] if add_subjects else []
    if not found and not missing:
        return
    updated = dataclasses.replace(
        held,
        subjects=held_subjects + missing,
        **{name: getattr(wanted, name) for name in found},
    )
    if found:
        log.warning("stream %s differs from the settings; updating it: %s", spec.name, _said(found))
    try:
        await js.update_stream(updated)
    except APIError as error:
        message = f"stream {spec.name} cannot be brought to the settings ({_said(found)}): {error}"
        log.error(message)
        raise StreamMismatch(message) from error
    if missing:
        log.info("stream %s: added subjects %s", spec.name, missing)


def _said(found: dict[str, tuple[Any, Any]]) -> str:
    return ", ".join(f"{name} {held!r} -> {wanted!r}" for name, (held, wanted) in found.items())


async def ensure_streams(
    js: JetStreamContext, subjects: Subjects, limits: StreamLimits | None = None
) -> None:
    """The events, prompts and AI streams of ``subjects``' prefix."""
    for spec in (
        events_stream(subjects, limits),
        prompts_stream(subjects, limits),
        ai_stream(subjects, limits),
    ):
        await ensure_stream(js, spec)


def quota_bucket(subjects: Subjects, limits: StreamLimits | None = None) -> KeyValueConfig:
    """The KV bucket of the lobby's counted quotas (``services.web.ledger``): one key, the
    last value only, no age (the web replicas' sweeps give entries back, not a TTL)."""
    limits = limits or StreamLimits()
    return KeyValueConfig(
        bucket=subjects.web_quota_bucket,
        history=1,
        replicas=limits.replicas,
        storage=StorageType.FILE,
        direct=False,
    )


async def ensure_bucket(js: JetStreamContext, config: KeyValueConfig) -> KeyValue:
    """The KV bucket ``config`` names, created when missing (by whichever replica comes
    first: the others find it)."""
    try:
        return await js.key_value(config.bucket)
    except BucketNotFoundError:
        pass
    try:
        return await js.create_key_value(config)
    except APIError:
        return await js.key_value(config.bucket)  # another replica created it meanwhile
