"""The turn-clock options `president demo` and `president bench e2e` share."""

from __future__ import annotations

from typing import Annotated

import typer

TurnSeconds = Annotated[
    float | None,
    typer.Option(min=0.1, help="Tables on a turn clock of S seconds (AI seats get 3 x S)."),
]
Absent = Annotated[
    int | None,
    typer.Option(min=0, max=5, help="Seat SEAT is a person who never acts: it times out."),
]


def check_absent(absent: int | None, players: int) -> None:
    """``--absent`` must name a seat of the table."""
    if absent is not None and absent >= players:
        raise typer.BadParameter(f"--absent must be a seat 0..{players - 1}")
