"""The engine process's settings (``PRESIDENT_*``, read only through president.settings)."""

from __future__ import annotations

from president.contract import DEFAULT_AI_BUDGET_MS
from president.settings import ServiceSettings
from pydantic import Field


class EngineSettings(ServiceSettings):
    """What an engine instance needs besides the servers."""

    instance_id: str = "engine-1"
    token_secret: str | None = Field(
        default=None,
        repr=False,
        description="derives AI seats' tokens; every engine instance must share it (required)",
    )
    engine_max_workers: int = Field(default=64, ge=1, description="commands handled at once")
    engine_pool_size: int = Field(default=8, ge=2, description="Postgres connections")
    engine_cache_size: int = Field(default=2000, ge=1, description="games kept in memory")
    engine_cache_mb: float = Field(
        default=256.0,
        gt=0,
        description="estimated megabytes of games kept in memory (finished games are not kept)",
    )
    engine_prompt_ai_seats: bool = Field(
        default=True, description="also publish TurnPrompts for AI seats (for watchers)"
    )
    engine_ai_budget_ms: int = Field(
        default=DEFAULT_AI_BUDGET_MS, ge=1, description="Hard's thinking time per decision"
    )
    engine_consumer_batch: int = Field(default=256, ge=1)
    engine_consumer_check: float = Field(
        default=5.0,
        gt=0,
        description="seconds between checks of the reactor's consumer (healed if changed or lost)",
    )
    engine_reaction_sweep: float = Field(
        default=5.0,
        gt=0,
        description="seconds between looks in the log for tables whose last event got no reaction",
    )
    engine_reaction_grace: float = Field(
        default=10.0,
        ge=0,
        description="seconds a table's last event waits for its reaction before the sweep reacts",
    )
    engine_reaction_limit: int = Field(
        default=200, ge=1, description="tables the sweep reacts to in one pass, the oldest first"
    )
    engine_group_commit: bool = Field(
        default=True, description="appends that arrive during a commit share the next one"
    )
    engine_clock_sweep: float = Field(
        default=5.0, gt=0, description="seconds between looks in the log for stalled tables"
    )
    engine_takeover_seed: int | None = Field(
        default=None, description="seeds the takeover level's decisions (reproducible play)"
    )
