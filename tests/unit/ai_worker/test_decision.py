"""From a decision request to the command that carries the decision."""

from __future__ import annotations

from president.contract import AILevel, DecisionRequest, Pass, PlayCards, ReturnCards, SeatView
from president.rules import (
    Action,
    Observation,
    Options,
    apply_deal,
    deal_from_seed,
    new_game,
    observe,
)
from president.rules import Pass as PassAction

from services.ai_worker.decide import command_for, decision


def _request() -> DecisionRequest:
    state = apply_deal(new_game(Options(players=4)), deal_from_seed("s", 4, 0)).state
    assert state.to_act is not None
    return DecisionRequest(
        table_id="t1",
        seat=state.to_act,
        seat_token="tok",
        level=AILevel.EASY,
        stream_version=9,
        view=SeatView.of(observe(state, state.to_act)),
    )


def test_the_command_carries_the_token_and_the_deterministic_id() -> None:
    request = _request()
    command = decision(request, lambda view: view.legal_actions[-1])
    assert isinstance(command, PlayCards)
    assert command.command_id == f"ai:t1:9:{request.seat}"
    assert command.seat_token == "tok" and command.expected_version is None


def test_every_kind_of_action_has_its_command() -> None:
    request = _request()
    assert isinstance(command_for(request, PassAction(request.seat)), Pass)
    from president.rules import Return

    assert isinstance(command_for(request, Return(request.seat, ("3C", "4D"))), ReturnCards)


def test_a_failing_or_illegal_policy_falls_back_to_the_first_legal_action() -> None:
    request = _request()
    first = request.view.to_rules().legal_actions[0]

    def broken(view: Observation) -> Action:
        raise RuntimeError("boom")

    def cheating(view: Observation) -> Action:
        return PassAction(view.seat)  # the leader may not pass

    for policy in (broken, cheating):
        command = decision(request, policy)
        assert isinstance(command, PlayCards) and tuple(command.cards) == first.cards  # type: ignore[union-attr]
