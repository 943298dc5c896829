"""Per-identity rate limits: a token bucket per attested client identity."""

from __future__ import annotations

import pytest
from president.bus.identity import Requester
from president.command_path.limits import RateLimits

pytestmark = pytest.mark.unit


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_client_identity_gets_its_burst_then_its_rate() -> None:
    time = FakeTime()
    limits = RateLimits(rate=10.0, burst=3, clock=time)
    client = Requester("integrator")

    assert [limits.allow(client) for _ in range(4)] == [True, True, True, False]
    time.now = 0.1  # one token back
    assert [limits.allow(client) for _ in range(2)] == [True, False]


def test_one_identitys_flood_spends_only_its_own_bucket() -> None:
    limits = RateLimits(rate=1.0, burst=2, clock=FakeTime())
    flooder, other = Requester("acme-integrator"), Requester("globex-integrator")

    assert [limits.allow(flooder) for _ in range(3)] == [True, True, False]
    assert limits.allow(other)


def test_the_services_own_identities_are_not_limited() -> None:
    limits = RateLimits(rate=1.0, burst=1, clock=FakeTime())

    assert all(limits.allow(Requester("ai-worker")) for _ in range(100))


def test_an_open_server_has_no_identity_to_limit() -> None:
    # Every request of an open server is anonymous: one shared bucket would throttle the
    # whole backend (AI workers included) to one client's rate.
    limits = RateLimits(rate=1.0, burst=1, clock=FakeTime())

    assert all(limits.allow(None) for _ in range(100))
