"""Typed settings: the only module of the project that reads the environment (a field
``x`` of a settings model from ``PRESIDENT_X``; ``load_settings``, ``env_value``)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar, Literal, TypeVar, overload

from pydantic import BaseModel, ConfigDict, Field, field_validator

ENV_PREFIX = "PRESIDENT_"
_LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")

S = TypeVar("S", bound="Settings")


def _environment(env: Mapping[str, str] | None) -> Mapping[str, str]:
    return os.environ if env is None else env


def env_value(
    name: str, env: Mapping[str, str] | None = None, *, prefix: str = ENV_PREFIX
) -> str | None:
    """The value of ``<prefix><NAME>`` (``PRESIDENT_INSTANCE_ID``); None when unset or empty."""
    value = _environment(env).get(prefix + name.upper())
    return value if value else None


def _default_data_dir() -> Path:
    return Path.cwd() / ".president"


class Settings(BaseModel):
    """Settings shared by every process. Subclass it to add a service's own fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    env_prefix: ClassVar[str] = ENV_PREFIX

    database_url: str | None = Field(
        default=None, description="libpq URL, postgresql://user@host:port/db; None = embedded"
    )
    nats_url: str | None = Field(
        default=None, description="nats://host:port, or a comma list of servers; None = embedded"
    )
    nats_user: str | None = Field(default=None, description="this process's NATS identity")
    nats_password: str | None = Field(default=None, repr=False)
    nats_commands_user: str | None = Field(
        default=None,
        description="the engine's and the relay's second identity, in the command account"
        " (engine-commands, relay-commands)",
    )
    nats_commands_password: str | None = Field(default=None, repr=False)
    nats_tls_ca: Path | None = Field(default=None, description="CA file to verify the server")
    nats_tls_cert: Path | None = Field(default=None, description="client certificate (mTLS)")
    nats_tls_key: Path | None = Field(default=None, description="its private key")
    data_dir: Path = Field(default_factory=_default_data_dir, description="embedded servers' data")
    log_level: str = "INFO"
    stream_replicas: int = Field(
        default=1, ge=1, le=5, description="replicas of every JetStream stream the project creates"
    )
    events_max_age: float = Field(
        default=7 * 24 * 3600.0,
        ge=0,
        description="seconds the events stream keeps a message (0: no limit)",
    )
    events_max_bytes: int = Field(
        default=-1, ge=-1, description="size limit of the events stream, oldest dropped (-1: none)"
    )
    prompts_max_age: float = Field(
        default=900.0,
        ge=0,
        description="seconds the prompts stream keeps a turn prompt (0: no limit)",
    )
    prompts_max_bytes: int = Field(
        default=-1, ge=-1, description="size limit of the prompts stream, oldest dropped (-1: none)"
    )
    ai_max_bytes: int = Field(
        default=-1, ge=-1, description="size limit of the AI work queue, new refused (-1: none)"
    )
    log_format: Literal["text", "json"] = Field(
        default="text", description="text for people, json (one object a line) for collectors"
    )
    nats_reconnect_wait: float = Field(
        default=0.1, gt=0, description="seconds before the first reconnection attempt to NATS"
    )
    nats_reconnect_wait_max: float = Field(
        default=5.0, gt=0, description="cap of the doubling wait between attempts (jittered)"
    )
    nats_max_reconnect_attempts: int = Field(
        default=-1, description="attempts per server before giving up (-1: never give up)"
    )
    command_rate: float = Field(
        default=100.0,
        gt=0,
        description="commands per second one client identity may send to each service"
        " instance (token bucket; the services' own identities are not limited)",
    )
    command_burst: int = Field(
        default=200, ge=1, description="commands one client identity may send at once"
    )
    max_open_tables: int = Field(
        default=50, ge=1, description="open (not yet started) tables one identity may create"
    )
    stall_grace: float = Field(
        default=30.0,
        ge=0,
        description="seconds past a due seat's deadline before its game is reported stalled",
    )
    stall_after: float = Field(
        default=600.0,
        gt=0,
        description="seconds a game without a clock may wait for a move before it is"
        " reported stalled",
    )

    @field_validator("database_url")
    @classmethod
    def _plain_libpq_url(cls, value: str | None) -> str | None:
        if value is None:
            return None
        scheme, sep, rest = value.partition("://")
        if not sep or scheme.split("+")[0] not in ("postgres", "postgresql"):
            raise ValueError(f"database_url must be postgresql://..., got {value!r}")
        return "postgresql://" + rest

    @field_validator("nats_url")
    @classmethod
    def _nats_scheme(cls, value: str | None) -> str | None:
        if value is not None and "://" not in value:
            raise ValueError(f"nats_url must be nats://host:port, got {value!r}")
        return value

    @field_validator("data_dir")
    @classmethod
    def _absolute(cls, value: Path) -> Path:
        return value.expanduser().absolute()

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.upper()
        if level not in _LOG_LEVELS:
            raise ValueError(f"log_level must be one of {_LOG_LEVELS}, got {value!r}")
        return level


