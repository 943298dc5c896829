"""Options of a table, as a CreateTable command gives them and the table stream records them."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from president.rules.options import RoundLeader


class TableOptions(BaseModel):
    """Options of a table: those of ``president.rules.Options`` besides the player count."""

    model_config = ConfigDict(
        extra="forbid", frozen=True, json_schema_serialization_defaults_required=True
    )

    revolution: bool = True
    rounds: Annotated[int, Field(ge=1, le=100)] = 1
    round_leader: RoundLeader = RoundLeader.ASSHOLE
