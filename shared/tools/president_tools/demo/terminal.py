"""A person at the table: turn prompts shown in a terminal, answers read from a line reader
and sent through the services like any client."""

from __future__ import annotations

import asyncio
import contextlib
import math
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

from president.client import PresidentClient
from president.contract import Accepted, Rejected, SeatClock, TurnEnded, TurnPrompt
from president.l10n import Localizer, localizer
from president.l10n.localizer import ISOLATES, SUIT_SYMBOLS
from president.rules import RANKS

from president_tools.demo.narrate import Narrator

ReadLine = Callable[[], Awaitable[str | None]]
Write = Callable[[str], None]
STALE = ("NOT_YOUR_TURN", "WRONG_PHASE", "STALE_VERSION", "TURN_TIMED_OUT", "SEAT_LEFT")
T = TypeVar("T")
SUIT_LETTERS = {symbol: letter for letter, symbol in SUIT_SYMBOLS.items()}
COUNTDOWN_MARKS = (60, 30, 20, 10, 5, 3, 2, 1)
"""Seconds left at which the countdown says so."""


@dataclass
class PlayOutcome:
    """How the game went for the person."""

    table_id: str
    seat: int
    finished: bool = False
    actions: int = 0
    rounds: list[dict[str, Any]] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)


def describe_action(action: Mapping[str, Any], l10n: Localizer | None = None) -> str:
    l10n = l10n or localizer("en")
    if "play" in action:
        return l10n.text("play-action-play", cards=l10n.cards(action["play"]))
    if "return" in action:
        return l10n.text("play-action-return", cards=l10n.cards(action["return"]))
    return l10n.text("play-action-pass")


def choose(
    answer: str, legal: Sequence[Mapping[str, Any]], l10n: Localizer | None = None
) -> Mapping[str, Any] | None:
    """The legal action an answer names: its number, ``pass`` (or the locale's word for
    it), or its cards (any order) as the wire writes them (``JD``) or as the screen shows
    them (``V♦``, ``VD``: the sheet's rank letter, the suit's symbol or wire letter)."""
    l10n = l10n or localizer("en")
    text = answer.strip()
    if text.isdigit():
        index = int(text) - 1
        return legal[index] if 0 <= index < len(legal) else None
    passes = {"pass", l10n.text("play-action-pass").casefold(), l10n.text("web-pass").casefold()}
    if text.casefold() in passes:
        return next((a for a in legal if "pass" in a), None)
    words = sorted(card_code(word, l10n) for word in text.replace(",", " ").split())
    for action in legal:
        chosen = action.get("play", action.get("return"))
        if chosen is not None and sorted(c.upper() for c in chosen) == words:
            return action
    return None


def card_code(typed: str, l10n: Localizer) -> str:
    """A card as a person types it, in wire notation: ``V♦``, ``vd`` and ``JD`` are all
    ``JD`` in a locale whose sheet prints V for the jack (the wire letters always count)."""
    word = typed.strip().upper()
    suit = SUIT_LETTERS.get(word[-1:], word[-1:])
    rank = word[:-1]
    shown = {l10n.rank(r).upper(): r for r in RANKS}
    return (rank if rank in RANKS else shown.get(rank, rank)) + suit


def render_prompt(view: Mapping[str, Any], narrator: Narrator) -> list[str]:
    """The seat's situation and its numbered legal actions."""
    seat, l10n = view["seat"], narrator.l10n
    reversed_ = "yes" if view.get("reversed") else "no"
    turn = l10n.text("play-turn", round=view["round"], name=narrator.name(seat), reversed=reversed_)
    lines = ["", turn]
    if view["phase"] == "exchange" and view.get("owed_return"):
        to_seat, count = view["owed_return"]
        lines.append(l10n.text("play-return", count=count, name=narrator.name(to_seat)))
    elif view.get("top_cards"):
        top, by = narrator.cards(view["top_cards"]), narrator.name(view["top_seat"])
        lines.append(l10n.text("play-to-beat", cards=top, name=by))
    else:
        lines.append(l10n.text("play-lead"))
    sizes = l10n.join(
        l10n.text("score", name=narrator.name(s), score=n)
        for s, n in enumerate(view.get("hand_sizes", []))
    )
    lines.append(l10n.text("play-cards-left", sizes=sizes))
    lines.append(l10n.text("play-hand", cards=narrator.cards(view["hand"])))
    legal = view["legal_actions"]
    options = [f"{n:>3}) {describe_action(a, l10n)}" for n, a in enumerate(legal, start=1)]
    lines += ["   ".join(options[i : i + 4]) for i in range(0, len(options), 4)]
    return lines


