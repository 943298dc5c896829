"""Easy: the lowest legal combination, never a pass while it can play."""

from __future__ import annotations

from president.ai import make_policy
from president.rules import Pass, Play, Return

from .games import positions
from .views import view_of


def test_easy_leads_its_lowest_rank_with_every_card_of_it_most_of_the_time() -> None:
    view = view_of(["4C", "4H", "9D", "KS"])
    picks = [make_policy("easy", seed=s).decide(view) for s in range(40)]
    assert picks.count(Play(0, ("4C", "4H"))) >= 30
    assert set(picks) <= {Play(0, ("4C", "4H")), Play(0, ("9D",))}


def test_easy_follows_with_the_lowest_rank_that_beats_the_trick() -> None:
    view = view_of(["4C", "9D", "9H", "KS"], top=["6D"])
    picks = [make_policy("easy", seed=s).decide(view) for s in range(40)]
    assert picks.count(Play(0, ("9D",))) >= 30
    assert Pass(0) not in picks


def test_easy_reads_the_lowest_in_the_reversed_order() -> None:
    view = view_of(["4C", "9D", "KS"], reversed_=True)
    picks = [make_policy("easy", seed=s).decide(view) for s in range(40)]
    assert picks.count(Play(0, ("KS",))) >= 30


def test_easy_returns_its_lowest_cards_in_the_exchange() -> None:
    from president.rules import Options, Phase, observe

    easy = make_policy("easy", seed=1)
    for state in positions(Options(players=4, rounds=2), 5, easy):
        if state.phase is Phase.EXCHANGE:
            for seat in state.awaiting:
                view = observe(state, seat)
                action = easy.decide(view)
                assert isinstance(action, Return)
                assert action.cards == view.hand[: len(action.cards)]
            return
    raise AssertionError("no exchange reached")
