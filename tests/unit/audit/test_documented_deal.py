"""The deal algorithm in docs/audit.md is exact: its reference code deals what the engine deals."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from president.fairness import commitment
from president.rules import RULES_VERSION, deal_from_seed, shuffled_deck
from president.store import RecordedEvent

DOC = Path(__file__).parents[3] / "docs" / "audit.md"


@pytest.fixture(scope="module")
def doc() -> str:
    return DOC.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def outside(doc: str) -> dict[str, Any]:
    """The documented reference implementation, run as an outside party would run it."""
    (code,) = re.findall(r"```python\n(.*?)```", doc, flags=re.S)
    namespace: dict[str, Any] = {}
    exec(code, namespace)
    return namespace


SEEDS = ["0" * 64, "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"] + [
    f"{n:064x}" for n in range(1, 40, 7)
]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("players", "leader"), [(3, 0), (4, 3), (5, 2), (6, 5)])
def test_the_documented_deal_is_the_engines_deal(
    outside: dict[str, Any], seed: str, players: int, leader: int
) -> None:
    expected = [list(hand) for hand in deal_from_seed(seed, players, leader)]
    assert outside["deal"](seed, players, leader) == expected
    assert outside["shuffled_deck"](seed) == list(shuffled_deck(seed))


@pytest.mark.parametrize("seed", SEEDS)
def test_the_documented_commitment_is_the_engines(outside: dict[str, Any], seed: str) -> None:
    assert outside["commitment"](RULES_VERSION, "tbl-7", 3, seed) == commitment("tbl-7", 3, seed)


def test_the_worked_example_is_right(doc: str) -> None:
    seed = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
    hands = deal_from_seed(seed, 4, 0)
    assert commitment("demo", 1, seed) in doc
    assert " ".join(shuffled_deck(seed)[:8]) in doc
    assert " ".join(hands[1]) in doc and " ".join(hands[0]) in doc


def test_an_outside_party_verifies_a_recorded_game(
    outside: dict[str, Any], events: list[RecordedEvent]
) -> None:
    committed = {e.data["round"]: e.data for e in events if e.type == "DealCommitted"}
    revealed = {e.data["round"]: e.data["seed"] for e in events if e.type == "SeedRevealed"}
    table = events[0].data["table_id"]
    for dealt in (e.data for e in events if e.type == "RoundDealt"):
        number, seed = dealt["round"], revealed[dealt["round"]]
        assert (
            outside["commitment"](RULES_VERSION, table, number, seed)
            == (committed[number]["commitment"])
        )
        assert outside["deal"](seed, len(dealt["hands"]), dealt["leader"]) == dealt["hands"]
