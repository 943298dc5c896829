"""Settings come from PRESIDENT_* variables, through president.settings only."""

from __future__ import annotations

from pathlib import Path

import pydantic
import pytest
from president.settings import Settings, env_value, load_settings


def test_urls_come_from_the_environment() -> None:
    settings = load_settings(
        {
            "PRESIDENT_DATABASE_URL": "postgresql://u@h:5432/d",
            "PRESIDENT_NATS_URL": "nats://h:4222",
            "PRESIDENT_DATA_DIR": "/srv/president",
            "PRESIDENT_LOG_LEVEL": "debug",
        }
    )
    assert settings.database_url == "postgresql://u@h:5432/d"
    assert settings.nats_url == "nats://h:4222"
    assert settings.data_dir == Path("/srv/president")
    assert settings.log_level == "DEBUG"


def test_unset_or_empty_variables_leave_the_defaults() -> None:
    settings = load_settings({"PRESIDENT_NATS_URL": "", "UNRELATED": "x"})
    assert settings.database_url is None and settings.nats_url is None
    assert settings.data_dir == Path.cwd() / ".president"
    assert settings.log_level == "INFO"


def test_the_process_environment_is_read_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PRESIDENT_NATS_URL", "nats://from-env:4222")
    assert load_settings().nats_url == "nats://from-env:4222"
    assert env_value("nats_url") == "nats://from-env:4222"


def test_driver_suffixes_are_stripped_to_the_libpq_form() -> None:
    settings = load_settings({"PRESIDENT_DATABASE_URL": "postgresql+asyncpg://u@h/d"})
    assert settings.database_url == "postgresql://u@h/d"


def test_a_non_postgres_database_url_is_rejected() -> None:
    with pytest.raises(pydantic.ValidationError):
        load_settings({"PRESIDENT_DATABASE_URL": "mysql://u@h/d"})


def test_settings_are_frozen() -> None:
    with pytest.raises(pydantic.ValidationError):
        load_settings({}).log_level = "DEBUG"  # type: ignore[misc]


class _TableSettings(Settings):
    instance_id: str = "table-1"
    seats: int = 4


def test_a_service_extends_the_settings_with_its_own_variables() -> None:
    settings = load_settings(
        {"PRESIDENT_INSTANCE_ID": "table-7", "PRESIDENT_SEATS": "6"}, cls=_TableSettings
    )
    assert (settings.instance_id, settings.seats) == ("table-7", 6)
    assert settings.nats_url is None


def test_env_value_reads_one_prefixed_variable() -> None:
    assert env_value("instance_id", {"PRESIDENT_INSTANCE_ID": "ai-3"}) == "ai-3"
    assert env_value("instance_id", {}) is None
