"""The one contract of the lobby's quota `Ledger`, run unchanged against every
implementation (`MemoryLedger` in tests/unit/web, `KvLedger` on a real NATS KV bucket in
tests/integration/web).

A subclass named `Test...` provides the `ledgers` fixture: two handles on one book (for
the KV bucket, two connections: two web replicas)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from president.contract import CreateTable

from services.web.clients import Caller
from services.web.errors import LobbyError
from services.web.ledger import Book, Ledger, Slot
from services.web.lobby import create_command
from services.web.quotas import GAME, OPEN, Limits, Quotas

Pair = tuple[Ledger, Ledger]


def _table() -> CreateTable:
    return create_command({"players": 6, "rounds": 1, "ai": {"1": "easy"}})


async def _accepted(quotas: Quotas, caller: Caller, table_id: str) -> bool:
    """One create as the lobby makes it: hold a slot, wait for the answer, keep it."""
    try:
        slot = await quotas.open_table(caller, _table(), 0)
    except LobbyError:
        return False
    await asyncio.sleep(0)  # the command's round trip: others run meanwhile
    await quotas.keep(OPEN, slot, table_id)
    return True


class LedgerContract:
    """Behaviours every `Ledger` has."""

    async def test_a_new_book_is_empty_and_holds_what_an_edit_wrote(self, ledgers: Pair) -> None:
        one, other = ledgers
        assert await one.read() == {}
        assert (
            await one.change(lambda book: book.setdefault(OPEN, {}).update(t1=Slot(("a",), 1.5)))
            is None
        )
        assert await other.read() == {OPEN: {"t1": Slot(("a",), 1.5)}}

    async def test_an_edit_that_raises_changes_nothing(self, ledgers: Pair) -> None:
        one, other = ledgers

        def refuse(book: Book) -> None:
            book[OPEN] = {"t1": Slot((), 0.0)}
            raise LobbyError(429, "TOO_MANY_TABLES")

        with pytest.raises(LobbyError):
            await one.change(refuse)
        assert await other.read() == {}

    async def test_concurrent_edits_from_both_handles_lose_none(self, ledgers: Pair) -> None:
        def add(slot: str) -> Callable[[Book], None]:
            return lambda book: book.setdefault(GAME, {}).update({slot: Slot((), 0.0)})

        await asyncio.gather(*(ledgers[n % 2].change(add(f"t{n}")) for n in range(24)))
        assert sorted((await ledgers[0].read())[GAME]) == sorted(f"t{n}" for n in range(24))

    async def test_one_clients_quota_is_exact_across_two_replicas(self, ledgers: Pair) -> None:
        limits = Limits(open_tables=3, clients_per_address=4)
        replicas = [Quotas(limits, ledger=ledger) for ledger in ledgers]
        ann = Caller("1.1.1.1", "browser:ann")
        accepted = await asyncio.gather(
            *(_accepted(replicas[n % 2], ann, f"t{n}") for n in range(20))
        )
        assert sum(accepted) == 3
        assert len(await replicas[1].held(OPEN)) == 3
        await replicas[1].forget(OPEN, next(iter(await replicas[0].held(OPEN))))
        assert await _accepted(replicas[0], ann, "t-again")  # a slot given back on one replica
        assert not await _accepted(replicas[1], ann, "t-more")  # is the other's too

    async def test_the_ceiling_is_exact_across_two_replicas(self, ledgers: Pair) -> None:
        limits = Limits(open_tables=2, open_tables_total=5)
        replicas = [Quotas(limits, ledger=ledger) for ledger in ledgers]
        callers = [Caller(f"10.0.0.{n}", f"browser:{n}") for n in range(10)]
        accepted = await asyncio.gather(
            *(_accepted(replicas[n % 2], callers[n], f"t{n}") for n in range(10))
        )
        assert sum(accepted) == 5 and await replicas[0].in_use(OPEN) == 5
