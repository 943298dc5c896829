"""The AI's public API: levels, the factory, legal decisions, async decisions."""

from __future__ import annotations

import pytest
from president.ai import Level, decide_async, make_policy
from president.rules import Options, Phase, observe

from .games import positions

LEVELS = list(Level)


def test_levels_are_named_as_on_the_wire() -> None:
    assert [level.value for level in Level] == ["random", "easy", "medium", "hard"]


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError):
        make_policy("grandmaster")


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", [3, 4, 6])
def test_every_level_only_takes_legal_actions_through_a_series(level: Level, players: int) -> None:
    policy = make_policy(level, seed=3, iterations=8)
    states = positions(Options(players=players, rounds=2), 11, policy)
    assert any(state.phase is Phase.EXCHANGE for state in states)
    for state in states:
        seats = [state.to_act] if state.phase is Phase.PLAY else list(state.awaiting)
        for seat in seats:
            assert seat is not None
            view = observe(state, seat)
            assert policy.decide(view) in view.legal_actions


@pytest.mark.parametrize("level", LEVELS)
async def test_a_decision_can_run_off_the_event_loop(level: Level) -> None:
    policy = make_policy(level, seed=5, iterations=8)
    state = positions(Options(players=4), 2, make_policy(Level.EASY, seed=1))[0]
    view = observe(state, state.to_act or 0)
    assert await decide_async(policy, view) == policy.decide(view)


@pytest.mark.parametrize("level", LEVELS)
def test_a_view_rebuilt_from_its_json_gets_the_same_decision(level: Level) -> None:
    from president.contract import SeatView

    policy = make_policy(level, seed=9, iterations=8)
    for state in positions(Options(players=4, rounds=2), 4, make_policy(Level.EASY, seed=2))[::7]:
        seat = state.to_act if state.phase is Phase.PLAY else state.awaiting[0]
        assert seat is not None
        view = observe(state, seat)
        wire = SeatView.model_validate_json(SeatView.of(view).model_dump_json())
        assert policy.decide(wire.to_rules()) == policy.decide(view)
