"""Log lines: one JSON object each, carrying the ids of the work in hand."""

from __future__ import annotations

import asyncio
import io
import json
import logging
from collections.abc import Iterator

import asyncpg
import nats.errors
import pytest
from president.runtime.logs import bind_ids, configure_logging, log_context, unbind_ids
from president.runtime.outages import log_failure


@pytest.fixture
def captured() -> Iterator[io.StringIO]:
    stream = io.StringIO()
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield stream
    for handler in list(root.handlers):
        root.removeHandler(handler)
    for handler in handlers:
        root.addHandler(handler)
    root.setLevel(level)


def lines(stream: io.StringIO) -> list[dict[str, object]]:
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def test_json_lines_carry_the_ids_of_the_context(captured: io.StringIO) -> None:
    configure_logging("INFO", "json", "engine-1", stream=captured)
    log = logging.getLogger("services.engine.somewhere")

    log.info("outside")
    with log_context(table_id="t1", command_id="c1", correlation_id="t1"):
        log.warning("inside %d", 2)
        with log_context(command_id="c2", correlation_id=None):
            log.info("nested")
    log.debug("below the level")

    outside, inside, nested = lines(captured)
    assert outside["message"] == "outside" and "table_id" not in outside
    assert outside["process"] == "engine-1" and outside["logger"] == "services.engine.somewhere"
    assert inside["level"] == "WARNING" and inside["message"] == "inside 2"
    assert (inside["table_id"], inside["command_id"], inside["correlation_id"]) == (
        "t1",
        "c1",
        "t1",
    )
    assert (nested["table_id"], nested["command_id"], nested["correlation_id"]) == (
        "t1",
        "c2",
        "t1",
    )


def test_an_error_is_one_line_with_its_traceback_inside(captured: io.StringIO) -> None:
    configure_logging("INFO", "json", "relay-1", stream=captured)

    try:
        raise ValueError("boom")
    except ValueError:
        logging.getLogger("x").exception("failed")

    (line,) = lines(captured)
    assert line["level"] == "ERROR"
    assert "ValueError: boom" in str(line["error"])


async def test_tasks_started_inside_a_context_keep_its_ids(captured: io.StringIO) -> None:
    configure_logging("INFO", "json", stream=captured)

    async def later() -> None:
        await asyncio.sleep(0)
        logging.getLogger("x").info("in a task")

    with log_context(table_id="t9"):
        task = asyncio.create_task(later())
    await task

    assert lines(captured)[0]["table_id"] == "t9"


def test_text_lines_end_with_the_ids(captured: io.StringIO) -> None:
    configure_logging("INFO", "text", stream=captured)

    with log_context(table_id="t1", command_id="c1"):
        logging.getLogger("x").info("hello")

    assert captured.getvalue().rstrip().endswith("x: hello table_id=t1 command_id=c1")


def test_ids_bound_in_one_call_are_on_the_lines_until_unbound(captured: io.StringIO) -> None:
    configure_logging("INFO", "json", "engine-1", stream=captured)
    log = logging.getLogger("president.command_path")

    token = bind_ids(table_id="t1", command_id="c1", correlation_id=None)
    log.info("inside")
    unbind_ids(token)
    log.info("after")

    inside, after = lines(captured)
    assert (inside["table_id"], inside["command_id"]) == ("t1", "c1")
    assert "correlation_id" not in inside and "table_id" not in after


@pytest.mark.parametrize(
    "outage",
    [
        nats.errors.TimeoutError(),
        nats.errors.ConnectionClosedError(),
        nats.errors.NoRespondersError(),
        ConnectionRefusedError(111, "Connect call failed"),
        asyncpg.CannotConnectNowError("the database system is starting up"),
    ],
)
def test_a_server_away_is_a_warning_with_its_reason_and_no_traceback(
    captured: io.StringIO, outage: Exception
) -> None:
    configure_logging("INFO", "json", "engine-1", stream=captured)

    log_failure(logging.getLogger("x"), outage, "engine reactor: consumer failed", again=False)

    (line,) = lines(captured)
    assert line["level"] == "WARNING" and "error" not in line
    assert line["message"].startswith("engine reactor: consumer failed (a server is away: ")
    assert type(outage).__name__ in line["message"]


def test_any_other_failure_is_an_error_with_its_traceback_then_one_line_again(
    captured: io.StringIO,
) -> None:
    configure_logging("INFO", "json", "engine-1", stream=captured)
    log = logging.getLogger("x")

    for again in (False, True):
        try:
            raise KeyError("seat")
        except KeyError as error:
            log_failure(log, error, "engine reactor: consumer failed", again=again)

    first, second = lines(captured)
    assert first["level"] == "ERROR" and "KeyError: 'seat'" in str(first["error"])
    assert second["level"] == "WARNING" and "error" not in second
    assert second["message"] == "engine reactor: consumer failed again: KeyError('seat')"
