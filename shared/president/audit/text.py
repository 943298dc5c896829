"""The audit as text for a terminal: a header, the rounds, the problems and the verdict."""

from __future__ import annotations

from collections.abc import Iterable

from president.audit.account import ClockNote, RoundAccount, Trick, sorted_cards
from president.audit.deals import DealCheck
from president.audit.report import AuditReport, stall_words


def render_text(report: AuditReport, only_round: int | None = None) -> str:
    """The whole account (or one round of it) followed by the problems and the verdict."""
    lines = list(_header(report))
    for account in report.rounds(only_round):
        lines.append("")
        lines.extend(_round(report, account))
    if only_round is not None and not report.rounds(only_round):
        lines += ["", f"Round {only_round} is not in the record."]
    final = report.account.final_scores
    if final is not None and only_round is None:
        lines += ["", "Game over, final scores: " + _per_seat(final)]
    lines.append("")
    lines.extend(_verdict(report))
    return "\n".join(lines) + "\n"


def _header(report: AuditReport) -> Iterable[str]:
    account, checked = report.account, report.checked
    yield f"Audit of table {account.table_id} (stream {report.stream_id})"
    yield f"  {checked.events} events, chain head {checked.chain_head or '-'}"
    yield f"  rules {account.rules_version or 'unknown'}; options {_options(account.options)}"
    if account.seats:
        yield "  seats: " + ", ".join(_seat(seat) for seat in account.seats)


def _options(options: dict[str, object] | None) -> str:
    if not options:
        return "unreadable"
    return ", ".join(f"{key}={value}" for key, value in options.items())


def _seat(seat: dict[str, object]) -> str:
    level = f" {seat['level']}" if seat.get("level") else ""
    return f"{seat.get('seat')}: {seat.get('kind', '?')}{level}"


def _cards(cards: Iterable[str]) -> str:
    return " ".join(cards)


def _round(report: AuditReport, account: RoundAccount) -> Iterable[str]:
    first, last = report.round_span(account)
    yield f"Round {account.number} (versions {first}-{last}), seat {account.leader} leads"
    yield from _deal(account.deal)
    if account.ended:
        for seat, hand in enumerate(account.hands):
            yield f"  dealt seat {seat}: {_cards(sorted_cards(hand))}"
    for transfer in account.exchange:
        cards = _cards(transfer.cards) if account.ended else f"{len(transfer.cards)} card(s)"
        takeover = f" [takeover: {transfer.takeover}]" if transfer.takeover else ""
        by = "" if transfer.by is None else f" [by {transfer.by}]"
        yield (
            f"  exchange (v{transfer.version}): seat {transfer.giver} {transfer.kind} "
            f"seat {transfer.receiver} {cards}{takeover}{by}"
        )
    for trick in account.tricks:
        yield from _trick(trick)
    for move in account.revolutions:
        yield (
            f"  revolution (v{move.version}): seat {move.seat}'s four of a kind, "
            f"order now {move.order_now}"
        )
    for finish in account.finishes:
        yield f"  out (v{finish.version}): seat {finish.seat} place {finish.place}, {finish.title}"
    for note in account.clock:
        yield f"  {clock_line(note)}"
    if account.ended:
        yield "  points: " + _per_seat(account.points, signed=True)
        yield "  titles: " + _per_seat(account.titles)
        yield "  scores: " + _per_seat(account.scores)
    elif report.stall is not None and account is report.account.rounds[-1]:
        since, who, _ = stall_words(report.stall)
        yield f"  (round in progress, stalled since {since}: waiting for {who})"
    else:
        yield "  (round in progress)"
    for problem in report.round_problems(account):
        yield f"  PROBLEM at version {problem.version}: {problem.problem}"


def clock_line(note: ClockNote) -> str:
    """A time-out, away, back or leave, as one line of the account (with who asked)."""
    where = f"(v{note.version}): seat {note.seat}"
    if note.by is not None:
        where += f" [by {note.by}]"
    if note.kind == "timed_out":
        lag = "" if note.lag_ms is None else f", recorded {note.lag_ms:.0f} ms after it"
        return f"time-out {where}, {note.detail}{lag}; the takeover level played"
    if note.kind == "away":
        return f"away {where} ({note.detail}): played by the takeover level at once"
    if note.kind == "back":
        return f"back {where}"
    return f"left {where} ({note.detail or 'no name'}): played by the takeover level for good"


def _deal(deal: DealCheck | None) -> Iterable[str]:
    if deal is None:
        yield "  deal: no record"
        return
    committed = f"commitment {deal.commitment} (v{deal.commitment_version})"
    yield f"  deal: {committed}" if deal.commitment else "  deal: NO commitment"
    if deal.revealed:
        verdict = {True: "matches the commitment", False: "does NOT match", None: "unchecked"}
        status = verdict[deal.commitment_ok]
        yield f"  seed {deal.seed} revealed at v{deal.reveal_version}: {status}"
    else:
        yield "  seed not revealed yet"
    hands = {True: "follow from the seed", False: "do NOT follow from the seed", None: "unchecked"}
    yield f"  dealt hands {hands[deal.deal_ok]}"


def _trick(trick: Trick) -> Iterable[str]:
    moves = []
    for move in trick.moves:
        text = f"{move.seat}: {_cards(move.cards)}" if move.cards else f"{move.seat}: pass"
        if move.order_now:
            text += f" [order {move.order_now}]"
        if move.place:
            text += f" [out, place {move.place}]"
        if move.takeover:
            text += f" [takeover: {move.takeover}]"
        if move.by is not None:
            text += f" [by {move.by}]"
        moves.append(text)
    end = (
        f"won by seat {trick.winner}, seat {trick.next_leader} leads"
        if trick.winner is not None
        else "left open"
    )
    yield f"  trick {trick.number}: " + " | ".join(moves) + f" -> {end}"


def _per_seat(values: Iterable[object], *, signed: bool = False) -> str:
    parts = []
    for seat, value in enumerate(values):
        shown = f"+{value}" if signed and isinstance(value, int) and value > 0 else str(value)
        parts.append(f"seat {seat} {shown}")
    return ", ".join(parts)


def _verdict(report: AuditReport) -> Iterable[str]:
    checked = report.checked
    checks = (
        f"Hash chain of {checked.events} events intact, "
        f"{checked.commitments} seed commitments and {checked.deals} deals verified, "
        f"{checked.replayed} rules events replayed without a fault."
    )
    if report.ok and report.stall is not None:
        since, who, limit = stall_words(report.stall)
        yield f"Verdict: stalled since {since}: waiting for {who}, allowed until {limit}. {checks}"
        return
    if report.ok:
        yield f"Verdict: OK. {checks}"
        return
    yield f"Verdict: FAILED, {len(report.problems)} problem(s):"
    for problem in report.problems:
        where = "file" if problem.version is None else f"version {problem.version}"
        yield f"  {where}: {problem.problem}"
