"""The rules engine of President, CardVerse variant 1.1.0: pure, deterministic, no I/O
(``new_game``, ``apply_deal``, ``legal_actions``, ``apply_action``, ``observe``, ``replay``)."""

from president.rules.actions import Action, Pass, Play, Return, parse_action
from president.rules.cards import CARD_NAMES, RANKS, SUITS
from president.rules.deal import deal_from_seed, shuffled_deck, validate_deal
from president.rules.engine import Applied, apply_action, apply_deal, legal_actions
from president.rules.errors import InvalidGameInput, Refusal, RejectionCode
from president.rules.events import EVENT_TYPES, Event, event_from_dict
from president.rules.options import RULES_VERSION, Options, RoundLeader
from president.rules.replay import ReplayError, replay, replay_states
from president.rules.state import GameState, Phase, RoundResult, new_game
from president.rules.view import Observation, observe, without_history

__all__ = [
    "CARD_NAMES",
    "EVENT_TYPES",
    "RANKS",
    "RULES_VERSION",
    "SUITS",
    "Action",
    "Applied",
    "Event",
    "GameState",
    "InvalidGameInput",
    "Observation",
    "Options",
    "Pass",
    "Phase",
    "Play",
    "Refusal",
    "RejectionCode",
    "ReplayError",
    "Return",
    "RoundLeader",
    "RoundResult",
    "apply_action",
    "apply_deal",
    "deal_from_seed",
    "event_from_dict",
    "legal_actions",
    "new_game",
    "observe",
    "parse_action",
    "replay",
    "replay_states",
    "shuffled_deck",
    "validate_deal",
    "without_history",
]
