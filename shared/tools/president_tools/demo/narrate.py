"""Public events to lines a person can follow, in the Localizer's language (pure: no I/O)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from president.l10n import Localizer, localizer


class Narrator:
    """Turns a table's public events, in order, into lines; one trick per line.

    ``names`` are the seats' display names (default ``seat N``); ``l10n`` the language.
    """

    def __init__(
        self,
        names: Sequence[str] | None = None,
        *,
        per_move: bool = False,
        l10n: Localizer | None = None,
    ):
        self.names = list(names or [])
        self.per_move = per_move
        self.l10n = l10n or localizer("en")
        self._trick: list[str] = []
        self._titles: list[str] = []

    def name(self, seat: int) -> str:
        if seat < len(self.names):
            return self.l10n.name(self.names[seat])
        return self.l10n.text("seat-name", seat=seat)

    def cards(self, cards: Sequence[str]) -> str:
        return self.l10n.cards(cards)

    def lines(self, event_type: str, data: Mapping[str, Any]) -> list[str]:
        """The lines ``event_type`` adds (often none: a trick is shown when it ends)."""
        handler = getattr(self, f"_on_{event_type}", None)
        return [] if handler is None else list(handler(data))

    def _event(self, event_type: str, **args: Any) -> str:
        return self.l10n.event(event_type, **args)

    def _on_GameCreated(self, data: Mapping[str, Any]) -> list[str]:
        seats = data.get("seats", [])
        self.names = [
            s.get("player_name")
            or self.l10n.text(
                "ai-player", level=self.l10n.ai_level(s.get("level") or "easy"), seat=s["seat"]
            )
            for s in seats
        ]
        options = data.get("options", {})
        header = self._event(
            "GameCreated",
            table=data.get("table_id", "?"),
            players=data.get("players", len(seats)),
            rounds=options.get("rounds", 1),
            revolution="on" if options.get("revolution", True) else "off",
            rules=data.get("rules_version", "?"),
        )
        entries = (
            self.l10n.text("seat-entry", seat=n, name=self.name(n)) for n in range(len(seats))
        )
        return [header, "  " + self.l10n.join(entries)]

    def _on_DealCommitted(self, data: Mapping[str, Any]) -> list[str]:
        line = self._event(
            "DealCommitted",
            round=data["round"],
            commitment=str(data["commitment"])[:16],
            leader=self.name(data["leader"]),
        )
        return ["", line]

    def _on_TurnTimedOut(self, data: Mapping[str, Any]) -> list[str]:
        return ["  " + self._event("TurnTimedOut", name=self.name(data["seat"]))]

    def _on_SeatAway(self, data: Mapping[str, Any]) -> list[str]:
        reason = data.get("reason", "asked")
        return ["  " + self._event("SeatAway", name=self.name(data["seat"]), reason=reason)]

    def _on_SeatBack(self, data: Mapping[str, Any]) -> list[str]:
        return ["  " + self._event("SeatBack", name=self.name(data["seat"]))]

    def _on_SeatLeft(self, data: Mapping[str, Any]) -> list[str]:
        return ["  " + self._event("SeatLeft", name=self.name(data["seat"]))]

    def _on_RoundDealt(self, data: Mapping[str, Any]) -> list[str]:
        sizes = "/".join(str(n) for n in data.get("hand_sizes", []))
        return ["  " + self._event("RoundDealt", sizes=sizes)]

    def _on_CardsGiven(self, data: Mapping[str, Any]) -> list[str]:
        return ["  " + self._exchange("CardsGiven", data, "president")]

    def _on_CardsReturned(self, data: Mapping[str, Any]) -> list[str]:
        return ["  " + self._exchange("CardsReturned", data, "asshole")]

    def _exchange(self, event_type: str, data: Mapping[str, Any], usual: str) -> str:
        receiver = data["receiver"]
        title = self._titles[receiver] if receiver < len(self._titles) else usual
        return self._event(
            event_type,
            giver=self.name(data["giver"]),
            receiver=self.name(receiver),
            count=data["count"],
            title=title,
        )

    def _on_CardsPlayed(self, data: Mapping[str, Any]) -> list[str]:
        name, cards = self.name(data["seat"]), self.cards(data["cards"])
        return self._move(self._event("CardsPlayed", name=name, cards=cards))

    def _on_Passed(self, data: Mapping[str, Any]) -> list[str]:
        return self._move(self._event("Passed", name=self.name(data["seat"])))

    def _on_OrderReversed(self, data: Mapping[str, Any]) -> list[str]:
        reversed_ = "yes" if data["reversed"] else "no"
        return self._move(
            self._event("OrderReversed", name=self.name(data["seat"]), reversed=reversed_)
        )

    def _on_PlayerFinished(self, data: Mapping[str, Any]) -> list[str]:
        return self._move(
            self._event(
                "PlayerFinished",
                name=self.name(data["seat"]),
                place=data["place"],
                title=data["title"],
            )
        )

    def _move(self, text: str) -> list[str]:
        if self.per_move:
            return [f"  {text}"]
        self._trick.append(text)
        return []

    def _on_TrickEnded(self, data: Mapping[str, Any]) -> list[str]:
        won = self._event("TrickEnded", name=self.name(data["winner"]))
        if self.per_move:
            return [f"  -> {won}"]
        return self._flush(f" -> {won}")

    def _on_RoundEnded(self, data: Mapping[str, Any]) -> list[str]:
        lines = self._flush(" " + self.l10n.text("round-over"))
        order = data["finish_order"]
        points, titles = data["points"], data["titles"]
        self._titles = list(titles)
        lines.append(self._event("RoundEnded", round=data["round"]))
        for place, seat in enumerate(order, start=1):
            line = self.l10n.text(
                "round-place",
                place=place,
                name=f"{self.name(seat):<18}",
                title=f"{self.l10n.title(titles[seat]):<15}",
                points=points[seat],
            )
            lines.append(f"  {line}")
        lines.append("  " + self.l10n.text("cumulative-score", scores=self._scores(data["scores"])))
        return lines

    def _on_SeedRevealed(self, data: Mapping[str, Any]) -> list[str]:
        seed = str(data["seed"])[:16]
        return ["  " + self._event("SeedRevealed", round=data["round"], seed=seed)]

    def _on_GameEnded(self, data: Mapping[str, Any]) -> list[str]:
        scores = self._scores(data["scores"])
        return ["", self._event("GameEnded", rounds=data["rounds"], scores=scores)]

    def _scores(self, scores: Sequence[int]) -> str:
        return self.l10n.join(
            self.l10n.text("score", name=self.name(seat), score=score)
            for seat, score in enumerate(scores)
        )

    def _flush(self, ending: str) -> list[str]:
        if not self._trick:
            return []
        line = "  " + " | ".join(self._trick) + ending
        self._trick = []
        return [line]
