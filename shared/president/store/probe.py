"""Whether the database answers: the readiness probe's statement."""

import asyncpg


async def ping(pool: asyncpg.Pool) -> None:
    """One round trip on a connection of ``pool``; raises what the driver raises."""
    await pool.fetchval("SELECT 1")
