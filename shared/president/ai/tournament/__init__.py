"""Seeded tournaments between AI levels: duplicate deals, rotated seats, per-level figures."""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator

from president.ai.tournament.games import PlayedGame, SeatRecord, play_game
from president.ai.tournament.spec import TournamentSpec, parse_lineup
from president.ai.tournament.stats import Gap, LevelFigures, TournamentResult, summarize

__all__ = [
    "Gap",
    "LevelFigures",
    "PlayedGame",
    "SeatRecord",
    "TournamentResult",
    "TournamentSpec",
    "parse_lineup",
    "play_games",
    "run_tournament",
]


def _play(task: tuple[TournamentSpec, int, int]) -> PlayedGame:
    return play_game(*task)


def play_games(spec: TournamentSpec, workers: int = 1) -> Iterator[PlayedGame]:
    """Every game of the tournament, in (deal, rotation) order whatever ``workers`` is."""
    tasks = [(spec, d, k) for d in range(spec.deals) for k in range(spec.rotations)]
    if workers <= 1:
        yield from map(_play, tasks)
        return
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        yield from pool.imap(_play, tasks)


def run_tournament(spec: TournamentSpec, workers: int = 1) -> TournamentResult:
    """Play the tournament: figures per level, their order and the gaps between them."""
    return summarize(play_games(spec, workers), spec.players)
