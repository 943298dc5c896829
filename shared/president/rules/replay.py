"""Rebuild a game from its recorded events: deals and decisions drive it, every other event
must equal what the rules derive; nothing is shuffled."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from president.rules.actions import Action, Pass, Play, Return
from president.rules.engine import Applied, apply_action, apply_deal
from president.rules.errors import InvalidGameInput, Refusal
from president.rules.events import CardsPlayed, CardsReturned, Event, Passed, RoundDealt
from president.rules.options import Options
from president.rules.state import GameState, new_game


class ReplayError(ValueError):
    """The events do not follow from the rules. ``index`` is the offending event's position."""

    def __init__(self, index: int, message: str, code: str | None = None) -> None:
        super().__init__(f"event {index}: {message}")
        self.index = index
        self.message = message
        self.code = code
        """The rejection code of an illegal decision (None for any other finding)."""


def decision_of(event: Event) -> Action | None:
    """The player action that a recorded decision event stands for (None otherwise)."""
    if isinstance(event, CardsPlayed):
        return Play(event.seat, event.cards)
    if isinstance(event, Passed):
        return Pass(event.seat)
    if isinstance(event, CardsReturned):
        return Return(event.giver, event.cards)
    return None


def step(state: GameState, event: Event) -> Applied | Refusal:
    """Apply the decision or deal that ``event`` records (the start of a replay step)."""
    if isinstance(event, RoundDealt):
        try:
            return apply_deal(state, event.hands)
        except (InvalidGameInput, ValueError) as exc:
            raise ReplayError(0, f"bad deal: {exc}") from exc
    action = decision_of(event)
    if action is None:
        raise ReplayError(0, f"{event.type} is derived, not a decision")
    return apply_action(state, action)


def replay_states(
    options: Options, events: Iterable[Event]
) -> Iterator[tuple[int, Event, GameState, bool]]:
    """Each event with the state after it and whether the rules derived it (True) or it is a
    deal or a decision (False); raises ReplayError at the first one that breaks the rules."""
    state = new_game(options)
    expected: list[Event] = []
    for index, event in enumerate(events):
        if expected:
            derived = expected.pop(0)
            if derived != event:
                raise ReplayError(index, f"recorded {event!r}, the rules give {derived!r}")
            yield index, event, state, True
            continue
        try:
            outcome = step(state, event)
        except ReplayError as exc:
            raise ReplayError(index, exc.message) from exc
        if isinstance(outcome, Refusal):
            raise ReplayError(
                index, f"{event.type} was illegal: {outcome.code.value}", outcome.code.value
            )
        if outcome.events[0] != event:
            raise ReplayError(index, f"recorded {event!r}, the rules give {outcome.events[0]!r}")
        expected = list(outcome.events[1:])
        state = outcome.state
        yield index, event, state, False
    if expected:
        raise ReplayError(-1, f"the log ends before {expected[0].type}")


def replay(options: Options, events: Iterable[Event]) -> GameState:
    """The state after ``events``, raising ReplayError at the first one that breaks the rules."""
    last = new_game(options)
    for _index, _event, state, _derived in replay_states(options, events):
        last = state
    return last
