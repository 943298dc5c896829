"""Who the lobby says is asking, and its ledger of quotas (pure, a fake clock)."""

from __future__ import annotations

import pytest
from president.client import CommandRejected
from president.contract import CreateTable, Rejected, RejectionCode

from services.web.backlog import CachedCount
from services.web.clients import Caller, browser_id, client_address, trusted_networks
from services.web.errors import LobbyError
from services.web.lobby import Lobby, create_command
from services.web.quotas import GAME, OPEN, PENDING_S, Limits, Quotas

PROXY = trusted_networks("10.0.0.0/8, 192.168.1.1")


def _table(ai: int = 1, rounds: int = 1) -> CreateTable:
    return create_command(
        {"players": 6, "rounds": rounds, "ai": {str(seat): "easy" for seat in range(1, ai + 1)}}
    )


@pytest.mark.parametrize(
    ("peer", "forwarded", "client"),
    [
        ("203.0.113.5", None, "203.0.113.5"),
        ("203.0.113.5", "198.51.100.1", "203.0.113.5"),  # not a proxy: its header is not read
        ("10.1.2.3", "198.51.100.1", "198.51.100.1"),
        ("10.1.2.3", "6.6.6.6, 198.51.100.1", "198.51.100.1"),  # what the client wrote: no
        ("10.1.2.3", "198.51.100.1, 192.168.1.1", "198.51.100.1"),  # past both proxies
        ("10.1.2.3", "not-an-address", "10.1.2.3"),
        ("10.1.2.3", "", "10.1.2.3"),
    ],
)
def test_the_client_address_is_read_past_the_trusted_proxies_only(
    peer: str, forwarded: str | None, client: str
) -> None:
    assert client_address(peer, forwarded, PROXY) == client


def test_a_browser_id_is_kept_only_if_the_lobby_signed_it() -> None:
    browser, cookie = browser_id(b"k" * 32, None)
    assert cookie is not None
    assert browser_id(b"k" * 32, cookie) == (browser, None)
    forged, reissued = browser_id(b"k" * 32, f"{browser}x.{cookie.partition('.')[2]}")
    assert reissued is not None and forged != browser + "x"
    assert browser_id(b"other" * 8, cookie)[1] is not None


async def test_a_slot_is_held_from_the_check_and_given_back_when_refused() -> None:
    quotas = Quotas(Limits(open_tables=1, clients_per_address=2))
    ann, bob = Caller("1.1.1.1", "browser:ann"), Caller("1.1.1.1", "browser:bob")
    slot = await quotas.open_table(ann, _table(), 0)
    with pytest.raises(LobbyError) as held:  # before its command was even answered
        await quotas.open_table(ann, _table(), 0)
    assert (held.value.status, held.value.code) == (429, "TOO_MANY_TABLES")
    await quotas.cancel(OPEN, slot)
    await quotas.keep(OPEN, await quotas.open_table(ann, _table(), 0), "t1")
    await quotas.keep(OPEN, await quotas.open_table(bob, _table(), 0), "t2")
    with pytest.raises(LobbyError):  # the address holds its two clients' worth
        await quotas.open_table(Caller("1.1.1.1", "browser:cy"), _table(), 0)
    await quotas.forget(OPEN, "t1")
    await quotas.open_table(Caller("1.1.1.1", "browser:cy"), _table(), 0)


async def test_a_pending_slot_of_a_replica_that_died_is_given_back_in_time() -> None:
    now = [0.0]
    quotas = Quotas(Limits(open_tables=1), wall=lambda: now[0])
    ann = Caller("1.1.1.1", "browser:ann")
    await quotas.open_table(ann, _table(), 0)  # never kept nor cancelled
    now[0] = PENDING_S - 1
    with pytest.raises(LobbyError):
        await quotas.open_table(ann, _table(), 0)
    now[0] = PENDING_S
    await quotas.open_table(ann, _table(), 0)
    assert await quotas.in_use(OPEN) == 1


