"""A committed append folded with the state (and due seats) its decision computed is the fold
of a replay."""

from __future__ import annotations

import copy
import functools
import random

import pytest
from president.game import Game
from president.game.decide import decide_action, decide_start, to_game_command
from president.game.fold import appended, seats_to_act
from president.game.seats import ai_seat_token
from president.rules import Options, Phase, Refusal, legal_actions
from president_tools.sample import SAMPLE_SECRET, SAMPLE_TIME, sample_seed, sample_table

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_decided_fold_equals_the_replayed_fold_after_every_command(seed: int) -> None:
    rng = random.Random(seed)
    started = decide_start(
        sample_table("t", Options(players=4, rounds=3)),
        secret=SAMPLE_SECRET,
        seed=sample_seed(seed, 1),
        now=SAMPLE_TIME,
    )
    assert not isinstance(started, Refusal)
    replayed = Game("t")
    replayed.apply(appended(started, 1, range(1, len(started) + 1)))
    kept = copy.deepcopy(replayed)
    commands = 0
    while replayed.state is not None and replayed.state.phase is not Phase.GAME_OVER:
        action = rng.choice(legal_actions(replayed.state))
        command = to_game_command(
            action,
            table_id="t",
            seat_token=ai_seat_token(SAMPLE_SECRET, "t", action.seat),
            command_id=f"c{commands}",
        )
        next_seed = functools.partial(sample_seed, seed, replayed.state.round + 1)
        decided = decide_action(kept, command, next_seed, now=SAMPLE_TIME)
        assert not isinstance(decided, Refusal) and decided.after is not None
        assert decided.due == seats_to_act(decided.after)
        first = replayed.version + 1
        events = appended(decided.events, first, range(first, first + len(decided.events)))
        replayed.apply(events)
        kept.apply(events, decided=decided.after, due=decided.due)
        assert kept == replayed, commands
        commands += 1
    assert commands > 50 and replayed.state is not None and replayed.state.is_terminal
