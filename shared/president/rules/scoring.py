"""Finishing places, points and titles."""

from __future__ import annotations

from collections.abc import Sequence

PRESIDENT = "president"
VICE_PRESIDENT = "vice_president"
NEUTRAL = "neutral"
VICE_ASSHOLE = "vice_asshole"
ASSHOLE = "asshole"


def title_for_place(place: int, players: int) -> str:
    """Title id of 1-based ``place`` among ``players`` (RULES.md, titles by N)."""
    if place == 1:
        return PRESIDENT
    if place == players:
        return ASSHOLE
    if players >= 4 and place == 2:
        return VICE_PRESIDENT
    if players >= 4 and place == players - 1:
        return VICE_ASSHOLE
    return NEUTRAL


def points_for_place(place: int, players: int) -> int:
    """Place k earns N + 1 - k points."""
    return players + 1 - place


def round_points(finish_order: Sequence[int]) -> tuple[int, ...]:
    """Points per seat for a finish order (seats from first out to last)."""
    players = len(finish_order)
    points = [0] * players
    for index, seat in enumerate(finish_order):
        points[seat] = points_for_place(index + 1, players)
    return tuple(points)


def round_titles(finish_order: Sequence[int]) -> tuple[str, ...]:
    """Title per seat for a finish order."""
    players = len(finish_order)
    titles = [NEUTRAL] * players
    for index, seat in enumerate(finish_order):
        titles[seat] = title_for_place(index + 1, players)
    return tuple(titles)
