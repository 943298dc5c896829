"""The engine remembers its refusals in ``command_rejections`` (migration 0004): a refused
game command resent once it would be legal gets the same refusal. The engine and the
relay run as the store's ``president_app`` role, which holds no DDL rights."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from president.contract import Accepted, GetView, Pass, Rejected, RejectionCode, ViewReply
from president.store.migrate import app_role_url

from tests.fixtures.servers import TestServers
from tests.integration.engine.harness import Harness, harness, token
from tests.support.engine import command_for, write_table

pytestmark = pytest.mark.asyncio(loop_scope="session")


@pytest_asyncio.fixture(loop_scope="session")
async def as_app(migrated_url: str, servers: TestServers) -> AsyncIterator[Harness]:
    async with harness(app_role_url(migrated_url), servers) as h:
        await h.start_engine()
        yield h


async def test_a_pass_refused_out_of_turn_stays_refused_once_it_is_that_seats_turn(
    as_app: Harness,
) -> None:
    table_id = "remembered-1"
    await write_table(as_app.store, table_id, players=4)
    await as_app.wait_for_game(table_id)
    early = Pass(table_id=table_id, command_id="early-pass", seat=1, seat_token=token(table_id, 1))
    refused = await as_app.send(early)
    assert isinstance(refused, Rejected) and refused.code is RejectionCode.NOT_YOUR_TURN

    view = await as_app.send(GetView(table_id=table_id, seat=0, seat_token=token(table_id, 0)))
    assert isinstance(view, ViewReply)
    lead = view.view.to_rules().legal_actions[0]  # seat 0 leads round 1
    assert isinstance(await as_app.send(command_for(table_id, lead, "lead-1")), Accepted)
    version = await as_app.game_version(table_id)

    assert await as_app.send(early) == refused
    assert await as_app.game_version(table_id) == version
    fresh = early.model_copy(update={"command_id": "pass-now"})
    assert isinstance(await as_app.send(fresh), Accepted)
