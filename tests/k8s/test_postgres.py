"""The event store on CloudNativePG: synchronous quorum replication, managed roles without
a superuser, keepalives that free a dead client's advisory locks, WAL archiving and backups."""

from __future__ import annotations

import pytest
from president.store.migrate import APP_ROLE, AUDITOR_ROLE, OWNER_ROLE

from tests.support.manifests import OVERLAYS, Manifest, named, render

pytestmark = pytest.mark.unit


def _cluster(overlay: str) -> Manifest:
    return named(render(overlay), "Cluster", "president-pg")


def test_an_acknowledged_append_survives_the_loss_of_the_primary() -> None:
    spec = _cluster("prod")["spec"]
    assert spec["instances"] == 3
    synchronous = spec["postgresql"]["synchronous"]
    assert synchronous["number"] >= 1 and synchronous["method"] in ("any", "first")
    # required: commits wait for a standby rather than going on alone; the quorum check
    # promotes only a standby that holds every acknowledged commit.
    assert synchronous["dataDurability"] == "required"
    assert synchronous["failoverQuorum"] is True
    parameters = spec["postgresql"]["parameters"]
    assert parameters.get("synchronous_commit", "on") in ("on", "remote_write", "remote_apply")


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_a_dead_clients_session_and_advisory_locks_go_within_a_minute(overlay: str) -> None:
    parameters = _cluster(overlay)["spec"]["postgresql"]["parameters"]
    idle, interval, count = (
        int(parameters[f"tcp_keepalives_{name}"]) for name in ("idle", "interval", "count")
    )
    assert idle + interval * count < 60
    assert int(parameters["tcp_user_timeout"]) < 60_000


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_sessions_are_not_pooled_per_transaction(overlay: str) -> None:
    objects = render(overlay)
    assert [obj for obj in objects if obj["kind"] == "Pooler"] == []


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_the_owner_runs_migrations_and_no_role_is_a_superuser(overlay: str) -> None:
    spec = _cluster(overlay)["spec"]
    assert spec["enableSuperuserAccess"] is False
    assert spec["bootstrap"]["initdb"]["owner"] == "president_owner"
    roles = {role["name"]: role for role in spec["managed"]["roles"]}
    assert set(roles) == {OWNER_ROLE, APP_ROLE, AUDITOR_ROLE}
    # The owner as the migration expects it (CREATEROLE: it creates the two roles should it
    # run before the operator has), with the password the bootstrap gave it.
    owner = roles.pop(OWNER_ROLE)
    assert owner["createrole"] is True and not owner.get("superuser")
    assert owner["passwordSecret"] == spec["bootstrap"]["initdb"]["secret"]
    for role in roles.values():
        assert not role.get("superuser") and not role.get("createrole") and not role.get("createdb")
        assert role["passwordSecret"]["name"]


def test_prod_archives_wal_and_backs_up_daily_to_an_object_store() -> None:
    objects = render("prod")
    spec = _cluster("prod")["spec"]
    (archiver,) = [plugin for plugin in spec["plugins"] if plugin.get("isWALArchiver")]
    store = named(objects, "ObjectStore", archiver["parameters"]["barmanObjectName"])
    assert store["spec"]["configuration"]["destinationPath"].startswith("s3://")
    assert store["spec"]["retentionPolicy"]
    backup = named(objects, "ScheduledBackup", "president-pg-daily")
    assert backup["spec"]["cluster"]["name"] == "president-pg"
    assert backup["spec"]["method"] == "plugin"
    assert backup["spec"]["pluginConfiguration"]["name"] == archiver["name"]


def test_postgres_gets_the_guaranteed_quality_of_service_in_prod() -> None:
    resources = _cluster("prod")["spec"]["resources"]
    assert resources["requests"] == resources["limits"]
