"""The round-by-round account of a game, folded from its recorded events (no rules needed).

It tells what the log says happened; whether that is right is for the checks to say.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from datetime import datetime

from president.audit.deals import DealCheck
from president.audit.game import ClockEvent, GameRecord, Sender
from president.rules.cards import CARD_INDEX
from president.rules.events import (
    CardsGiven,
    CardsPlayed,
    CardsReturned,
    Event,
    GameEnded,
    OrderReversed,
    Passed,
    PlayerFinished,
    PlayStarted,
    RoundDealt,
    RoundEnded,
    TrickEnded,
)


def sorted_cards(cards: tuple[str, ...]) -> tuple[str, ...]:
    """Cards in rank-then-suit order (anything that is not a card last), for display."""
    return tuple(sorted(cards, key=lambda card: CARD_INDEX.get(card, len(CARD_INDEX))))


@dataclass(slots=True)
class MoveLine:
    """A play (``cards``) or a pass (no cards), with what it caused."""

    version: int
    seat: int
    cards: tuple[str, ...]
    order_now: str | None = None  # "reversed" / "normal" when this play flipped the order
    place: int | None = None  # the finishing place this play took
    title: str | None = None
    takeover: str | None = None  # why the takeover level played it (timed_out, away, left)
    by: Sender | None = None  # who sent the command (None: the log does not say)


@dataclass(slots=True)
class Trick:
    """One trick: its moves in order, who won it and who leads next (None: abandoned)."""

    number: int
    moves: list[MoveLine] = field(default_factory=list)
    winner: int | None = None
    next_leader: int | None = None


@dataclass(frozen=True, slots=True)
class TransferLine:
    """Exchange cards: ``gave`` is the automatic gift, ``returned`` the chosen return
    (``takeover``: why the takeover level chose it)."""

    version: int
    kind: str
    giver: int
    receiver: int
    cards: tuple[str, ...]
    takeover: str | None = None
    by: Sender | None = None  # who sent a return (a gift is the engine's own doing)


@dataclass(frozen=True, slots=True)
class Finish:
    version: int
    seat: int
    place: int
    title: str


@dataclass(frozen=True, slots=True)
class ClockNote:
    """A time-out, or a seat going away, coming back or leaving (``kind``: ``timed_out``,
    ``away``, ``back``, ``left``); for a time-out, its deadline and how long after it the
    time-out was recorded (``lag_ms``); for the others, who sent the command (``by``)."""

    version: int
    kind: str
    seat: int
    detail: str = ""
    lag_ms: float | None = None
    by: Sender | None = None
    deadline: str = ""
    """A time-out's deadline (ISO 8601), for any language (``detail`` is in English)."""


_NOTES = {"TurnTimedOut": "timed_out", "SeatAway": "away", "SeatBack": "back", "SeatLeft": "left"}


def clock_note(event: ClockEvent, by: Sender | None = None) -> ClockNote | None:
    """The account's line of a clock event (None for a deadline: one per turn, too many);
    ``by``: who sent the command that wrote it."""
    kind = _NOTES.get(event.type)
    if kind is None:
        return None
    if kind == "timed_out":
        deadline = str(event.data.get("deadline", ""))
        lag = None
        with contextlib.suppress(ValueError):
            lag = (event.recorded_at - datetime.fromisoformat(deadline)).total_seconds() * 1000
        return ClockNote(
            event.version, kind, event.seat, f"deadline {deadline}", lag, deadline=deadline
        )
    detail = str(event.data.get("reason", event.data.get("player_name", "")))
    return ClockNote(event.version, kind, event.seat, detail, by=by)


@dataclass(slots=True)
class RoundAccount:
    """Everything recorded about one round."""

    number: int
    leader: int
    first_version: int
    deal: DealCheck | None = None
    hands: tuple[tuple[str, ...], ...] = ()
    exchange: list[TransferLine] = field(default_factory=list)
    play_leader: int | None = None
    tricks: list[Trick] = field(default_factory=list)
    finishes: list[Finish] = field(default_factory=list)
    finish_order: tuple[int, ...] = ()
    points: tuple[int, ...] = ()
    titles: tuple[str, ...] = ()
    scores: tuple[int, ...] = ()
    ended: bool = False
    clock: list[ClockNote] = field(default_factory=list)

    @property
    def revolutions(self) -> list[MoveLine]:
        return [m for t in self.tricks for m in t.moves if m.order_now is not None]


