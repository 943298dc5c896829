"""What a seat knows from its view, and the deals it imagines from it."""

from __future__ import annotations

import random

from president.ai import Policy, make_policy
from president.ai.knowledge import NO_CEILING, knowledge_of
from president.ai.sampling import sample_hands
from president.rules import Options, Phase, observe
from president.rules.cards import names_mask

from .games import positions
from .views import view_of


def _easy_policy() -> Policy:
    return make_policy("easy", seed=3)


def test_played_and_own_cards_are_not_unseen() -> None:
    view = view_of(["4C", "9D"], others=[["5C", "6C"], ["7C", "8C"]])
    k = knowledge_of(view)
    assert k.unseen == names_mask(["5C", "6C", "7C", "8C"])
    assert k.unseen_counts[2] == 1
    assert k.mine[1] == 1


def test_the_president_knows_what_it_returned_and_that_the_asshole_holds_nothing_higher() -> None:
    state = next(
        s
        for s in positions(Options(players=4, rounds=2), 8, _easy_policy())
        if s.round == 2 and s.phase is Phase.PLAY
    )
    order = state.results[-1].finish_order
    president, asshole = order[0], order[-1]
    k = knowledge_of(observe(state, president))
    returned = next(t for t in state.transfers if t.giver == president)
    gift = next(t for t in state.transfers if t.receiver == president)
    assert k.known[asshole] & names_mask(returned.cards) == k.known[asshole]
    assert k.ceiling[asshole] < NO_CEILING
    original = state.hands[asshole] & ~names_mask(returned.cards)
    assert original < 1 << k.ceiling[asshole]
    assert names_mask(gift.cards) >> k.ceiling[asshole] & 1


def test_sampled_deals_respect_sizes_known_cards_and_ceilings() -> None:
    states = [
        s
        for s in positions(Options(players=4, rounds=2), 8, _easy_policy())
        if s.round == 2 and s.phase is Phase.PLAY
    ]
    rng = random.Random(0)
    for state in states[::4]:
        assert state.to_act is not None
        k = knowledge_of(observe(state, state.to_act))
        for _ in range(20):
            hands = sample_hands(k, rng)
            assert [h.bit_count() for h in hands] == list(k.sizes)
            assert hands[k.seat] == k.hand
            union = 0
            for seat, hand in enumerate(hands):
                assert not union & hand
                union |= hand
                assert hand & k.known[seat] == k.known[seat]
                rest = hand & ~k.known[seat]
                if seat != k.seat:
                    assert rest < 1 << k.ceiling[seat]
            assert union | k.played == (1 << 52) - 1
