"""The turn clocks' record: every time-out at or after its deadline, every takeover
justified by a time-out, a ``SeatLeft`` or a ``SeatAway``."""

from __future__ import annotations

from datetime import datetime

from president.audit.game import ClockEvent, GameRecord, Takeover
from president.audit.problems import Problem


def clock_problems(record: GameRecord) -> list[Problem]:
    """The problems of the record's time-outs and takeovers (empty: all as they should be)."""
    items: list[ClockEvent | Takeover] = [*record.clock, *record.takeovers.values()]
    items.sort(key=lambda item: item.version)
    checker = _Checker()
    for item in items:
        if isinstance(item, Takeover):
            checker.takeover(item)
        else:
            checker.clock(item)
    return checker.problems


class _Checker:
    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.deadlines: dict[int, datetime | None] = {}
        self.away: set[int] = set()
        self.left: set[int] = set()
        self.timed_out: dict[int, str] = {}  # seat -> the command id of its pending time-out

    def clock(self, event: ClockEvent) -> None:
        seat = event.seat
        if event.type == "TurnDeadlineSet":
            raw = event.data.get("deadline")
            self.deadlines[seat] = None if raw is None else _time(raw)
        elif event.type == "TurnTimedOut":
            self._timed_out(event)
        elif event.type == "SeatAway":
            self.away.add(seat)
        elif event.type == "SeatBack":
            self.away.discard(seat)
        elif event.type == "SeatLeft":
            self.left.add(seat)

    def _timed_out(self, event: ClockEvent) -> None:
        seat, deadline = event.seat, _time(event.data["deadline"])
        given = self.deadlines.get(seat)
        if given != deadline:
            self.problems.append(
                Problem(
                    event.version,
                    f"TurnTimedOut of seat {seat} names deadline {_show(deadline)}, but the"
                    f" seat's recorded deadline is {_show(given)}",
                    key="clock-deadline-differs",
                    args={"seat": seat},
                )
            )
        if event.recorded_at < deadline:
            early = (deadline - event.recorded_at).total_seconds() * 1000
            self.problems.append(
                Problem(
                    event.version,
                    f"TurnTimedOut of seat {seat} recorded at {_show(event.recorded_at)},"
                    f" {early:.0f} ms before its deadline {_show(deadline)}",
                    key="clock-early",
                    args={"seat": seat, "early": round(early)},
                )
            )
        self.timed_out[seat] = event.command_id

    def takeover(self, move: Takeover) -> None:
        seat = move.seat
        if seat != move.event_seat:
            self.problems.append(
                Problem(
                    move.version,
                    f"a takeover for seat {seat} recorded an action of seat {move.event_seat}",
                    key="clock-wrong-seat",
                    args={"seat": seat, "other": move.event_seat},
                )
            )
        timed_out = self.timed_out.pop(seat, None)
        justified = {
            "timed_out": timed_out is not None and timed_out == move.command_id,
            "away": seat in self.away,
            "left": seat in self.left,
        }.get(move.reason, False)
        if not justified:
            self.problems.append(
                Problem(
                    move.version,
                    f"a takeover action for seat {seat} ({move.reason or 'no reason'}) with no"
                    " time-out, Leave or away before it",
                    key="clock-unjustified",
                    args={"seat": seat},
                )
            )


def _time(raw: object) -> datetime:
    if not isinstance(raw, str):
        raise TypeError(f"a time must be a string, got {raw!r}")
    return datetime.fromisoformat(raw)


def _show(moment: datetime | None) -> str:
    return "none" if moment is None else moment.isoformat(timespec="milliseconds")
