"""Per-identity command rate limits: a token bucket per requester, in each service instance.

A client identity (an integrator, anyone the bus does not know as a service) may send
``rate`` commands per second on average and ``burst`` at once to one service instance;
beyond that its commands are answered ``RATE_LIMITED`` at once, unread (no JSON parsed,
no Postgres touched, no command slot taken), so a client that floods slows only itself.
The services' own identities (``president.bus.auth.SERVICE_ROLES``: the AI workers' moves
above all) are not limited: they are the backend. The requester is the identity the
server attests (``president.bus.identity``), so a client cannot spend another's rate nor
pass as a service. Requests without one come only from an open server (no
authentication: local comparisons such as `president bench e2e --no-auth`; every
deployment authenticates): there is no identity to limit, so they are not limited. (One
bucket for all of them throttled the whole backend, AI workers included, to ``rate``.)
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from president.bus.auth import SERVICE_ROLES
from president.bus.identity import Requester


@dataclass
class _Bucket:
    tokens: float
    at: float


class RateLimits:
    """Token buckets keyed by requester (the ``max_identities`` most recent are kept)."""

    def __init__(
        self,
        rate: float,
        burst: int,
        *,
        clock: Callable[[], float] = time.monotonic,
        max_identities: int = 10_000,
    ):
        self.rate = rate
        self.burst = float(burst)
        self._clock = clock
        self._max = max_identities
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()

    def allow(self, requester: Requester | None) -> bool:
        """Whether ``requester`` may send one more command now (takes its token if so)."""
        if requester is None or requester.role in SERVICE_ROLES:
            return True
        key = requester.user
        now = self._clock()
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = _Bucket(self.burst, now)
            if len(self._buckets) > self._max:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
            bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.rate)
            bucket.at = now
        if bucket.tokens < 1.0:
            return False
        bucket.tokens -= 1.0
        return True
