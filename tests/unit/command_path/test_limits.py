"""Per-identity rate limits: a token bucket per attested client identity, taken at
admission (the services' own identities and an open server's anonymous senders have none)."""

from __future__ import annotations

import pytest
from president.bus.identity import Requester
from president.command_path import RateLimits, admit
from president.contract import GAME_COMMANDS, Pass, Rejected, RejectionCode, parse_reply

pytestmark = pytest.mark.unit


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_client_identity_gets_its_burst_then_its_rate() -> None:
    time = FakeTime()
    limits = RateLimits(rate=10.0, burst=3, clock=time)

    assert [limits.allow("integrator") for _ in range(4)] == [True, True, True, False]
    time.now = 0.1  # one token back
    assert [limits.allow("integrator") for _ in range(2)] == [True, False]


def test_one_identitys_flood_spends_only_its_own_bucket() -> None:
    limits = RateLimits(rate=1.0, burst=2, clock=FakeTime())

    assert [limits.allow("acme-integrator") for _ in range(3)] == [True, True, False]
    assert limits.allow("globex-integrator")


def _admitted(limits: RateLimits, sender: Requester | None) -> list[bool]:
    """Whether each of ten moves of ``sender`` was admitted (not refused RATE_LIMITED)."""
    admitted = []
    for n in range(10):
        move = Pass(command_id=f"c-{n}", table_id="t1", seat=2, seat_token="x")
        raw = move.model_dump_json().encode()
        got = admit(
            "president.cmd.game.t1",
            raw,
            sender,
            accepts=GAME_COMMANDS,
            kind="game",
            limits=limits,
        )
        if isinstance(got, bytes):
            reply = parse_reply(got)
            assert isinstance(reply, Rejected) and reply.code is RejectionCode.RATE_LIMITED
        admitted.append(not isinstance(got, bytes))
    return admitted


def test_admission_refuses_a_client_identity_over_its_rate_unread() -> None:
    limits = RateLimits(rate=1.0, burst=2, clock=FakeTime())

    assert _admitted(limits, Requester("acme-integrator")) == [True, True] + [False] * 8


def test_the_services_own_identities_are_not_limited() -> None:
    limits = RateLimits(rate=1.0, burst=1, clock=FakeTime())

    assert all(_admitted(limits, Requester("ai-worker")))


def test_an_open_server_has_no_identity_to_limit() -> None:
    # Every request of an open server is anonymous: one shared bucket would throttle the
    # whole backend (AI workers included) to one client's rate.
    limits = RateLimits(rate=1.0, burst=1, clock=FakeTime())

    assert all(_admitted(limits, None))
