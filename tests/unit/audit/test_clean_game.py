"""A game played by the rules and recorded as the engine records it audits clean."""

from __future__ import annotations

import json
import random

import pytest
from president.audit import audit_bundle, audit_events
from president.rules import Action, Options, Play, RoundLeader
from president.store import RecordedEvent
from president_tools.sample import play_sample_game, recorded_game


def test_a_recorded_game_audits_clean(events: list[RecordedEvent]) -> None:
    report = audit_events(events)
    assert report.ok, report.problems
    assert report.checked.events == len(events)
    assert report.checked.chain_head == events[-1].hash
    assert report.checked.commitments == report.checked.deals == 2


def test_its_bundle_audits_clean_with_no_database(bundle_bytes: bytes) -> None:
    report = audit_bundle(bundle_bytes)
    assert report.ok, report.problems
    assert report.account.table_id == "tbl-audit"


@pytest.mark.parametrize(
    "options",
    [
        Options(players=3, rounds=3),
        Options(players=5, rounds=2, revolution=False),
        Options(players=6, rounds=3, round_leader=RoundLeader.PRESIDENT),
        Options(players=4, rounds=3, round_leader=RoundLeader.FIRST_SEAT),
    ],
    ids=lambda o: f"{o.players}p-{o.rounds}r-rev{o.revolution}-{o.round_leader}",
)
@pytest.mark.parametrize("seed", [1, 2])
def test_games_under_every_option_audit_clean(options: Options, seed: int) -> None:
    events = recorded_game(play_sample_game("t", options, seed))
    assert audit_events(events).ok


def test_the_account_follows_the_game_round_by_round(events: list[RecordedEvent]) -> None:
    account = audit_events(events).account
    assert [r.number for r in account.rounds] == [1, 2]
    for played in account.rounds:
        assert played.ended and sum(played.points) == 4 * 5 // 2
        assert sorted(played.finish_order) == [0, 1, 2, 3]
        assert [f.place for f in played.finishes] == [1, 2, 3, 4]
        assert all(t.winner is not None for t in played.tricks[:-1])
        cards = [c for t in played.tricks for m in t.moves for c in m.cards]
        assert len(cards) == len(set(cards)) <= 52
    first, second = account.rounds
    assert first.exchange == []
    assert sorted((t.kind, len(t.cards)) for t in second.exchange) == [
        ("gave", 1),
        ("gave", 2),
        ("returned", 1),
        ("returned", 2),
    ]
    assert account.final_scores == second.scores


def _fours_first(actions: list[Action], rng: random.Random) -> Action:
    fours = [a for a in actions if isinstance(a, Play) and len(a.cards) == 4]
    return fours[0] if fours else rng.choice(actions)


def test_revolutions_are_in_the_account() -> None:
    for seed in range(50):
        game = play_sample_game("t", Options(players=3, rounds=2), seed, policy=_fours_first)
        events = recorded_game(game)
        if any(e.type == "OrderReversed" for e in events):
            break
    report = audit_events(events)
    flips = [e for e in events if e.type == "OrderReversed"]
    assert report.ok and flips
    moves = [m for r in report.account.rounds for m in r.revolutions]
    assert [m.order_now for m in moves] == [
        "reversed" if e.data["reversed"] else "normal" for e in flips
    ]


def test_the_json_report_says_ok_and_lists_no_problems(events: list[RecordedEvent]) -> None:
    data = json.loads(json.dumps(audit_events(events).to_dict()))
    assert data["ok"] is True and data["problems"] == []
    assert [r["round"] for r in data["rounds"]] == [1, 2]
    assert data["rounds"][0]["deal"]["deal_ok"] is True


def test_a_running_game_audits_clean_and_keeps_its_secrets(events: list[RecordedEvent]) -> None:
    dealt_2 = next(e.version for e in events if e.type == "RoundDealt" and e.data["round"] == 2)
    running = events[: dealt_2 + 12]
    report = audit_events(running)
    assert report.ok, report.problems
    last = report.to_dict()["rounds"][-1]
    assert last["ended"] is False and last["hands"] is None
    assert last["deal"]["reveal_version"] is None and last["deal"]["deal_ok"] is True
    assert all(t["cards"] is None for t in last["exchange"])
