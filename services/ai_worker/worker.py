"""The AI worker's application: one DecisionRequest in, one command out, one outcome for the
queue (``ACK``, ``RETRY`` or ``DROP``)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol

from president.ai import HistoryMissing, Policy, make_policy
from president.contract import (
    Accepted,
    AILevel,
    DecisionRequest,
    GameAction,
    GetView,
    Rejected,
    RejectionCode,
    Reply,
    ViewReply,
)
from president.rules import Observation, without_history
from president.runtime.logs import log_context
from president.runtime.metrics import AI_DECISION_SECONDS, AI_DECISIONS
from pydantic import ValidationError

from services.ai_worker.decide import decision

log = logging.getLogger(__name__)


INLINE_LEVELS = frozenset({AILevel.EASY})
"""Levels decided on the event loop: an Easy decision takes about 0.1 ms, less than the
hop to a worker thread and back; the others think longer and run in a thread."""


class Outcome(Enum):
    ACK = "ack"
    RETRY = "retry"
    DROP = "drop"


class Unanswered(Exception):
    """The command got no reply (no engine listening, or none in time)."""


class GameClient(Protocol):
    """Sends a game command (or ``GetView``) and returns the engine's reply."""

    async def submit(self, command: GameAction | GetView) -> Reply: ...


@dataclass
class WorkerStats:
    """What the worker did since the last report (then cleared)."""

    decisions: int = 0
    accepted: int = 0
    rejected: Counter[str] = field(default_factory=Counter)
    retries: int = 0
    rtt_ms: list[float] = field(default_factory=list)
    decide_ms: list[float] = field(default_factory=list)

    def drain(self, instance_id: str) -> dict[str, Any]:
        report = {
            "instance_id": instance_id,
            "decisions": self.decisions,
            "accepted": self.accepted,
            "rejected": dict(self.rejected),
            "retries": self.retries,
            "rtt_ms": self.rtt_ms,
            "decide_ms": self.decide_ms,
        }
        self.decisions = self.accepted = self.retries = 0
        self.rejected = Counter()
        self.rtt_ms, self.decide_ms = [], []
        return report


class PolicyCache:
    """One policy per (level, budget): policies are stateless between decisions."""

    def __init__(self, seed: int | None, budget_ms: int | None):
        self._seed = seed
        self._budget_ms = budget_ms
        self._policies: dict[tuple[str, int], Policy] = {}

    def for_request(self, request: DecisionRequest) -> Policy:
        budget = self._budget_ms or request.budget_ms
        key = (request.level.value, budget)
        policy = self._policies.get(key)
        if policy is None:
            policy = make_policy(request.level.value, seed=self._seed, budget_ms=budget)
            self._policies[key] = policy
        return policy


class AIWorker:
    """Decides DecisionRequests and submits them through ``client``. The levels that think
    run in threads of their queue's own pool (``threads`` each), so an interactive game's
    decision never waits for a thread that all-AI games' Hard searches hold."""

    def __init__(
        self, client: GameClient, policies: PolicyCache, stats: WorkerStats, threads: int = 8
    ):
        self._client = client
        self._policies = policies
        self.stats = stats
        self._pools = {
            interactive: ThreadPoolExecutor(threads, f"decide-{kind}")
            for interactive, kind in ((True, "interactive"), (False, "batch"))
        }

    def close(self) -> None:
        """Let the decision threads end (those deciding finish first)."""
        for pool in self._pools.values():
            pool.shutdown(wait=False, cancel_futures=True)

    async def handle(self, raw: bytes, interactive: bool = True) -> Outcome:
        try:
            request = DecisionRequest.model_validate_json(raw)
        except ValidationError as error:
            log.error("unreadable decision request dropped: %s", error)
            return Outcome.DROP
        with log_context(
            table_id=request.table_id,
            command_id=request.command_id,
            correlation_id=request.table_id,
        ):
            return await self._decide_and_submit(request, self._pools[interactive])

    async def _decide_and_submit(
        self, request: DecisionRequest, pool: ThreadPoolExecutor
    ) -> Outcome:
        policy = self._policies.for_request(request)
        started = time.perf_counter()
        try:
            command = await self._decide(request, policy, pool)
        except HistoryMissing:
            full = await self._full_view(request)
            if isinstance(full, Outcome):
                return full
            command = await self._decide(request, policy, pool, full)
        sent = time.perf_counter()
        AI_DECISIONS.labels(request.level.value).inc()
        AI_DECISION_SECONDS.labels(request.level.value).observe(sent - started)
        try:
            reply = await self._client.submit(command)
        except Unanswered as error:
            log.warning(
                "%s: no reply (%s); the request will be redelivered", command.command_id, error
            )
            self.stats.retries += 1
            return Outcome.RETRY
        self.stats.decisions += 1
        self.stats.decide_ms.append((sent - started) * 1000)
        self.stats.rtt_ms.append((time.perf_counter() - sent) * 1000)
        return self._outcome(command, reply)

    async def _decide(
        self,
        request: DecisionRequest,
        policy: Policy,
        pool: ThreadPoolExecutor,
        view: Observation | None = None,
    ) -> GameAction:
        if request.level in INLINE_LEVELS:
            return decision(request, policy.decide, view)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(pool, decision, request, policy.decide, view)

    async def _full_view(self, request: DecisionRequest) -> Observation | Outcome:
        """The seat's view with the round's history, asked of the engine as the seat (its
        token: that seat's view only), if it is still the position of ``request``."""
        query = GetView(table_id=request.table_id, seat=request.seat, seat_token=request.seat_token)
        try:
            reply = await self._client.submit(query)
        except Unanswered as error:
            log.warning("%s: no view (%s); will be redelivered", request.command_id, error)
            self.stats.retries += 1
            return Outcome.RETRY
        if isinstance(reply, Rejected) and reply.code is RejectionCode.INTERNAL_ERROR:
            self.stats.retries += 1
            return Outcome.RETRY
        if not isinstance(reply, ViewReply):
            log.info("%s: no view (%s): the table moved on", request.command_id, reply.type)
            return Outcome.ACK
        full = reply.view.to_rules()
        if without_history(full) != request.view.to_rules():
            log.info("%s: the view moved on since the request; dropped", request.command_id)
            return Outcome.ACK
        return full

    def _outcome(self, command: GameAction, reply: Reply) -> Outcome:
        if isinstance(reply, Accepted):
            self.stats.accepted += 1
            return Outcome.ACK
        if isinstance(reply, Rejected):
            self.stats.rejected[reply.code.value] += 1
            if reply.code is RejectionCode.INTERNAL_ERROR:
                self.stats.retries += 1
                return Outcome.RETRY
            log.info("%s rejected (%s): the table moved on", command.command_id, reply.code)
            return Outcome.ACK
        log.error("%s: unexpected reply %s", command.command_id, type(reply).__name__)
        return Outcome.ACK
