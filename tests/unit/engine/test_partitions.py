"""Partitions shared by rendezvous hashing: every partition has one owner, and an
instance that comes or goes moves only its own share."""

from __future__ import annotations

import pytest
from president.contract.subjects import PARTITIONS
from pydantic import ValidationError

from services.engine.partitions import Heartbeat, owned_by


def test_the_live_instances_own_every_partition_once_and_about_evenly() -> None:
    instances = ["engine-a", "engine-b", "engine-c"]
    shares = [owned_by(i, instances) for i in instances]
    assert set().union(*shares) == set(range(PARTITIONS))
    assert sum(len(share) for share in shares) == PARTITIONS
    assert all(10 <= len(share) <= 32 for share in shares), [len(s) for s in shares]


def test_an_instance_that_goes_moves_only_its_own_partitions() -> None:
    before = {i: owned_by(i, ["a", "b", "c"]) for i in "abc"}
    after = {i: owned_by(i, ["a", "b"]) for i in "ab"}
    for i in "ab":
        assert before[i] <= after[i]
    assert after["a"] | after["b"] == set(range(PARTITIONS))


def test_alone_an_instance_owns_them_all() -> None:
    assert owned_by("a", []) == set(range(PARTITIONS))


def test_a_heartbeat_is_an_object_naming_an_instance_alive_or_leaving() -> None:
    alive = Heartbeat.model_validate_json(b'{"instance": "engine-1", "state": "alive"}')
    assert (alive.instance, alive.state) == ("engine-1", "alive")
    assert Heartbeat.model_validate_json(alive.model_dump_json()) == alive
    for junk in (b"", b"[]", b'{"instance": "", "state": "alive"}', b"x" * 300,
                 b'{"instance": "a", "state": "dead"}'):  # fmt: skip
        with pytest.raises(ValidationError):
            Heartbeat.model_validate_json(junk)
