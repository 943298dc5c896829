"""The audit's outcome: the verdict, the located problems and the account, as JSON-ready
data (cards still secret left out of every rendering)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from president.audit.account import GameAccount, RoundAccount, Trick
from president.audit.problems import Problem
from president.game.liveness import Stall


@dataclass(frozen=True, slots=True)
class Checked:
    """How much each check covered."""

    events: int = 0
    chain_head: str | None = None
    commitments: int = 0
    deals: int = 0
    replayed: int = 0


@dataclass(frozen=True, slots=True)
class AuditReport:
    """The verdict (``ok``: the record checks), every problem (located by stream version),
    the account, and ``stall``: the game in play waits past its limit (None: it does not,
    or it was not looked at)."""

    stream_id: str
    account: GameAccount
    problems: tuple[Problem, ...]
    checked: Checked = field(default_factory=Checked)
    stall: Stall | None = None

    @property
    def ok(self) -> bool:
        return not self.problems

    def round_span(self, account: RoundAccount) -> tuple[int, int]:
        """First and last stream version that belong to ``account``'s round."""
        rounds = self.account.rounds
        index = rounds.index(account)
        last = (
            rounds[index + 1].first_version - 1 if index + 1 < len(rounds) else self.checked.events
        )
        return account.first_version, max(last, account.first_version)

    def round_problems(self, account: RoundAccount) -> list[Problem]:
        first, last = self.round_span(account)
        return [p for p in self.problems if p.version is not None and first <= p.version <= last]

    def rounds(self, only: int | None = None) -> list[RoundAccount]:
        return [r for r in self.account.rounds if only is None or r.number == only]

    def to_dict(self, only_round: int | None = None) -> dict[str, Any]:
        """The report as one JSON object (``--json``); ``only_round`` limits the account."""
        account = self.account
        return {
            "ok": self.ok,
            "table_id": account.table_id,
            "stream_id": self.stream_id,
            "rules_version": account.rules_version,
            "options": account.options,
            "seats": account.seats,
            "checked": {
                "events": self.checked.events,
                "chain_head": self.checked.chain_head,
                "commitments": self.checked.commitments,
                "deals": self.checked.deals,
                "replayed": self.checked.replayed,
            },
            "problems": [p.to_dict() for p in self.problems],
            "stalled": None if self.stall is None else _stall_dict(self.stall),
            "rounds": [self._round_dict(r) for r in self.rounds(only_round)],
            "final_scores": list(account.final_scores) if account.final_scores else None,
        }

    def _round_dict(self, account: RoundAccount) -> dict[str, Any]:
        deal = account.deal
        return {
            "round": account.number,
            "versions": list(self.round_span(account)),
            "leader": account.leader,
            "deal": None
            if deal is None
            else {
                "commitment": deal.commitment,
                "commitment_version": deal.commitment_version,
                "seed": deal.seed,
                "reveal_version": deal.reveal_version,
                "commitment_ok": deal.commitment_ok,
                "deal_ok": deal.deal_ok,
            },
            "hands": [list(h) for h in account.hands] if account.ended else None,
            "exchange": [
                {
                    "version": t.version,
                    "kind": t.kind,
                    "giver": t.giver,
                    "receiver": t.receiver,
                    "cards": list(t.cards) if account.ended else None,
                    "count": len(t.cards),
                    "takeover": t.takeover,
                    "by": None if t.by is None else t.by.to_dict(),
                }
                for t in account.exchange
            ],
            "play_leader": account.play_leader,
            "tricks": [_trick_dict(t) for t in account.tricks],
            "revolutions": [
                {"version": m.version, "seat": m.seat, "order": m.order_now}
                for m in account.revolutions
            ],
            "finishes": [
                {"version": f.version, "seat": f.seat, "place": f.place, "title": f.title}
                for f in account.finishes
            ],
            "ended": account.ended,
            "finish_order": list(account.finish_order),
            "points": list(account.points),
            "titles": list(account.titles),
            "scores": list(account.scores),
            "clock": [
                {
                    "version": n.version,
                    "kind": n.kind,
                    "seat": n.seat,
                    "detail": n.detail,
                    "lag_ms": None if n.lag_ms is None else round(n.lag_ms, 1),
                    "by": None if n.by is None else n.by.to_dict(),
                }
                for n in account.clock
            ],
            "takeovers": sorted(
                [
                    {"version": t.version, "seat": t.giver, "reason": t.takeover}
                    for t in account.exchange
                    if t.takeover is not None
                ]
                + [
                    {"version": m.version, "seat": m.seat, "reason": m.takeover}
                    for t in account.tricks
                    for m in t.moves
                    if m.takeover is not None
                ],
                key=lambda item: int(item["version"] or 0),
            ),
            "problems": [p.to_dict() for p in self.round_problems(account)],
        }


def _trick_dict(trick: Trick) -> dict[str, Any]:
    moves: list[dict[str, Any]] = []
    for move in trick.moves:
        item: dict[str, Any] = {
            "version": move.version,
            "seat": move.seat,
            "by": None if move.by is None else move.by.to_dict(),
        }
        if move.cards:
            item["cards"] = list(move.cards)
        else:
            item["pass"] = True
        if move.order_now is not None:
            item["order_now"] = move.order_now
        if move.place is not None:
            item["place"], item["title"] = move.place, move.title
        if move.takeover is not None:
            item["takeover"] = move.takeover
        moves.append(item)
    return {
        "number": trick.number,
        "moves": moves,
        "winner": trick.winner,
        "next_leader": trick.next_leader,
    }


def _stall_dict(stall: Stall) -> dict[str, Any]:
    return {
        "since": stall.since.isoformat(),
        "waiting_for": list(stall.seats),
        "limit": stall.limit.isoformat(),
    }


def stall_words(stall: Stall) -> tuple[str, str, str]:
    """The stall as the text and the page say it: since when, for whom, until when."""
    seats = " and ".join(str(seat) for seat in stall.seats)
    who = f"seat {seats}" if len(stall.seats) == 1 else f"seats {seats}"
    return (
        _when(stall.since),
        who if stall.seats else "the engine (the next deal)",
        _when(stall.limit),
    )


def _when(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
