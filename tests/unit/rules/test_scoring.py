"""RULES.md, Places, titles, points: place k earns N + 1 - k, titles by N, scores add up."""

from __future__ import annotations

import random

import pytest
from president.rules import Options, Phase, legal_actions
from president.rules.events import GameEnded, RoundEnded
from president.rules.scoring import round_points, round_titles

from .table import Table, deal_giving, ladder_deal, play_ladder_round

TITLES = {
    3: ["president", "neutral", "asshole"],
    4: ["president", "vice_president", "vice_asshole", "asshole"],
    5: ["president", "vice_president", "neutral", "vice_asshole", "asshole"],
    6: ["president", "vice_president", "neutral", "neutral", "vice_asshole", "asshole"],
}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_titles_follow_the_table_by_number_of_players(players: int) -> None:
    order = list(range(players))[::-1]  # seat N-1 out first ... seat 0 last
    titles = round_titles(order)

    assert [titles[seat] for seat in order] == TITLES[players]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_place_k_earns_n_plus_one_minus_k_points(players: int) -> None:
    order = [(2 + i) % players for i in range(players)]
    points = round_points(order)

    assert [points[seat] for seat in order] == [players + 1 - k for k in range(1, players + 1)]
    assert sum(points) == players * (players + 1) // 2


def test_a_finished_round_records_order_points_titles_and_scores() -> None:
    table = Table(ladder_deal())
    play_ladder_round(table)

    [result] = table.state.results
    assert result.finish_order == (0, 1, 2, 3)
    assert result.points == (4, 3, 2, 1)
    assert result.titles == ("president", "vice_president", "vice_asshole", "asshole")
    assert table.state.scores == (4, 3, 2, 1)
    assert table.events[-1] == GameEnded(1, scores=(4, 3, 2, 1))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_points_add_up_over_a_series(players: int) -> None:
    rng = random.Random(players)
    table = Table(deal_giving(players, {}), rounds=3)
    while table.state.phase is not Phase.GAME_OVER:
        if table.state.phase is Phase.DEAL:
            table.deal(deal_giving(players, {}))
        else:
            table.act(rng.choice(legal_actions(table.state)))

    results = table.state.results
    assert [r.round for r in results] == [1, 2, 3]
    totals = [sum(r.points[seat] for r in results) for seat in range(players)]
    assert list(table.state.scores) == totals
    ended = [e for e in table.events if isinstance(e, RoundEnded)]
    assert [list(e.scores) for e in ended][-1] == totals
    assert ended[0].scores == ended[0].points
    assert sum(table.state.scores) == 3 * players * (players + 1) // 2


def test_a_game_is_one_round_by_default() -> None:
    assert Options().rounds == 1
    table = Table(ladder_deal())
    play_ladder_round(table)
    assert table.state.phase is Phase.GAME_OVER
