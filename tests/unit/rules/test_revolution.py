"""RULES.md, Revolution: a four of a kind flips the order, at once and for the rest of the round."""

from __future__ import annotations

from president.rules import Pass, Phase, Play, RejectionCode, legal_actions
from president.rules.events import OrderReversed, PlayerFinished, TrickEnded

from .table import LADDER_LEADS, Table, deal_giving, exchange_table, ladder_deal, quads


def chain_table(**options: object) -> Table:
    """Seat 0: four 5s; seat 1: four 4s and four 7s; seat 2: four 3s, four 6s, four 2s."""
    chosen = {0: quads("5"), 1: quads("4", "7"), 2: quads("3", "6", "2")}
    return Table(deal_giving(4, chosen, extra_to=[]), **options)


def test_a_four_of_a_kind_flips_the_order_at_once() -> None:
    table = chain_table()
    events = table.play(0, *quads("5"))

    assert OrderReversed(1, seat=0, reversed=True) in events
    assert table.state.reversed
    assert not table.state.trick_empty  # the trick is not cleared


def test_worked_example_only_four_4s_or_four_3s_beat_four_5s() -> None:
    table = chain_table()
    table.play(0, *quads("5"))

    assert set(legal_actions(table.state)) == {Pass(1), Play(1, tuple(quads("4")))}
    assert table.rejects(Play(1, tuple(quads("7")))) is RejectionCode.NOT_HIGHER
    table.play(1, *quads("4"))
    assert not table.state.reversed  # four 4s flip back to normal

    assert set(legal_actions(table.state)) == {
        Pass(2),
        Play(2, tuple(quads("6"))),
        Play(2, tuple(quads("2"))),
    }
    assert table.rejects(Play(2, tuple(quads("3")))) is RejectionCode.NOT_HIGHER
    events = table.play(2, *quads("6"))
    assert OrderReversed(1, seat=2, reversed=True) in events


def test_passes_stand_across_a_flip() -> None:
    table = chain_table()
    table.play(0, *quads("5"))
    table.pass_(1)
    table.play(2, *quads("3"))  # higher than 5s in the reversed order; flips back
    table.pass_(3)
    events = table.pass_(0)

    assert TrickEnded(1, winner=2, leader=2) in events  # seat 1 was not asked again
    assert not table.state.reversed


def test_the_flip_lasts_across_tricks_for_the_rest_of_the_round() -> None:
    table = Table(deal_giving(4, {0: [*quads("5"), "9C"], 1: ["10C", "8C"]}, extra_to=[]))
    table.play(0, *quads("5"))
    table.passes(1, 2, 3)
    table.play(0, "9C")

    assert table.state.reversed
    assert table.rejects(Play(1, ("10C",))) is RejectionCode.NOT_HIGHER
    table.play(1, "8C")  # lower in normal order is higher now


def test_the_order_is_normal_again_at_the_start_of_the_next_round() -> None:
    table = exchange_table(deal_giving(4, {}))
    assert table.state.results[0].finish_order == (0, 1, 2, 3)  # nine fours: ended reversed
    assert table.state.round == 2 and not table.state.reversed
    table.give_back(0, *sorted(table.hand(0))[:2])
    table.give_back(1, sorted(table.hand(1))[0])
    assert table.state.phase is Phase.PLAY and not table.state.reversed


def test_a_four_that_empties_the_hand_still_flips() -> None:
    table = Table(ladder_deal())
    table.play(0, "QS")
    table.passes(1, 2, 3)
    for rank in ("K", "A"):
        table.play(0, *quads(rank))
        table.passes(1, 2, 3)
    assert not table.state.reversed

    events = table.play(0, *quads("2"))

    assert OrderReversed(1, seat=0, reversed=True) in events
    assert PlayerFinished(1, seat=0, place=1, title="president") in events
    table.passes(1, 2)
    table.pass_(3)
    assert table.to_act == 1 and table.state.reversed


def test_without_revolution_fours_are_ordinary_plays() -> None:
    table = chain_table(revolution=False)
    events = table.play(0, *quads("5"))

    assert not any(isinstance(event, OrderReversed) for event in events)
    assert not table.state.reversed
    assert set(legal_actions(table.state)) == {Pass(1), Play(1, tuple(quads("7")))}
    assert table.rejects(Play(1, tuple(quads("4")))) is RejectionCode.NOT_HIGHER


def test_a_revolution_chain_flips_on_every_four() -> None:
    table = chain_table()
    orders = []
    for seat, rank in ((0, "5"), (1, "4"), (2, "6")):
        table.play(seat, *quads(rank))
        orders.append(table.state.reversed)
    table.passes(3, 0, 1)
    table.play(2, *quads("3"))  # as a lead, too
    orders.append(table.state.reversed)

    assert orders == [True, False, True, False]


def test_the_ladder_round_ends_reversed_after_nine_fours() -> None:
    table = Table(ladder_deal())
    fours = sum(len(cards) == 4 for leads in LADDER_LEADS.values() for cards in leads)
    for seat, leads in LADDER_LEADS.items():
        for cards in leads:
            table.play(seat, *cards)
            while table.state.phase is Phase.PLAY and not table.state.trick_empty:
                table.pass_(table.to_act)  # type: ignore[arg-type]

    assert fours == 9
    assert table.state.phase is Phase.GAME_OVER and table.state.reversed
