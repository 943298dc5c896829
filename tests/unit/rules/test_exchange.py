"""RULES.md, Series and exchange: gifts, returns, and when play starts."""

from __future__ import annotations

import random
from itertools import combinations

from president.rules import Phase, RejectionCode, Return, legal_actions, observe
from president.rules.events import CardsGiven, CardsReturned, ExchangeStarted, PlayStarted

from .table import Table, deal_giving, exchange_table, quads


def three_player_exchange(second_deal: list[list[str]]) -> Table:
    """A 3-player series whose first round was played at random (seed 0: order 2, 0, 1)."""
    table = Table(deal_giving(3, {}), rounds=2)
    rng = random.Random(0)
    while table.state.phase is Phase.PLAY:
        table.act(rng.choice(legal_actions(table.state)))
    assert table.state.results[0].finish_order == (2, 0, 1)
    table.deal(second_deal)
    return table


LOW_HAND = [*quads("3", "4"), "5C", "5D", "5H"]


def test_the_asshole_gives_the_two_highest_cards_to_the_president() -> None:
    table = exchange_table(deal_giving(4, {3: [*LOW_HAND, "KC", "AS"]}))

    assert CardsGiven(2, giver=3, receiver=0, cards=("KC", "AS")) in table.events
    assert {"KC", "AS"} <= table.hand(0)
    assert table.hand(3) == set(LOW_HAND)


def test_an_asshole_holding_several_2s_gives_the_higher_suits_first() -> None:
    table = exchange_table(deal_giving(4, {3: ["2C", "2H", "2S", "AS"], 0: ["2D"]}))

    assert CardsGiven(2, giver=3, receiver=0, cards=("2H", "2S")) in table.events
    assert {"2H", "2S", "2D"} <= table.hand(0)
    assert {"2C", "AS"} <= table.hand(3)


def test_an_asshole_holding_all_four_2s_keeps_the_clubs_and_diamonds() -> None:
    table = exchange_table(deal_giving(4, {3: quads("2")}))

    assert CardsGiven(2, giver=3, receiver=0, cards=("2H", "2S")) in table.events
    assert {"2C", "2D"} <= table.hand(3)


def test_the_gift_is_taken_in_normal_order_even_after_a_reversed_round() -> None:
    table = exchange_table(deal_giving(4, {3: [*LOW_HAND, "KH", "AH"]}))
    assert table.state.results[0].finish_order == (0, 1, 2, 3)  # the ladder round ends reversed

    assert CardsGiven(2, giver=3, receiver=0, cards=("KH", "AH")) in table.events
    assert set(quads("3")) <= table.hand(3)


def test_from_four_players_the_vice_asshole_gives_one_card_to_the_vice_president() -> None:
    table = exchange_table(deal_giving(4, {2: quads("2"), 3: ["3C"]}))

    assert CardsGiven(2, giver=2, receiver=1, cards=("2S",)) in table.events
    assert ExchangeStarted(2, owed=((0, 3, 2), (1, 2, 1))) in table.events
    assert table.state.phase is Phase.EXCHANGE and table.state.awaiting == (0, 1)


def test_with_three_players_only_the_president_returns() -> None:
    table = three_player_exchange(deal_giving(3, {1: ["2S", "2H", "2D"]}))

    assert CardsGiven(2, giver=1, receiver=2, cards=("2H", "2S")) in table.events
    assert table.state.owed == ((2, 1, 2),)


def test_the_president_may_return_any_two_cards_including_the_received_ones() -> None:
    table = exchange_table(deal_giving(4, {3: ["2H", "2S"]}))
    events = table.give_back(0, "2H", "2S")

    assert events == (CardsReturned(2, giver=0, receiver=3, cards=("2H", "2S")),)
    assert {"2H", "2S"} <= table.hand(3)


def test_the_returns_are_every_pair_or_single_of_the_owing_hands() -> None:
    table = exchange_table(deal_giving(4, {}))
    president = sorted(table.hand(0))
    vice = sorted(table.hand(1))
    actions = legal_actions(table.state)

    assert {frozenset(a.cards) for a in actions if a.seat == 0} == {
        frozenset(pair) for pair in combinations(president, 2)
    }
    assert {a.cards for a in actions if a.seat == 1} == {(card,) for card in vice}
    assert all(isinstance(action, Return) for action in actions)
    assert len(president) == 15 and len(vice) == 14


def test_a_return_of_the_wrong_size_is_wrong_count() -> None:
    table = exchange_table(deal_giving(4, {0: ["3C", "4C", "5C"], 1: ["3D", "4D"]}))
    assert table.rejects(Return(0, ("3C",))) is RejectionCode.WRONG_COUNT
    assert table.rejects(Return(0, ("3C", "4C", "5C"))) is RejectionCode.WRONG_COUNT
    assert table.rejects(Return(1, ("3D", "4D"))) is RejectionCode.WRONG_COUNT


def test_the_returns_may_come_in_either_order_and_play_starts_when_both_are_done() -> None:
    for first, second in ((0, 1), (1, 0)):
        table = exchange_table(deal_giving(4, {0: ["3C", "4C"], 1: ["3D"]}))
        cards = {0: ("3C", "4C"), 1: ("3D",)}
        events = table.give_back(first, *cards[first])
        assert table.state.phase is Phase.EXCHANGE
        assert table.state.awaiting == (second,) and table.to_act is None
        assert not any(isinstance(event, PlayStarted) for event in events)

        events = table.give_back(second, *cards[second])
        assert events[-1] == PlayStarted(2, leader=3)
        assert table.state.phase is Phase.PLAY and table.to_act == 3


def test_after_the_exchange_the_hand_sizes_are_as_dealt() -> None:
    table = exchange_table(deal_giving(4, {}))
    table.give_back(0, *sorted(table.hand(0))[:2])
    table.give_back(1, sorted(table.hand(1))[-1])

    assert table.state.hand_sizes() == (13, 13, 13, 13)


def test_only_the_two_parties_see_the_exchanged_cards() -> None:
    table = exchange_table(deal_giving(4, {3: ["2H", "2S"], 0: ["3C", "3D"]}))
    table.give_back(0, "3C", "3D")
    gift = next(e for e in table.events if isinstance(e, CardsGiven) and e.giver == 3)
    back = next(e for e in table.events if isinstance(e, CardsReturned))

    assert gift.public_data() == {"round": 2, "giver": 3, "receiver": 0, "count": 2}
    assert back.public_data() == {"round": 2, "giver": 0, "receiver": 3, "count": 2}
    for party in (0, 3):
        seen = {(t.giver, t.cards) for t in observe(table.state, party).exchanges}
        assert seen == {(3, ("2H", "2S")), (0, ("3C", "3D"))}
    for other in (1, 2):
        assert all(0 not in (t.giver, t.receiver) for t in observe(table.state, other).exchanges)
