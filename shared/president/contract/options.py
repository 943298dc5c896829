"""Options of a table, as a CreateTable command gives them and the table stream records them."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from president.contract.base import AILevel, JsonBool, JsonInt, JsonNumber
from president.rules.options import RoundLeader

Seconds = Annotated[JsonNumber, Field(ge=0.1, le=86_400)]
"""A clock: from a tenth of a second (tests) to a day (correspondence play)."""

AI_CLOCK_FACTOR = 3
"""An AI seat's clock is this many times the phase's clock (a generous one: a lost
decision request is asked again at half of it, then the takeover level plays): the
engine's decisions give it (``president.game.decide``)."""


class TableOptions(BaseModel):
    """Options of a table: those of ``president.rules.Options`` besides the player count,
    and the turn clock.

    ``turn_seconds``: time to act in the play phase (None: no clock, a table waits as long
    as it takes); ``exchange_seconds``: time to choose the returns (None: ``turn_seconds``);
    ``takeover_level``: the AI level that plays for a seat that ran out of time, is away
    or left; ``away_after``: time-outs in a row that make a seat away (None: never), so
    that it is played at once without waiting for its clock. Nothing is coerced: the
    booleans, integers and numbers are JSON ones (``president.contract.base.JsonBool``...).
    """

    model_config = ConfigDict(
        extra="forbid", frozen=True, json_schema_serialization_defaults_required=True
    )

    revolution: JsonBool = True
    rounds: Annotated[JsonInt, Field(ge=1, le=100)] = 1
    round_leader: RoundLeader = RoundLeader.ASSHOLE
    turn_seconds: Seconds | None = None
    exchange_seconds: Seconds | None = None
    takeover_level: AILevel = AILevel.EASY
    away_after: Annotated[JsonInt, Field(ge=1, le=100)] | None = 2

    @property
    def clocked(self) -> bool:
        """Whether any phase of the game runs on a clock."""
        return self.turn_seconds is not None or self.exchange_seconds is not None
