"""What one seat may know: the observation a player, a client and an AI all receive."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from president.rules.actions import Action, parse_action
from president.rules.cards import RANKS, mask_names
from president.rules.engine import legal_actions
from president.rules.errors import Rejected
from president.rules.state import NO_RANK, GameState, Move, RoundResult, Transfer


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's view of the game: own hand and public information only."""

    seat: int
    players: int
    rules_version: str
    options: dict[str, object]
    phase: str
    round: int
    leader: int
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    to_act: int | None
    reversed: bool
    top_cards: tuple[str, ...]
    top_seat: int | None
    top_rank: str | None
    passed: tuple[int, ...]
    trick: tuple[Move, ...]
    history: tuple[Move, ...]
    finished: tuple[int, ...]
    owed_return: tuple[int, int] | None
    exchanges: tuple[Transfer, ...]
    results: tuple[RoundResult, ...]
    scores: tuple[int, ...]
    legal_actions: tuple[Action, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form of the view (what a turn prompt carries)."""
        return {
            "seat": self.seat,
            "players": self.players,
            "rules_version": self.rules_version,
            "options": dict(self.options),
            "phase": self.phase,
            "round": self.round,
            "leader": self.leader,
            "hand": list(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "to_act": self.to_act,
            "reversed": self.reversed,
            "top_cards": list(self.top_cards),
            "top_seat": self.top_seat,
            "top_rank": self.top_rank,
            "passed": list(self.passed),
            "trick": [_move(m) for m in self.trick],
            "history": [_move(m) for m in self.history],
            "finished": list(self.finished),
            "owed_return": None if self.owed_return is None else list(self.owed_return),
            "exchanges": [
                {"giver": t.giver, "receiver": t.receiver, "cards": list(t.cards)}
                for t in self.exchanges
            ],
            "results": [{"round": r.round, **r.to_dict()} for r in self.results],
            "scores": list(self.scores),
            "legal_actions": [a.to_dict() for a in self.legal_actions],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeatView:
        """Rebuild a view from ``to_dict`` data (what an AI worker receives).

        Raises KeyError, TypeError or ValueError for data of another shape.
        """
        players = int(data["players"])
        actions: list[Action] = []
        for raw in data["legal_actions"]:
            action = parse_action(raw, players)
            if isinstance(action, Rejected):
                raise ValueError(f"bad legal action {raw!r}: {action.detail}")
            actions.append(action)
        owed = data["owed_return"]
        return cls(
            seat=int(data["seat"]),
            players=players,
            rules_version=str(data["rules_version"]),
            options=dict(data["options"]),
            phase=str(data["phase"]),
            round=int(data["round"]),
            leader=int(data["leader"]),
            hand=tuple(data["hand"]),
            hand_sizes=tuple(data["hand_sizes"]),
            to_act=data["to_act"],
            reversed=bool(data["reversed"]),
            top_cards=tuple(data["top_cards"]),
            top_seat=data["top_seat"],
            top_rank=data["top_rank"],
            passed=tuple(data["passed"]),
            trick=tuple(Move(m["seat"], tuple(m["cards"])) for m in data["trick"]),
            history=tuple(Move(m["seat"], tuple(m["cards"])) for m in data["history"]),
            finished=tuple(data["finished"]),
            owed_return=None if owed is None else (int(owed[0]), int(owed[1])),
            exchanges=tuple(
                Transfer(t["giver"], t["receiver"], tuple(t["cards"])) for t in data["exchanges"]
            ),
            results=tuple(
                RoundResult(
                    r["round"], tuple(r["finish_order"]), tuple(r["points"]), tuple(r["titles"])
                )
                for r in data["results"]
            ),
            scores=tuple(data["scores"]),
            legal_actions=tuple(actions),
        )


def _move(move: Move) -> dict[str, Any]:
    return {"seat": move.seat, "cards": list(move.cards)}


def observe(state: GameState, seat: int) -> SeatView:
    """The view of ``seat``: its own hand, public history, sizes, order, places, legal actions."""
    trick = state.history[state.trick_start :]
    top_cards: tuple[str, ...] = ()
    if state.top_rank != NO_RANK:
        top_cards = next(m.cards for m in reversed(trick) if m.cards)
    owed = next(((to, count) for s, to, count in state.owed if s == seat), None)
    return SeatView(
        seat=seat,
        players=state.players,
        rules_version=state.rules_version,
        options=state.options.to_dict(),
        phase=state.phase.value,
        round=state.round,
        leader=state.leader,
        hand=mask_names(state.hands[seat]),
        hand_sizes=state.hand_sizes(),
        to_act=state.to_act,
        reversed=state.reversed,
        top_cards=top_cards,
        top_seat=None if state.top_rank == NO_RANK else state.top_seat,
        top_rank=None if state.top_rank == NO_RANK else RANKS[state.top_rank],
        passed=tuple(s for s in range(state.players) if state.passed >> s & 1),
        trick=trick,
        history=state.history,
        finished=state.finished,
        owed_return=owed,
        exchanges=tuple(t for t in state.transfers if seat in (t.giver, t.receiver)),
        results=state.results,
        scores=state.scores,
        legal_actions=tuple(legal_actions(state, seat)),
    )
