"""Helpers for hand-built games: chosen cards to chosen seats, and a table to play on."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from president.rules import (
    CARD_NAMES,
    Action,
    Applied,
    Event,
    GameState,
    Options,
    Pass,
    Play,
    Refusal,
    RejectionCode,
    Return,
    apply_action,
    apply_deal,
    new_game,
    validate_deal,
)
from president.rules.replay import decision_of


def deal_giving(
    players: int, chosen: Mapping[int, Iterable[str]], *, extra_to: Iterable[int] = ()
) -> list[list[str]]:
    """A valid deal where each seat in ``chosen`` holds those cards (among others).

    The rest of the deck, in canonical order, goes one card at a time to the
    seat with the smallest hand (lowest seat first); ``extra_to`` names the
    seats that get the odd cards when 52 does not divide evenly.
    """
    hands: list[list[str]] = [[] for _ in range(players)]
    for seat, cards in chosen.items():
        hands[seat].extend(cards)
    given = {card for hand in hands for card in hand}
    base, odd = divmod(len(CARD_NAMES), players)
    big = list(extra_to) or list(range(odd))
    assert len(big) == odd, f"{odd} seats get an extra card, not {big}"
    sizes = [base + (seat in big) for seat in range(players)]
    for card in CARD_NAMES:
        if card in given:
            continue
        seat = min(
            (s for s in range(players) if len(hands[s]) < sizes[s]), key=lambda s: len(hands[s])
        )
        hands[seat].append(card)
    validate_deal(hands, players)
    return hands


class Table:
    """A game driven through the engine API; every call asserts what it expects."""

    def __init__(self, deal: Sequence[Sequence[str]], **options: object) -> None:
        self.state: GameState = new_game(Options(players=len(deal), **options))  # type: ignore[arg-type]
        self.events: list[Event] = []
        self.deal(deal)

    def deal(self, hands: Sequence[Sequence[str]]) -> tuple[Event, ...]:
        applied = apply_deal(self.state, hands)
        return self._take(applied)

    def _take(self, applied: Applied) -> tuple[Event, ...]:
        self.state = applied.state
        self.events.extend(applied.events)
        return applied.events

    def act(self, action: Action) -> tuple[Event, ...]:
        outcome = apply_action(self.state, action)
        assert isinstance(outcome, Applied), f"{action} rejected: {outcome}"
        return self._take(outcome)

    def play(self, seat: int, *cards: str) -> tuple[Event, ...]:
        return self.act(Play(seat, cards))

    def pass_(self, seat: int) -> tuple[Event, ...]:
        return self.act(Pass(seat))

    def give_back(self, seat: int, *cards: str) -> tuple[Event, ...]:
        return self.act(Return(seat, cards))

    def passes(self, *seats: int) -> None:
        for seat in seats:
            self.pass_(seat)

    def rejects(self, action: Action) -> RejectionCode:
        outcome = apply_action(self.state, action)
        assert isinstance(outcome, Refusal), f"{action} was accepted"
        return outcome.code

    def hand(self, seat: int) -> set[str]:
        """The cards ``seat`` holds, as wire strings."""
        return {CARD_NAMES[i] for i in range(len(CARD_NAMES)) if self.state.hands[seat] >> i & 1}

    @property
    def to_act(self) -> int | None:
        return self.state.to_act


def quads(*ranks: str) -> list[str]:
    """All four cards of each rank: ``quads("5", "J")`` is 5C 5D 5H 5S JC JD JH JS."""
    return [rank + suit for rank in ranks for suit in "CDHS"]


LADDER_LEADS: dict[int, list[list[str]]] = {
    0: [quads("2"), quads("A"), quads("K"), ["QS"]],
    1: [quads("J"), quads("10"), quads("9"), ["8S"]],
    2: [quads("7"), quads("6"), quads("5"), ["4S"]],
}


def ladder_deal() -> list[list[str]]:
    """Four players; seats 0, 1, 2 hold three fours of a kind and one single each.

    Seat 0: 2222 AAAA KKKK QS; seat 1: JJJJ 10x4 9999 8S; seat 2: 7777 6666 5555 4S;
    seat 3 the rest (3333 4C 4D 4H 8C 8D 8H QC QD QH).
    """
    chosen = {seat: [c for lead in leads for c in lead] for seat, leads in LADDER_LEADS.items()}
    return deal_giving(4, chosen)


def play_ladder_round(table: Table) -> None:
    """Seats 0, 1, 2 lead their cards in turn while everyone else passes: they finish 0, 1, 2, 3."""
    for seat, leads in LADDER_LEADS.items():
        for cards in leads:
            assert table.to_act == seat
            table.play(seat, *cards)
            while table.state.phase.value == "play" and not table.state.trick_empty:
                table.pass_(table.state.to_act)  # type: ignore[arg-type]


def ladder_round_actions() -> list[dict[str, object]]:
    """The raw actions of ``play_ladder_round`` (a whole round on ``ladder_deal()``)."""
    table = Table(ladder_deal())
    play_ladder_round(table)
    actions = (decision_of(event) for event in table.events)
    return [action.to_dict() for action in actions if action is not None]


def exchange_table(second_deal: Sequence[Sequence[str]], **options: object) -> Table:
    """A 4-player series after the ladder round (finish order 0, 1, 2, 3), round 2 dealt.

    Seat 3 (Asshole) has given two cards to seat 0 (President), seat 2
    (Vice-Asshole) one to seat 1 (Vice-President); seats 0 and 1 owe returns.
    """
    table = Table(ladder_deal(), **{"rounds": 2, **options})
    play_ladder_round(table)
    table.deal(second_deal)
    return table
