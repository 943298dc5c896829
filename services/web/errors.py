"""The one error of the lobby API: a refusal with an HTTP status and a stable code."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class LobbyError(Exception):
    """A request the lobby refuses: an HTTP ``status``, a stable ``code`` (a rejection code
    of the contract, a quota's, or the door's: ``bad_request``, ``bad_pass``...), its
    ``params``, and when to try again (``retry_after`` seconds, the ``Retry-After``)."""

    def __init__(
        self,
        status: int,
        code: str,
        params: Mapping[str, Any] | None = None,
        *,
        retry_after: int | None = None,
    ):
        super().__init__(code)
        self.status = status
        self.code = code
        self.params = dict(params or {})
        self.retry_after = retry_after
