"""Public events to lines a person can follow (pure: no I/O, no clock)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

TITLES = {
    "president": "President",
    "vice_president": "Vice-President",
    "neutral": "Neutral",
    "vice_asshole": "Vice-Asshole",
    "asshole": "Asshole",
}


def title(name: str) -> str:
    return TITLES.get(name, name)


def cards(played: Sequence[str]) -> str:
    return " ".join(played)


class Narrator:
    """Turns a table's public events, in order, into lines; one trick per line.

    ``names`` are the seats' display names (default ``seat N``).
    """

    def __init__(self, names: Sequence[str] | None = None, *, per_move: bool = False):
        self.names = list(names or [])
        self.per_move = per_move
        self._trick: list[str] = []

    def name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else f"seat {seat}"

    def lines(self, event_type: str, data: Mapping[str, Any]) -> list[str]:
        """The lines ``event_type`` adds (often none: a trick is shown when it ends)."""
        handler = getattr(self, f"_on_{event_type}", None)
        return [] if handler is None else list(handler(data))

    def _on_GameCreated(self, data: Mapping[str, Any]) -> list[str]:
        seats = data.get("seats", [])
        self.names = [
            s.get("player_name") or f"{(s.get('level') or 'ai').title()} AI {s['seat']}"
            for s in seats
        ]
        options = data.get("options", {})
        revolution = "on" if options.get("revolution", True) else "off"
        header = (
            f"Game {data.get('table_id', '?')}: {data.get('players')} players, "
            f"{options.get('rounds', 1)} round(s), revolution {revolution} "
            f"({data.get('rules_version', '?')})"
        )
        return [header, "  " + ", ".join(f"{n}: {self.name(n)}" for n in range(len(seats)))]

    def _on_DealCommitted(self, data: Mapping[str, Any]) -> list[str]:
        return [
            "",
            f"Round {data['round']}: deal committed ({str(data['commitment'])[:16]}...), "
            f"{self.name(data['leader'])} leads",
        ]

    def _on_TurnTimedOut(self, data: Mapping[str, Any]) -> list[str]:
        return [f"  {self.name(data['seat'])} ran out of time: the takeover level plays"]

    def _on_SeatAway(self, data: Mapping[str, Any]) -> list[str]:
        why = "after time-outs in a row" if data.get("reason") == "timeouts" else "asked"
        return [f"  {self.name(data['seat'])} is away ({why}): played at once from now on"]

    def _on_SeatBack(self, data: Mapping[str, Any]) -> list[str]:
        return [f"  {self.name(data['seat'])} is back"]

    def _on_SeatLeft(self, data: Mapping[str, Any]) -> list[str]:
        return [f"  {self.name(data['seat'])} left the table: the takeover level plays"]

    def _on_RoundDealt(self, data: Mapping[str, Any]) -> list[str]:
        sizes = "/".join(str(n) for n in data.get("hand_sizes", []))
        return [f"  hands dealt: {sizes} cards"]

    def _on_CardsGiven(self, data: Mapping[str, Any]) -> list[str]:
        return [
            f"  exchange: {self.name(data['giver'])} gives {data['count']} card(s) "
            f"to {self.name(data['receiver'])}"
        ]

    def _on_CardsReturned(self, data: Mapping[str, Any]) -> list[str]:
        return [
            f"  exchange: {self.name(data['giver'])} returns {data['count']} card(s) "
            f"to {self.name(data['receiver'])}"
        ]

    def _on_CardsPlayed(self, data: Mapping[str, Any]) -> list[str]:
        return self._move(f"{self.name(data['seat'])} {cards(data['cards'])}")

    def _on_Passed(self, data: Mapping[str, Any]) -> list[str]:
        return self._move(f"{self.name(data['seat'])} pass")

    def _on_OrderReversed(self, data: Mapping[str, Any]) -> list[str]:
        order = "reversed (2 lowest, 3 highest)" if data["reversed"] else "normal again"
        return self._move(f"REVOLUTION by {self.name(data['seat'])}: order {order}")

    def _on_PlayerFinished(self, data: Mapping[str, Any]) -> list[str]:
        return self._move(
            f"{self.name(data['seat'])} goes out: place {data['place']} ({title(data['title'])})"
        )

    def _move(self, text: str) -> list[str]:
        if self.per_move:
            return [f"  {text}"]
        self._trick.append(text)
        return []

    def _on_TrickEnded(self, data: Mapping[str, Any]) -> list[str]:
        if self.per_move:
            return [f"  -> {self.name(data['winner'])} wins the trick"]
        return self._flush(f" -> {self.name(data['winner'])} wins the trick")

    def _on_RoundEnded(self, data: Mapping[str, Any]) -> list[str]:
        lines = self._flush(" (round over)")
        order = data["finish_order"]
        points, titles = data["points"], data["titles"]
        lines.append(f"Round {data['round']} finishing order:")
        for place, seat in enumerate(order, start=1):
            lines.append(
                f"  {place}. {self.name(seat):<18} {title(titles[seat]):<15} +{points[seat]}"
            )
        lines.append("  cumulative score: " + self._scores(data["scores"]))
        return lines

    def _on_SeedRevealed(self, data: Mapping[str, Any]) -> list[str]:
        return [f"  seed revealed for round {data['round']}: {str(data['seed'])[:16]}..."]

    def _on_GameEnded(self, data: Mapping[str, Any]) -> list[str]:
        return ["", f"Game over after {data['rounds']} round(s): " + self._scores(data["scores"])]

    def _scores(self, scores: Sequence[int]) -> str:
        return ", ".join(f"{self.name(seat)} {score}" for seat, score in enumerate(scores))

    def _flush(self, ending: str) -> list[str]:
        if not self._trick:
            return []
        line = "  " + " | ".join(self._trick) + ending
        self._trick = []
        return [line]