async def test_past_a_ceiling_the_lobby_is_busy_with_its_retry_after() -> None:
    quotas = Quotas(Limits(games_in_play=1, ai_backlog=10, retry_after=9))
    await quotas.keep(GAME, await quotas.start_game(Caller("1.1.1.1", "browser:a"), 0), "t1")
    for backlog, ceiling in ((0, "games_in_play"), (10, "ai_backlog")):
        with pytest.raises(LobbyError) as busy:
            await quotas.start_game(Caller("2.2.2.2", "browser:b"), backlog)
        assert (busy.value.status, busy.value.code, busy.value.retry_after) == (503, "BUSY", 9)
        assert busy.value.params == {"ceiling": ceiling}


@pytest.mark.parametrize(("ai", "rounds", "field"), [(6, 1, "ai"), (1, 21, "rounds")])
async def test_a_table_past_the_ai_seats_or_rounds_limit_is_refused(
    ai: int, rounds: int, field: str
) -> None:
    with pytest.raises(LobbyError) as refused:
        await Quotas(Limits(ai_seats=5, rounds=20)).open_table(
            Caller("1.1.1.1", "b"), _table(ai, rounds), 0
        )
    assert (refused.value.status, refused.value.code) == (422, "OVER_LIMIT")
    assert refused.value.params["field"] == field


def test_requests_past_the_clients_rate_are_refused_not_another_clients() -> None:
    now = [0.0]
    quotas = Quotas(Limits(client_rate=1, client_burst=2), clock=lambda: now[0])
    ann, bob = Caller("1.1.1.1", "browser:ann"), Caller("2.2.2.2", "browser:bob")
    quotas.request(ann)
    quotas.request(ann)
    with pytest.raises(LobbyError) as limited:
        quotas.request(ann)
    assert (limited.value.status, limited.value.code) == (429, "RATE_LIMITED")
    quotas.request(bob)
    now[0] = 1.0
    quotas.request(ann)


async def test_the_backlog_is_asked_at_most_once_per_max_age() -> None:
    asked, now = [], [0.0]

    async def count() -> int:
        asked.append(now[0])
        return 7

    backlog = CachedCount(count, max_age=1.0, clock=lambda: now[0])
    assert [await backlog.pending() for _ in range(5)] == [7] * 5
    now[0] = 1.5
    await backlog.pending()
    assert asked == [0.0, 1.5]


async def test_past_its_command_budget_or_the_buses_the_lobby_is_busy_and_sends_nothing() -> None:
    sent: list[str] = []

    async def command(code: str | None) -> str:
        sent.append("sent")
        if code is not None:
            raise CommandRejected(Rejected(code=RejectionCode(code)))
        return "ok"

    budget = Quotas(Limits(command_rate=0.001, command_burst=2))
    lobby = Lobby(None, b"k" * 32, quotas=budget)  # type: ignore[arg-type]
    with pytest.raises(LobbyError) as bus:
        await lobby._table_command(command("RATE_LIMITED"))
    assert (bus.value.status, bus.value.code, bus.value.params) == (503, "BUSY", {"ceiling": "bus"})
    assert await lobby._table_command(command(None)) == "ok"
    with pytest.raises(LobbyError) as spent:
        await lobby._table_command(command(None))
    assert (spent.value.status, spent.value.code, spent.value.retry_after) == (503, "BUSY", 1)
    assert sent == ["sent", "sent"]


async def test_a_table_adopted_after_a_restart_counts_towards_the_ceiling_not_a_client() -> None:
    now = [0.0]
    quotas = Quotas(Limits(open_tables=1, open_tables_total=2), wall=lambda: now[0])
    await quotas.adopt(OPEN, ["t-before"])
    slot = await quotas.open_table(Caller("1.1.1.1", "browser:a"), _table(), 0)
    await quotas.keep(OPEN, slot, "t1")
    await quotas.adopt(OPEN, ["t1"])  # counted already: it stays the client's
    with pytest.raises(LobbyError) as busy:  # the ceiling holds both
        await quotas.open_table(Caller("2.2.2.2", "browser:b"), _table(), 0)
    assert busy.value.params == {"ceiling": "open_tables"}
    with pytest.raises(LobbyError) as mine:
        await quotas.open_table(Caller("1.1.1.1", "browser:a"), _table(), 0)
    assert mine.value.params == {"ceiling": "open_tables"}
    now[0] = 60.0
    assert await quotas.older_than(OPEN, 60) == ["t-before", "t1"]  # expires from its adoption
    await quotas.forget(OPEN, "t-before")
    await quotas.open_table(Caller("2.2.2.2", "browser:b"), _table(), 0)
