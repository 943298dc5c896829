"""The referee: a whole scripted game in, the rules' verdict on every action out.

This is the format of the RULES.md appendix; ``president referee`` wraps it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from president.rules.actions import parse_action
from president.rules.deal import deal_from_seed, round_seed, seed_bytes, validate_deal
from president.rules.engine import apply_action, apply_deal
from president.rules.errors import InvalidGameInput, Refusal
from president.rules.options import Options
from president.rules.state import GameState, Phase, new_game

_OPTION_KEYS = frozenset({"revolution", "rounds", "round_leader"})


def parse_options(raw: Mapping[str, Any]) -> Options:
    """Options from a script: ``players`` plus the optional ``options`` object."""
    players = raw.get("players")
    options = raw.get("options", {})
    if not isinstance(options, Mapping):
        raise InvalidGameInput("options must be an object")
    unknown = set(options) - _OPTION_KEYS
    if unknown:
        raise InvalidGameInput(f"unknown option(s): {', '.join(sorted(unknown))}")
    return Options(players=players, **options)  # type: ignore[arg-type]


class _Dealer:
    """Supplies each round's hands: from the script's deals, or from its seed."""

    def __init__(self, raw: Mapping[str, Any], players: int) -> None:
        if ("deals" in raw) == ("seed" in raw):
            raise InvalidGameInput("give exactly one of deals and seed")
        self._seed: int | str | None = None
        self._deals: list[tuple[tuple[str, ...], ...]] = []
        if "seed" in raw:
            seed_bytes(raw["seed"])
            self._seed = raw["seed"]
            return
        deals = raw["deals"]
        if not isinstance(deals, list) or not deals:
            raise InvalidGameInput("deals must be a non-empty list of deals")
        for number, deal in enumerate(deals, start=1):
            try:
                self._deals.append(validate_deal(deal, players))
            except InvalidGameInput as exc:
                raise InvalidGameInput(f"deal {number}: {exc}") from exc

    def hands(self, state: GameState) -> Sequence[Sequence[str]]:
        number = state.round + 1
        if self._seed is not None:
            return deal_from_seed(round_seed(self._seed, number), state.players, state.leader)
        if number > len(self._deals):
            raise InvalidGameInput(f"the actions reach round {number}, which has no deal")
        return self._deals[number - 1]


def _deal_if_due(state: GameState, dealer: _Dealer) -> GameState:
    if state.phase is Phase.DEAL:
        return apply_deal(state, dealer.hands(state)).state
    return state


def _describe(state: GameState) -> dict[str, Any]:
    result: dict[str, Any] = {
        "phase": state.phase.value,
        "to_act": state.to_act if state.phase is Phase.PLAY else None,
        "reversed": state.reversed,
    }
    if state.phase is Phase.EXCHANGE:
        result["awaiting"] = list(state.awaiting)
    return result


def run_script(script: object) -> dict[str, Any]:
    """Run a referee script; raise InvalidGameInput when it breaks the format."""
    if not isinstance(script, Mapping):
        raise InvalidGameInput("the script must be a JSON object")
    options = parse_options(script)
    dealer = _Dealer(script, options.players)
    actions = script.get("actions", [])
    if not isinstance(actions, list):
        raise InvalidGameInput("actions must be a list")
    state = _deal_if_due(new_game(options), dealer)
    results: list[dict[str, Any]] = []
    for raw in actions:
        action = parse_action(raw, options.players)
        outcome = action if isinstance(action, Refusal) else apply_action(state, action)
        if isinstance(outcome, Refusal):
            results.append({"ok": False, "error": outcome.code.value, **_describe(state)})
            continue
        state = _deal_if_due(outcome.state, dealer)
        results.append({"ok": True, **_describe(state)})
    return {
        "results": results,
        "rounds": [r.to_dict() for r in state.results],
        "scores": list(state.scores),
        "game_over": state.phase is Phase.GAME_OVER,
    }
