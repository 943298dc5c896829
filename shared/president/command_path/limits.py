"""Per-identity command rate limits: a token bucket per attested client identity, in each
service instance (the services' own identities are not limited)."""

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
        return self.allow_key(requester.user)

    def allow_key(self, key: str) -> bool:
        """Whether ``key`` (any client's key: the web lobby's per-browser ones) may send
        one more now (takes its token if so)."""
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