def table_name(l10n: Localizer, name: str) -> str:
    """The name of ``name``'s table as the reader's language words it: data on the wire,
    so without bidi isolates."""
    return l10n.text("play-table-name", name=name).translate(ISOLATES)


async def play_game(
    client: PresidentClient,
    read_line: ReadLine,
    write: Write,
    *,
    players: int = 4,
    rounds: int = 1,
    levels: Sequence[str] = ("medium",),
    name: str = "You",
    seat: int = 0,
    turn_seconds: float | None = None,
    l10n: Localizer | None = None,
) -> PlayOutcome:
    """Open a table with AIs on every other seat, sit down, play until the game ends
    (``turn_seconds``: with a turn clock, shown counting down; ``l10n``: the language)."""
    l10n = l10n or localizer("en")
    ai_seats = {
        s: levels[n % len(levels)] for n, s in enumerate(x for x in range(players) if x != seat)
    }
    clock = None if turn_seconds is None else {"turn_seconds": turn_seconds}
    table_id = await client.create_table(
        players=players,
        rounds=rounds,
        ai_seats=ai_seats,
        name=table_name(l10n, name),
        clock=clock,
    )
    my_seat, token = await client.take_seat(table_id, name, seat)
    outcome = PlayOutcome(table_id=table_id, seat=my_seat)
    ais = ", ".join(
        l10n.text("play-ai-seat", seat=s, level=l10n.ai_level(lvl))
        for s, lvl in sorted(ai_seats.items())
    )
    write(l10n.text("play-table", table=table_id, seat=my_seat, ais=ais))
    await client.start_game(table_id)
    narrator = Narrator(per_move=True, l10n=l10n)
    watcher = asyncio.create_task(_watch(client, table_id, narrator, write, outcome))
    turns = asyncio.create_task(
        _turns(client, table_id, my_seat, token, narrator, read_line, write, outcome)
    )
    try:
        await asyncio.wait([watcher, turns], return_when=asyncio.FIRST_COMPLETED)
        if watcher.done():
            watcher.result()  # the game ended (or following it failed: raise)
            outcome.finished = True
        else:
            turns.result()  # input closed before the end (or answering failed: raise)
    finally:
        for task in (watcher, turns):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
    return outcome


async def _watch(
    client: PresidentClient,
    table_id: str,
    narrator: Narrator,
    write: Write,
    outcome: PlayOutcome,
) -> None:
    async for event in client.public_events(table_id):
        for line in narrator.lines(event.event_type, event.data):
            write(line)
        if event.event_type == "RoundEnded":
            data = event.data
            outcome.rounds.append(
                {k: data[k] for k in ("round", "finish_order", "points", "titles")}
            )
            outcome.scores = list(data["scores"])
        if event.event_type == "GameEnded":
            outcome.scores = list(event.data["scores"])
            return


class _PromptFeed:
    """The seat's prompt subject, sorted: new prompts in a queue, turn ends by turn."""

    def __init__(self) -> None:
        self.prompts: asyncio.Queue[TurnPrompt] = asyncio.Queue()
        self._ended: dict[int, TurnEnded] = {}
        self._changed = asyncio.Condition()

    async def run(self, client: PresidentClient, table_id: str, seat: int) -> None:
        async for message in client.prompts(table_id, seat):
            if isinstance(message, TurnPrompt):
                await self.prompts.put(message)
                continue
            async with self._changed:
                self._ended[message.stream_version] = message
                self._changed.notify_all()

    async def end_of(self, prompt: TurnPrompt) -> TurnEnded:
        """The TurnEnded of ``prompt``'s turn, once it comes."""
        async with self._changed:
            await self._changed.wait_for(lambda: prompt.stream_version in self._ended)
            return self._ended[prompt.stream_version]


