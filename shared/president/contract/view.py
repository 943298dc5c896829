"""The seat view on the wire (``TurnPrompt``, ``ViewReply``, ``DecisionRequest``), and its
one translation to and from the rules' ``Observation``."""

from __future__ import annotations

from typing import Annotated, Literal, Self, cast

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema, model_validator, with_config
from pydantic.config import JsonDict
from pydantic.json_schema import SkipJsonSchema
from typing_extensions import TypedDict

from president.contract.base import Seat
from president.rules import Observation
from president.rules import RoundResult as RulesRoundResult
from president.rules.actions import Action, Pass, Play, Return
from president.rules.cards import names_mask
from president.rules.state import Move as RulesMove
from president.rules.state import Transfer as RulesTransfer

Card = Annotated[
    str,
    Field(
        pattern=r"^(10|[2-9JQKA])[CDHS]$",
        description="A card in wire notation: rank 3-10, J, Q, K, A, 2, then suit C, D, H, S.",
    ),
]
Rank = Literal["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
Players = Annotated[int, Field(ge=3, le=6)]
Title = Literal["president", "vice_president", "neutral", "vice_asshole", "asshole"]
Phase = Literal["deal", "exchange", "play", "game_over"]
HAND_MAX = 20
"""The most cards a hand holds: 18 dealt (52 among 3) plus the 2 the exchange brings."""
PLAYED_DIGITS = 13
"""Hex digits of the ``played`` mask: 52 bits, one per card."""
CARD_MASK = (
    "13 lowercase hex digits (a 52-bit number): bit 4 * rank + suit is set for each card"
    " in it, ranks 3 (0) to 2 (12) in normal order, suits C (0), D, H, S (3); 3C is bit 0,"
    " 2S bit 51 (`0000000000001` is 3C alone)."
)
CardMask = Annotated[str, Field(pattern=rf"^[0-9a-f]{{{PLAYED_DIGITS}}}$")]
"""A set of cards on the wire (``CARD_MASK``)."""


def _left_out_when_none(schema: JsonDict) -> None:
    """The field is absent, never null: its schema shows no ``default``."""
    schema.pop("default", None)


_STRICT = ConfigDict(extra="forbid", strict=True)


@with_config(_STRICT)
class GameOptions(TypedDict):
    """The options the game is played under (``president.rules.Options``)."""

    players: Players
    revolution: Annotated[bool, Field(description="Whether four of a kind reverses ranks.")]
    rounds: Annotated[int, Field(ge=1, le=100, description="Rounds in the series.")]
    round_leader: Annotated[
        Literal["asshole", "president", "first_seat"],
        Field(description="Who leads rounds 2 and later (round 1 is led by seat 0)."),
    ]


@with_config(_STRICT)
class Move(TypedDict):
    """A move of the current round in order: the cards a seat played, or ``[]`` for a pass."""

    seat: Seat
    cards: Annotated[tuple[Card, ...], Field(max_length=4, description="Empty: a pass.")]


@with_config(_STRICT)
class Transfer(TypedDict):
    """Cards that changed hands in this round's exchange, shown only to giver and receiver."""

    giver: Seat
    receiver: Seat
    cards: Annotated[tuple[Card, ...], Field(min_length=1, max_length=2)]


@with_config(_STRICT)
class RoundResult(TypedDict):
    """A finished round: seats from first out to last, and each seat's points and title."""

    round: Annotated[int, Field(ge=1)]
    finish_order: Annotated[tuple[Seat, ...], Field(min_length=3, max_length=6)]
    points: Annotated[
        tuple[Annotated[int, Field(ge=1, le=6)], ...],
        Field(min_length=3, max_length=6, description="Per seat (index = seat): N + 1 - place."),
    ]
    titles: Annotated[tuple[Title, ...], Field(min_length=3, max_length=6, description="Per seat.")]


@with_config(_STRICT)
class PlayAction(TypedDict):
    """A legal play: 1 to 4 cards of one rank (send it as ``PlayCards``)."""

    seat: Seat
    play: Annotated[tuple[Card, ...], Field(min_length=1, max_length=4)]


# ``pass`` and ``return`` are Python keywords: these two take the functional form.
PassAction = TypedDict("PassAction", {"seat": Seat, "pass": Literal[True]})
ReturnAction = TypedDict(
    "ReturnAction",
    {"seat": Seat, "return": Annotated[tuple[Card, ...], Field(min_length=1, max_length=2)]},
)
PassAction.__pydantic_config__ = _STRICT  # type: ignore[attr-defined]
ReturnAction.__pydantic_config__ = _STRICT  # type: ignore[attr-defined]
PassAction.__doc__ = "A legal pass (send it as ``Pass``)."
ReturnAction.__doc__ = "A legal exchange return: the cards to give back (``ReturnCards``)."

LegalAction = PlayAction | PassAction | ReturnAction

OwedReturn = Annotated[
    tuple[Seat, Annotated[int, Field(ge=1, le=2)]],
    # Draft-07 form of a pair (what AsyncAPI schemas are written in), not ``prefixItems``.
    WithJsonSchema(
        {
            "type": "array",
            "items": [
                {"type": "integer", "minimum": 0, "maximum": 5, "description": "to seat"},
                {"type": "integer", "minimum": 1, "maximum": 2, "description": "cards"},
            ],
            "minItems": 2,
            "maxItems": 2,
        }
    ),
]


class SeatView(BaseModel):
    """One seat's view of the game: its own hand and public information only.

    Seats are numbered 0 to ``players - 1``; lists indexed by seat (``hand_sizes``,
    ``scores``, a result's ``points`` and ``titles``) have one entry per seat.
    """

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    seat: Seat = Field(description="The seat this view belongs to.")
    players: Players
    rules_version: str = Field(description="The rules the game follows (cardverse-1.1.0).")
    options: GameOptions
    phase: Phase = Field(
        description="deal: between rounds; exchange: President and Vice-President return"
        " cards; play: tricks; game_over: the series ended."
    )
    round: Annotated[int, Field(ge=0)] = Field(description="1-based; 0 before the first deal.")
    leader: Seat = Field(description="Who leads this round's first trick.")
    hand: tuple[Card, ...] = Field(
        max_length=HAND_MAX, description="This seat's cards, in rank order then suit."
    )
    hand_sizes: tuple[Annotated[int, Field(ge=0, le=HAND_MAX)], ...] = Field(
        min_length=3, max_length=6, description="How many cards each seat holds."
    )
    to_act: Seat | None = Field(description="Whose turn it is to play (null outside play).")
    reversed: bool = Field(description="True after a revolution: ranks count downwards.")
    top_cards: tuple[Card, ...] = Field(
        max_length=4, description="The cards to beat in the current trick (empty: a lead)."
    )
    top_seat: Seat | None = Field(description="Who played top_cards (null: empty trick).")
    top_rank: Rank | None = Field(description="The rank of top_cards (null: empty trick).")
    passed: tuple[Seat, ...] = Field(description="Seats that passed in the current trick.")
    trick: tuple[Move, ...] = Field(description="The current trick's moves, in order.")
    history: tuple[Move, ...] | SkipJsonSchema[None] = Field(
        default=None,
        exclude_if=lambda history: history is None,
        json_schema_extra=_left_out_when_none,
        description="Every move of this round, in order. Contract 1.1: left out of"
        " TurnPrompt and DecisionRequest; ViewReply (GetView) always has it.",
    )
    played: CardMask | SkipJsonSchema[None] = Field(
        default=None,
        exclude_if=lambda played: played is None,
        json_schema_extra=_left_out_when_none,
        description="Contract 1.1 (always sent from 1.1 on): the cards played this round, as "
        + CARD_MASK,
    )
    moves: Annotated[int, Field(ge=0)] | SkipJsonSchema[None] = Field(
        default=None,
        exclude_if=lambda moves: moves is None,
        json_schema_extra=_left_out_when_none,
        description="Contract 1.1 (always sent from 1.1 on): how many moves (plays and"
        " passes) this round has had, the length of its history.",
    )
    finished: tuple[Seat, ...] = Field(description="Seats out of cards this round, in order.")
    owed_return: OwedReturn | None = Field(
        description="In the exchange: [to_seat, count] of the cards this seat must return."
    )
    exchanges: tuple[Transfer, ...] = Field(
        description="This round's card transfers this seat gave or received."
    )
    results: tuple[RoundResult, ...] = Field(description="Every finished round, in order.")
    scores: tuple[Annotated[int, Field(ge=0)], ...] = Field(
        min_length=3, max_length=6, description="Points so far per seat."
    )
    legal_actions: tuple[LegalAction, ...] = Field(
        description="What this seat may do now (empty when it is not its turn)."
    )

    @model_validator(mode="after")
    def _history_or_its_summary(self) -> Self:
        if self.history is None and (self.played is None or self.moves is None):
            raise ValueError("a view without history must have played and moves")
        return self

    @classmethod
    def of(cls, view: Observation, *, history: bool = True) -> SeatView:
        """The wire form of a rules view (``president.rules.observe(state, seat)``);
        without ``history`` when not ``history`` or the rules view has none
        (``without_history``).

        Built without validation, as ``model_construct`` builds a model given every field
        (its loop over the fields, aliases and defaults left out): a rules view is valid
        by construction, the engine builds one per prompt on its hot path, and every
        reader validates what it receives. The tests check that the views of whole
        series, 3 to 6 players, validate and come back equal, and that this is what
        ``model_construct`` gives.
        """
        made = cls.__new__(cls)
        _set = object.__setattr__
        _set(made, "__pydantic_fields_set__", set(_SEAT_VIEW_FIELDS))
        _set(made, "__pydantic_extra__", None)
        _set(made, "__pydantic_private__", None)
        _set(
            made,
            "__dict__",
            {
                "seat": view.seat,
                "players": view.players,
                "rules_version": view.rules_version,
                "options": view.options,
                "phase": view.phase,
                "round": view.round,
                "leader": view.leader,
                "hand": view.hand,
                "hand_sizes": view.hand_sizes,
                "to_act": view.to_act,
                "reversed": view.reversed,
                "top_cards": view.top_cards,
                "top_seat": view.top_seat,
                "top_rank": view.top_rank,
                "passed": view.passed,
                "trick": tuple({"seat": m.seat, "cards": m.cards} for m in view.trick),
                "history": None
                if view.history is None or not history
                else tuple({"seat": m.seat, "cards": m.cards} for m in view.history),
                "played": f"{view.played:0{PLAYED_DIGITS}x}",
                "moves": view.moves,
                "finished": view.finished,
                "owed_return": view.owed_return,
                "exchanges": tuple(
                    {"giver": t.giver, "receiver": t.receiver, "cards": t.cards}
                    for t in view.exchanges
                ),
                "results": tuple(
                    {
                        "round": r.round,
                        "finish_order": r.finish_order,
                        "points": r.points,
                        "titles": r.titles,
                    }
                    for r in view.results
                ),
                "scores": view.scores,
                "legal_actions": tuple(_legal_action(action) for action in view.legal_actions),
            },
        )
        return made

    def to_rules(self) -> Observation:
        """The rules view this wire view stands for (what an AI level decides from).

        A contract 1.0 view (history, no ``played`` or ``moves``) gives them from its history.
        """
        history = (
            None
            if self.history is None
            else tuple(RulesMove(m["seat"], m["cards"]) for m in self.history)
        )
        return Observation(
            seat=self.seat,
            players=self.players,
            rules_version=self.rules_version,
            options=dict(self.options),
            phase=self.phase,
            round=self.round,
            leader=self.leader,
            hand=self.hand,
            hand_sizes=self.hand_sizes,
            to_act=self.to_act,
            reversed=self.reversed,
            top_cards=self.top_cards,
            top_seat=self.top_seat,
            top_rank=self.top_rank,
            passed=self.passed,
            trick=tuple(RulesMove(m["seat"], m["cards"]) for m in self.trick),
            history=history,
            played=_played(self.played, history),
            moves=self.moves if self.moves is not None else len(history or ()),
            finished=self.finished,
            owed_return=self.owed_return,
            exchanges=tuple(
                RulesTransfer(t["giver"], t["receiver"], t["cards"]) for t in self.exchanges
            ),
            results=tuple(
                RulesRoundResult(r["round"], r["finish_order"], r["points"], r["titles"])
                for r in self.results
            ),
            scores=self.scores,
            legal_actions=tuple(_rules_action(action) for action in self.legal_actions),
        )


_SEAT_VIEW_FIELDS = frozenset(SeatView.__pydantic_fields__)


def _played(played: str | None, history: tuple[RulesMove, ...] | None) -> int:
    if played is not None:
        return int(played, 16)
    mask = 0
    for move in history or ():
        mask |= names_mask(move.cards)
    return mask


def _legal_action(action: Action) -> dict[str, object]:
    if isinstance(action, Play):
        return {"seat": action.seat, "play": action.cards}
    if isinstance(action, Pass):
        return {"seat": action.seat, "pass": True}
    return {"seat": action.seat, "return": action.cards}


def _rules_action(action: LegalAction) -> Action:
    if "play" in action:
        return Play(action["seat"], cast(PlayAction, action)["play"])
    if "pass" in action:
        return Pass(action["seat"])
    return Return(action["seat"], action["return"])
