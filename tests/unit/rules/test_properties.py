"""Random series of 3 to 6 players, checked step by step against RULES.md's invariants
and against the reference model (the oracle for every rejection code)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from president.rules import (
    CARD_NAMES,
    Action,
    Applied,
    GameState,
    Options,
    Pass,
    Phase,
    Play,
    Refusal,
    apply_action,
    apply_deal,
    deal_from_seed,
    legal_actions,
    new_game,
    parse_action,
    replay,
)
from president.rules.deal import round_seed
from president.rules.events import Event
from president.rules.referee import run_script

from . import reference
from .junk import random_action

# Deterministic on every machine: no example database, a fixed sequence of examples.
PROPERTY = settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

series = st.fixed_dictionaries(
    {
        "players": st.integers(3, 6),
        "revolution": st.booleans(),
        "rounds": st.integers(1, 3),
        "round_leader": st.sampled_from(["asshole", "president", "first_seat"]),
    }
)


def as_raw(action: Action) -> tuple[str, int, frozenset[str]]:
    if isinstance(action, Pass):
        return ("pass", action.seat, frozenset())
    kind = "play" if isinstance(action, Play) else "return"
    return (kind, action.seat, frozenset(action.cards))


def model_raw(raw: dict[str, Any]) -> tuple[str, int, frozenset[str]]:
    kind = next(k for k in ("play", "pass", "return") if k in raw)
    return (kind, raw["seat"], frozenset(raw.get(kind, ()) if kind != "pass" else ()))


def engine_code(state: GameState, raw: object) -> tuple[str | None, Applied | None]:
    action = parse_action(raw, state.players)
    outcome = action if isinstance(action, Refusal) else apply_action(state, action)
    if isinstance(outcome, Refusal):
        return outcome.code.value, None
    return None, outcome


def hand_names(state: GameState, seat: int) -> set[str]:
    return {name for i, name in enumerate(CARD_NAMES) if state.hands[seat] >> i & 1}


def assert_same_game(state: GameState, model: reference.Game) -> None:
    assert state.phase.value == model.phase
    assert state.to_act == model.to_act
    assert state.reversed == model.reversed
    assert [hand_names(state, s) for s in range(state.players)] == model.hands
    assert list(state.scores) == model.scores


def assert_round_invariants(state: GameState) -> None:
    players = state.players
    played = sum(len(move.cards) for move in state.history)
    assert sum(state.hand_sizes()) + played == 52
    if state.phase is Phase.PLAY:
        assert len([h for h in state.hands if h]) >= 2
        assert state.to_act is not None and state.hands[state.to_act]
    for result in state.results:
        assert sorted(result.finish_order) == list(range(players))
        assert sum(result.points) == players * (players + 1) // 2


def assert_round_just_ended(state: GameState) -> None:
    """Exactly one player still holds cards: the last place."""
    last = state.results[-1].finish_order[-1]
    assert [s for s in range(state.players) if state.hands[s]] == [last]


class Run:
    """One random series played through the engine and the model side by side."""

    def __init__(self, config: dict[str, Any], seed: int) -> None:
        self.options = Options(**config)
        config = self.options.to_dict()
        self.seed = seed
        self.rng = random.Random(seed)
        self.junk = random_action(random.Random(seed + 1))
        self.state = new_game(self.options)
        self.model = reference.Game(**config)
        self.events: list[Event] = []
        self.script: list[object] = []
        self.clean: list[object] = []
        self.codes: Counter[str] = Counter()

    def deal(self) -> None:
        number = self.state.round + 1
        hands = deal_from_seed(round_seed(self.seed, number), self.state.players, self.state.leader)
        applied = apply_deal(self.state, hands)
        self.model.deal(hands)
        self.take(applied)

    def take(self, applied: Applied) -> None:
        rounds_before = len(self.state.results)
        self.state = applied.state
        self.events.extend(applied.events)
        if len(self.state.results) > rounds_before:
            assert_round_just_ended(self.state)

    def try_junk(self, count: int) -> None:
        for _ in range(count):
            raw = self.junk(self.model)
            expected = self.model.rejection(raw)
            code, _ = engine_code(self.state, raw)
            assert code == expected, raw
            if code is not None:
                self.codes[code] += 1
                self.script.append(raw)

    def step(self) -> None:
        legal = legal_actions(self.state)
        assert {as_raw(a) for a in legal} == {model_raw(a) for a in self.model.legal()}
        for action in legal:
            assert isinstance(apply_action(self.state, action), Applied), action
        self.try_junk(3)
        action = self.rng.choice(legal)
        outcome = apply_action(self.state, action)
        assert isinstance(outcome, Applied)
        self.model.apply(action.to_dict())
        self.script.append(action.to_dict())
        self.clean.append(action.to_dict())
        self.take(outcome)

    def play(self) -> None:
        while True:
            if self.state.phase is Phase.DEAL:
                self.deal()
            assert_same_game(self.state, self.model)
            assert_round_invariants(self.state)
            if self.state.phase is Phase.GAME_OVER:
                self.try_junk(5)
                return
            self.step()

    def referee_script(self, actions: list[object]) -> dict[str, Any]:
        options = {k: v for k, v in self.options.to_dict().items() if k != "players"}
        return {
            "players": self.state.players,
            "options": options,
            "seed": self.seed,
            "actions": actions,
        }


@PROPERTY
@given(config=series, seed=st.integers(0, 2**31))
def test_random_series_follow_the_rules_step_by_step(config: dict[str, Any], seed: int) -> None:
    run = Run(config, seed)
    run.play()

    assert replay(run.options, run.events) == run.state
    assert len(run.state.results) == config["rounds"]
    assert sum(run.state.scores) == config["rounds"] * sum(range(1, config["players"] + 1))


@PROPERTY
@given(config=series, seed=st.integers(0, 2**31))
def test_the_referee_agrees_with_the_model_and_rejected_actions_change_nothing(
    config: dict[str, Any], seed: int
) -> None:
    run = Run(config, seed)
    run.play()
    noisy = run.referee_script(run.script)
    clean = run.referee_script(run.clean)

    output = run_script(noisy)
    assert output == reference.referee(noisy)
    assert output["game_over"] is True
    without_rejections = [entry for entry in output["results"] if entry["ok"]]
    assert {**output, "results": without_rejections} == run_script(clean)


def test_the_random_actions_reach_every_rejection_code() -> None:
    seen: Counter[str] = Counter()
    for seed in range(6):
        config = {
            "players": 3 + seed % 4,
            "revolution": True,
            "rounds": 2,
            "round_leader": "asshole",
        }
        run = Run(config, seed)
        run.play()
        seen += run.codes
    assert set(seen) == {
        "BAD_ACTION",
        "WRONG_PHASE",
        "NOT_YOUR_TURN",
        "UNKNOWN_CARD",
        "DUPLICATE_CARD",
        "EMPTY_PLAY",
        "TOO_MANY_CARDS",
        "CARD_NOT_IN_HAND",
        "MIXED_RANKS",
        "LEADER_CANNOT_PASS",
        "WRONG_COUNT",
        "NOT_HIGHER",
    }, seen


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(
    seed=st.one_of(st.integers(-(2**70), 2**70), st.text(max_size=20)),
    players=st.integers(3, 6),
    data=st.data(),
)
def test_a_seed_always_gives_the_same_fair_deal(seed: int | str, players: int, data: Any) -> None:
    leader = data.draw(st.integers(0, players - 1))
    hands = deal_from_seed(seed, players, leader)

    assert deal_from_seed(seed, players, leader) == hands
    assert sorted(c for hand in hands for c in hand) == sorted(CARD_NAMES)
    sizes = [len(hand) for hand in hands]
    assert max(sizes) - min(sizes) <= 1 and sizes[leader] == min(sizes)
    assert [list(h) for h in hands] == reference.seeded_deal(seed, players, leader)
