"""One recorded 4-player, 2-round game (a revolution in round 2, people named in three
scripts) and what each locale shows of it: narration, text audit, HTML audit."""

from __future__ import annotations

import io
import random
from pathlib import Path

from president.audit import audit_bundle, render_html, render_text
from president.audit.bundle import load_bundle, write_bundle
from president.game.events import public_table_event
from president.l10n import BidiMode, for_terminal, localizer
from president.rules import Action, Options, Play
from president.rules.events import EVENT_TYPES, event_from_dict
from president_tools.demo.narrate import Narrator
from president_tools.sample import play_sample_game, recorded_game

HERE = Path(__file__).resolve().parent
BUNDLE = HERE / "game.bundle.jsonl"
NAMES = ("Ana", "דוד", "ნინო")
"""Seats 0-2 are people (Latin, Hebrew and Georgian names); seat 3 is an Easy AI."""
KINDS = {"narration.txt": "narration", "audit.txt": "text", "audit.html": "html"}


def fours_first(actions: list[Action], rng: random.Random) -> Action:
    """Any legal action, but a four of a kind whenever there is one (so revolutions come)."""
    fours = [a for a in actions if isinstance(a, Play) and len(a.cards) == 4]
    return fours[0] if fours else rng.choice(actions)


def record_game() -> bytes:
    """The game as an audit bundle (seed 10: round 2 has a revolution)."""
    game = play_sample_game(
        "golden-l10n", Options(players=4, rounds=2), 10, policy=fours_first, names=NAMES
    )
    out = io.BytesIO()
    write_bundle(game.stream_id, game.table_id, recorded_game(game), out)
    return out.getvalue()


def narration(content: bytes, locale: str) -> str:
    """What `president demo --locale LOCALE` prints of the game (the terminal's default
    visual order: a right-to-left line is printed reordered)."""
    l10n = localizer(locale)
    narrator = Narrator(l10n=l10n)
    lines: list[str] = []
    for event in load_bundle(content).events:
        if event.type in EVENT_TYPES:
            data = event_from_dict(event.type, dict(event.data)).public_data()
        else:
            data = public_table_event(event.type, dict(event.data))
        lines += narrator.lines(event.type, data)
    return "".join(for_terminal(line, BidiMode.VISUAL, rtl=l10n.rtl) + "\n" for line in lines)


def render(content: bytes, locale: str, kind: str) -> str:
    """One rendering of the recorded game: ``narration``, ``text`` or ``html``."""
    if kind == "narration":
        return narration(content, locale)
    report = audit_bundle(content)
    if kind == "text":
        return render_text(report, l10n=localizer(locale))
    return render_html(report, l10n=localizer(locale))


def golden_path(locale: str, suffix: str) -> Path:
    return HERE / f"{locale}.{suffix}"
