"""The seat view on the wire: real rules views go through the contract's JSON and come back
equal, for every seat of every position of whole series, 3 to 6 players."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from typing import get_args

import pytest
from president.contract import SeatView, TurnPrompt
from president.contract.view import Phase, Rank, Title
from president.rules import (
    CARD_NAMES,
    RANKS,
    Observation,
    Options,
    RoundLeader,
    observe,
    without_history,
)
from president.rules.cards import CARD_INDEX, names_mask
from president.rules.events import RoundDealt
from president.rules.playout import random_playout
from president.rules.replay import decision_of, step
from president.rules.scoring import ASSHOLE, NEUTRAL, PRESIDENT, VICE_ASSHOLE, VICE_PRESIDENT
from president.rules.state import GameState, new_game
from president.rules.state import Phase as RulesPhase
from pydantic import ValidationError


def _positions(players: int, seed: int) -> Iterator[GameState]:
    """Every state of a random two-round series (the second round has an exchange)."""
    options = Options(players=players, rounds=2)
    state = new_game(options)
    yield state
    for event in random_playout(options, seed).events:
        if isinstance(event, RoundDealt) or decision_of(event) is not None:
            state = step(state, event).state  # type: ignore[union-attr]
            yield state


def _wire(view: Observation) -> SeatView:
    return SeatView.model_validate_json(SeatView.of(view).model_dump_json())


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_view_of_a_series_comes_back_from_its_json_unchanged(players: int) -> None:
    seen: set[str] = set()
    for state in _positions(players, seed=players):
        for seat in range(players):
            view = observe(state, seat)
            assert _wire(view).to_rules() == view
            if view.legal_actions:
                seen.add(view.phase)
            if view.owed_return and view.exchanges:
                seen.add("owes a return")
    assert {"exchange", "play", "owes a return"} <= seen


def test_the_json_is_the_rules_own_form_of_actions_options_and_results() -> None:
    for state in _positions(4, seed=11):
        view = observe(state, state.to_act if state.to_act is not None else 0)
        data = json.loads(SeatView.of(view).model_dump_json())
        assert data["legal_actions"] == [a.to_dict() for a in view.legal_actions]
        assert data["options"] == Options(players=4, rounds=2).to_dict()
        assert data["results"] == [{"round": r.round, **r.to_dict()} for r in view.results]
        assert data["owed_return"] == (None if view.owed_return is None else [*view.owed_return])


def test_a_prompt_carries_a_pass_under_its_json_name() -> None:
    state = next(s for s in _positions(4, seed=3) if s.phase is RulesPhase.PLAY and s.history)
    assert state.to_act is not None
    view = SeatView.of(observe(state, state.to_act))
    assert {"seat": state.to_act, "pass": True} in view.legal_actions
    prompt = TurnPrompt(table_id="t", stream_version=9, seat=state.to_act, view=view)
    text = prompt.model_dump_json()
    assert f'{{"seat":{state.to_act},"pass":true}}' in text
    assert TurnPrompt.model_validate_json(text) == prompt


def test_the_model_has_every_field_of_the_rules_view() -> None:
    assert list(SeatView.model_fields) == [f.name for f in dataclasses.fields(Observation)]


def test_its_closed_sets_are_those_of_the_rules() -> None:
    assert set(get_args(Phase)) == {phase.value for phase in RulesPhase}
    assert get_args(Rank) == RANKS
    assert set(get_args(Title)) == {PRESIDENT, VICE_PRESIDENT, NEUTRAL, VICE_ASSHOLE, ASSHOLE}
    leaders = SeatView.model_json_schema()["$defs"]["GameOptions"]["properties"]["round_leader"]
    assert set(leaders["enum"]) == {leader.value for leader in RoundLeader}


def test_a_view_of_another_shape_is_refused() -> None:
    state = next(s for s in _positions(3, seed=1) if s.to_act is not None)
    data = json.loads(SeatView.of(observe(state, 0)).model_dump_json())
    for bad in (
        {**data, "hand": ["1X"]},
        {**data, "seat": "0"},
        {**data, "clock_ms": 5},
        {**data, "legal_actions": [{"seat": 0, "pass": False}]},
        {**data, "owed_return": [1, 2, 3]},
    ):
        with pytest.raises(ValidationError):
            SeatView.model_validate_json(json.dumps(bad))


def _history_cards(view: Observation) -> int:
    played = 0
    for move in view.history or ():
        played |= names_mask(move.cards)
    return played


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_played_and_moves_sum_up_the_history_in_every_position(players: int) -> None:
    for state in _positions(players, seed=20 + players):
        for seat in range(players):
            view = observe(state, seat)
            assert view.played == _history_cards(view)
            assert view.moves == len(state.history)
            prompt = _wire(without_history(view)).to_rules()
            assert prompt == dataclasses.replace(view, history=None)


def test_a_prompts_view_leaves_the_history_out_and_sends_the_played_cards_as_hex() -> None:
    state = next(s for s in _positions(4, seed=5) if len(s.history) > 8)
    view = observe(state, 0)
    slim = json.loads(SeatView.of(without_history(view)).model_dump_json())
    full = json.loads(SeatView.of(view).model_dump_json())
    assert "history" not in slim and len(full["history"]) == view.moves
    assert slim["played"] == full["played"] == f"{_history_cards(view):013x}"
    assert slim["moves"] == full["moves"] == len(state.history)
    cards = {card for move in full["history"] for card in move["cards"]}
    assert cards == {c for c in CARD_NAMES if int(slim["played"], 16) >> CARD_INDEX[c] & 1}


def test_a_contract_1_0_view_is_read_and_its_summary_derived_from_the_history() -> None:
    state = next(s for s in _positions(5, seed=2) if len(s.history) > 5)
    view = observe(state, 1)
    old = json.loads(SeatView.of(view).model_dump_json())
    del old["played"], old["moves"]
    assert SeatView.model_validate_json(json.dumps(old)).to_rules() == view


def test_a_view_with_neither_the_history_nor_its_summary_is_refused() -> None:
    state = next(s for s in _positions(3, seed=1) if s.to_act is not None)
    data = json.loads(SeatView.of(without_history(observe(state, 0))).model_dump_json())
    for missing in ("played", "moves"):
        with pytest.raises(ValidationError):
            SeatView.model_validate_json(
                json.dumps({k: v for k, v in data.items() if k != missing})
            )
    for bad in ({**data, "played": "1" * 14}, {**data, "played": "ABCDEF0123456"}):
        with pytest.raises(ValidationError):
            SeatView.model_validate_json(json.dumps(bad))


@pytest.mark.parametrize("history", [False, True])
def test_of_builds_what_model_construct_builds_from_the_same_fields(history: bool) -> None:
    """``of`` skips ``model_construct``'s loop over the fields: the same fields, the same
    fields set, the same JSON, equal."""
    for state in _positions(4, seed=11):
        for seat in range(4):
            made = SeatView.of(observe(state, seat), history=history)
            constructed = SeatView.model_construct(**dict(made))
            assert made == constructed
            assert made.model_fields_set == constructed.model_fields_set
            assert made.model_dump_json() == constructed.model_dump_json()
            assert (made.__pydantic_extra__, made.__pydantic_private__) == (None, None)