async def _first(task: asyncio.Task[T], feeding: asyncio.Task[None]) -> T:
    """``task``'s result; the feed's failure (or end) first if it comes first."""
    await asyncio.wait({task, feeding}, return_when=asyncio.FIRST_COMPLETED)
    if not task.done():
        task.cancel()
        feeding.result()  # raises what stopped the feed
        raise RuntimeError("the prompt subject ended")
    return task.result()


async def _turns(
    client: PresidentClient,
    table_id: str,
    seat: int,
    token: str,
    narrator: Narrator,
    read_line: ReadLine,
    write: Write,
    outcome: PlayOutcome,
) -> None:
    feed = _PromptFeed()
    feeding = asyncio.create_task(feed.run(client, table_id, seat))
    handled = -1
    try:
        while True:
            prompt = await _first(asyncio.create_task(feed.prompts.get()), feeding)
            if prompt.stream_version <= handled:
                continue
            handled = prompt.stream_version
            await asyncio.sleep(0.05)  # let the public events up to this turn be shown first
            turn = _turn(client, prompt, token, narrator, read_line, write, feed)
            answered = await _first(asyncio.create_task(turn), feeding)
            if answered is None:
                return
            outcome.actions += answered
    finally:
        feeding.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await feeding


async def _turn(
    client: PresidentClient,
    prompt: TurnPrompt,
    token: str,
    narrator: Narrator,
    read_line: ReadLine,
    write: Write,
    feed: _PromptFeed,
) -> int | None:
    """One turn: the answer, or the clock running out first (the takeover level plays).
    1 when the person acted, 0 when not, None when the input ended."""
    answer = asyncio.create_task(_answer(client, prompt, token, narrator, read_line, write))
    ended = asyncio.create_task(feed.end_of(prompt))
    countdown = asyncio.create_task(_countdown(prompt.clock, write, narrator.l10n))
    try:
        await asyncio.wait({answer, ended}, return_when=asyncio.FIRST_COMPLETED)
        if ended.done() and not answer.done() and ended.result().reason != "acted":
            answer.cancel()
            write("  " + narrator.l10n.text("play-took-over", reason=ended.result().reason))
            return 0
        return 1 if await answer else None
    finally:
        for task in (answer, ended, countdown):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task


def countdown_line(clock: SeatClock, now: datetime, l10n: Localizer | None = None) -> str | None:
    """What the person is told of the time left (None: no clock)."""
    if clock.deadline is None:
        return None
    left = max(0, math.ceil((clock.deadline - now).total_seconds()))
    until = f"{clock.deadline:%H:%M:%S}"
    return "  " + (l10n or localizer("en")).text("play-clock", left=left, until=until)


async def _countdown(clock: SeatClock, write: Write, l10n: Localizer) -> None:
    """Says the time left when the turn starts, then at each mark of COUNTDOWN_MARKS."""
    if clock.deadline is None:
        return
    deadline = clock.deadline
    line = countdown_line(clock, datetime.now(UTC), l10n)
    if line is not None:
        write(line)
    for mark in COUNTDOWN_MARKS:
        wait = (deadline - datetime.now(UTC)).total_seconds() - mark
        if wait < 0:
            continue
        await asyncio.sleep(wait)
        write("  " + l10n.text("play-clock-mark", left=mark))


async def _answer(
    client: PresidentClient,
    prompt: TurnPrompt,
    token: str,
    narrator: Narrator,
    read_line: ReadLine,
    write: Write,
) -> bool:
    """Ask until the server accepts an answer or the turn is gone; False when input ends."""
    view = prompt.view.model_dump(mode="json")  # the wire form, as any client reads it
    legal, l10n = view["legal_actions"], narrator.l10n
    for line in render_prompt(view, narrator):
        write(line)
    while True:
        write(l10n.text("play-ask"))
        answer = await read_line()
        if answer is None:
            write(l10n.text("play-input-closed"))
            return False
        action = choose(answer, legal, l10n)
        if action is None:
            write("  " + l10n.text("play-not-legal", count=len(legal), answer=answer.strip()))
            continue
        reply = await client.act(prompt.table_id, prompt.seat, token, action)
        if isinstance(reply, Accepted):
            return True
        assert isinstance(reply, Rejected)
        reason = l10n.rejection(reply.code.value, reply.params)
        write("  " + l10n.text("play-rejected", reason=reason))
        if reply.code.value in STALE:
            return True