class ServiceSettings(Settings):
    """Settings of a long-running process (relay, table, engine, ai-worker): its name, the
    ready file the local launchers wait for, and the health/metrics HTTP server."""

    instance_id: str = "president-1"
    subject_prefix: str = "president"
    ready_file: Path | None = None
    health_port: int | None = Field(
        default=None, ge=0, le=65535, description="port of /livez, /readyz, /metrics (unset: none)"
    )
    health_host: str = Field(default="0.0.0.0", description="address the health server binds")
    stop_timeout: float = Field(
        default=20.0, gt=0, description="seconds a clean stop may take before the process exits"
    )
    profile_dir: Path | None = Field(
        default=None,
        description="where SIGUSR1/SIGUSR2 start and write a CPU profile (unset: no profiling)",
    )


@overload
def load_settings(env: Mapping[str, str] | None = None) -> Settings: ...


@overload
def load_settings(env: Mapping[str, str] | None = None, *, cls: type[S]) -> S: ...


def load_settings(
    env: Mapping[str, str] | None = None, *, cls: type[Settings] = Settings
) -> Settings:
    """Build ``cls`` from ``PRESIDENT_*`` variables of ``env`` (default: the process environment).

    Unset or empty variables leave the field's default.
    """
    source = _environment(env)
    values: dict[str, Any] = {}
    for name in cls.model_fields:
        raw = env_value(name, source, prefix=cls.env_prefix)
        if raw is not None:
            values[name] = raw
    return cls.model_validate(values)


class MissingSecretError(RuntimeError):
    """A process outside the embedded stack lacks a secret it must never default."""


_LOCAL_HOSTS = ("", "localhost", "127.0.0.1", "::1")


def _url_user_and_password(url: str) -> tuple[str | None, str | None]:
    from urllib.parse import urlsplit

    parts = urlsplit(url.split(",")[0].strip())
    return parts.username, parts.password


def require_secrets(
    settings: Settings,
    *,
    token_secret: str | None = None,
    needs_token: bool = False,
    needs_database: bool = True,
    needs_nats: bool = True,
    needs_commands_identity: bool = False,
) -> None:
    """Refuse to start without the secrets a deployment must set (never a default):

    - NATS credentials (PRESIDENT_NATS_USER / PRESIDENT_NATS_PASSWORD, or a user and
      password in PRESIDENT_NATS_URL);
    - the engine's and the relay's second identity, in the command account
      (PRESIDENT_NATS_COMMANDS_USER / PRESIDENT_NATS_COMMANDS_PASSWORD,
      ``needs_commands_identity``);
    - PRESIDENT_TOKEN_SECRET for the processes that derive seat tokens (``needs_token``);
    - a password in PRESIDENT_DATABASE_URL when the database is on another host (a local
      one may trust the socket or loopback, as the embedded server does).

    Called with configured servers only: the embedded stack draws its own secrets.
    """
    missing: list[str] = []
    if needs_nats and settings.nats_url is not None:
        user, password = _url_user_and_password(settings.nats_url)
        if not (settings.nats_user and settings.nats_password) and not (user and password):
            missing.append("PRESIDENT_NATS_USER and PRESIDENT_NATS_PASSWORD")
        if needs_commands_identity and not (
            settings.nats_commands_user and settings.nats_commands_password
        ):
            missing.append("PRESIDENT_NATS_COMMANDS_USER and PRESIDENT_NATS_COMMANDS_PASSWORD")
    if needs_token and not token_secret:
        missing.append("PRESIDENT_TOKEN_SECRET")
    if needs_database and settings.database_url is not None:
        from urllib.parse import parse_qs, urlsplit

        parts = urlsplit(settings.database_url)
        query = parse_qs(parts.query)
        local = (parts.hostname or "") in _LOCAL_HOSTS or "host" in query
        if not parts.password and "passfile" not in query and not local:
            missing.append("a password in PRESIDENT_DATABASE_URL")
    if missing:
        raise MissingSecretError(
            "refusing to start without " + ", ".join(missing) + " (no default is safe)"
        )
