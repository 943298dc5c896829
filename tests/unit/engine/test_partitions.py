"""Partitions shared by rendezvous hashing: every partition has one owner, and an
instance that comes or goes moves only its own share."""

from __future__ import annotations

from president.contract.subjects import PARTITIONS

from services.engine.partitions import _heartbeat, owned_by


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


def test_a_heartbeat_is_a_small_object_naming_an_instance_alive_or_leaving() -> None:
    assert _heartbeat(b'{"instance": "engine-1", "state": "alive"}') == ("engine-1", True)
    assert _heartbeat(b'{"instance": "engine-1", "state": "leaving"}') == ("engine-1", False)
    for junk in (b"", b"[]", b'{"instance": "a.b", "state": "alive"}', b"x" * 300,
                 b'{"instance": "a", "state": "dead"}'):  # fmt: skip
        assert _heartbeat(junk) is None