@dataclass(slots=True)
class GameAccount:
    """The whole game as recorded, round by round."""

    table_id: str
    rules_version: str | None
    options: dict[str, object] | None
    seats: list[dict[str, object]]
    rounds: list[RoundAccount] = field(default_factory=list)
    final_scores: tuple[int, ...] | None = None


def build_account(record: GameRecord, deals: dict[int, DealCheck]) -> GameAccount:
    """Fold the record's rules events into rounds, tricks and moves."""
    options = record.options.to_dict() if record.options else None
    account = GameAccount(record.table_id, record.rules_version, options, record.seats)
    folder = _Folder(account, record, deals)
    for version, event in record.rules_events:
        folder.add(version, event)
    for clock_event in record.clock:
        note = clock_note(clock_event, record.senders.get(clock_event.version))
        rounds = [r for r in account.rounds if r.first_version <= clock_event.version]
        if note is not None and rounds:
            rounds[-1].clock.append(note)
    return account


class _Folder:
    def __init__(self, account: GameAccount, record: GameRecord, deals: dict[int, DealCheck]):
        self.account = account
        self.record = record
        self.deals = deals
        self.round: RoundAccount | None = None
        self.trick: Trick | None = None
        self.last_move: MoveLine | None = None

    def add(self, version: int, event: Event) -> None:
        if isinstance(event, RoundDealt):
            commit = self.record.commits.get(event.round)
            first = commit.version if commit and commit.version < version else version
            self.round = RoundAccount(event.round, event.leader, first, self.deals.get(event.round))
            self.round.hands = event.hands
            self.account.rounds.append(self.round)
            self.trick = None
            return
        if isinstance(event, GameEnded):
            self.account.final_scores = event.scores
            return
        current = self.round
        if current is None:
            return  # events before any deal: the checks report them
        if isinstance(event, CardsGiven | CardsReturned):
            kind = "gave" if isinstance(event, CardsGiven) else "returned"
            takeover = self.record.takeovers.get(version)
            reason = None if takeover is None else takeover.reason
            current.exchange.append(
                TransferLine(
                    version,
                    kind,
                    event.giver,
                    event.receiver,
                    event.cards,
                    reason,
                    self.record.senders.get(version) if kind == "returned" else None,
                )
            )
        elif isinstance(event, PlayStarted):
            current.play_leader = event.leader
        elif isinstance(event, CardsPlayed | Passed):
            self._move(current, version, event)
        elif isinstance(event, OrderReversed) and self.last_move is not None:
            self.last_move.order_now = "reversed" if event.reversed else "normal"
        elif isinstance(event, PlayerFinished):
            current.finishes.append(Finish(version, event.seat, event.place, event.title))
            if self.last_move is not None and self.last_move.seat == event.seat:
                self.last_move.place, self.last_move.title = event.place, event.title
        elif isinstance(event, TrickEnded) and self.trick is not None:
            self.trick.winner, self.trick.next_leader = event.winner, event.leader
            self.trick = None
        elif isinstance(event, RoundEnded):
            current.finish_order, current.points = event.finish_order, event.points
            current.titles, current.scores, current.ended = event.titles, event.scores, True

    def _move(self, current: RoundAccount, version: int, event: CardsPlayed | Passed) -> None:
        if self.trick is None:
            self.trick = Trick(len(current.tricks) + 1)
            current.tricks.append(self.trick)
        cards = event.cards if isinstance(event, CardsPlayed) else ()
        takeover = self.record.takeovers.get(version)
        self.last_move = MoveLine(version, event.seat, cards, by=self.record.senders.get(version))
        self.last_move.takeover = None if takeover is None else takeover.reason
        self.trick.moves.append(self.last_move)
