"""Per-identity rate limits: a token bucket per key (an attested client identity, a
browser's key), in each service instance."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass


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

    def allow(self, key: str) -> bool:
        """Whether ``key`` (a client identity, a browser's key) may send one more now
        (takes its token if so)."""
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
