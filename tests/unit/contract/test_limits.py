"""The server's ``max_payload`` sits just above the largest legitimate message, and every
server configuration carries it."""

from __future__ import annotations

from president.bus.auth import env_passwords, render_auth_conf, single_account
from president.contract import AILevel
from president.contract.base import MAX_MESSAGE_BYTES, MAX_PAYLOAD, MAX_PLAYER_NAME, MAX_TABLE_NAME
from president.contract.options import TableOptions
from president.contract.replies import SeatInfo, TableList, TableSummary

WIDEST = "\U0001f600"  # 4 bytes in UTF-8, the most any allowed character takes


def _largest_table_list() -> bytes:
    """A ListTables reply at its largest: 100 tables (the lobby's page), 6 seats each,
    every name at its longest in 4-byte characters, every number at its widest."""
    seats = [
        SeatInfo(seat=i, kind="human", player_name=WIDEST * MAX_PLAYER_NAME, level=AILevel.HARD)
        for i in range(6)
    ]
    options = TableOptions(
        rounds=100, turn_seconds=86_399.123, exchange_seconds=86_399.123, away_after=100
    )
    table = TableSummary(
        table_id="t" * 64,
        name=WIDEST * MAX_TABLE_NAME,
        players=6,
        options=options,
        status="finished",
        seats=seats,
        version=2**62,
    )
    return TableList(command_id="c" * 128, tables=[table] * 100).model_dump_json().encode()


def test_the_largest_lobby_reply_fits_with_room_to_spare() -> None:
    size = len(_largest_table_list())
    assert 200_000 < size < MAX_PAYLOAD * 0.6, size


def test_commands_are_far_below_the_servers_limit() -> None:
    assert MAX_MESSAGE_BYTES * 16 <= MAX_PAYLOAD


def test_every_rendered_server_configuration_sets_max_payload() -> None:
    conf = render_auth_conf(single_account("president", env_passwords()))
    assert f"max_payload: {MAX_PAYLOAD}" in conf.splitlines()
