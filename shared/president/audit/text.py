"""The audit as text for a terminal: a header, the rounds, the problems and the verdict."""

from __future__ import annotations

from collections.abc import Iterable

from president.audit.account import ClockNote, RoundAccount, Trick, sorted_cards
from president.audit.deals import DealCheck
from president.audit.problems import Problem
from president.audit.report import AuditReport, stall_words
from president.game.liveness import Stall
from president.l10n import Localizer, localizer


def render_text(
    report: AuditReport, only_round: int | None = None, l10n: Localizer | None = None
) -> str:
    """The whole account (or one round of it) followed by the problems and the verdict,
    in ``l10n``'s language (English by default)."""
    t = l10n or localizer("en")
    lines = list(_header(report, t))
    for account in report.rounds(only_round):
        lines.append("")
        lines.extend(_round(report, account, t))
    if only_round is not None and not report.rounds(only_round):
        lines += ["", t.text("audit-round-missing", round=only_round)]
    final = report.account.final_scores
    if final is not None and only_round is None:
        lines += ["", t.text("audit-final", scores=per_seat(t, final))]
    lines.append("")
    lines.extend(_verdict(report, t))
    return "\n".join(lines) + "\n"


def _header(report: AuditReport, t: Localizer) -> Iterable[str]:
    account, checked = report.account, report.checked
    yield t.text("audit-header", table=account.table_id, stream=report.stream_id)
    yield "  " + t.text("audit-events", events=checked.events, head=checked.chain_head or "-")
    rules = account.rules_version or t.text("audit-unknown")
    yield "  " + t.text("audit-rules", rules=rules, options=_options(account.options, t))
    if account.seats:
        yield "  " + t.text("audit-seats", seats=t.join(seat_text(t, s) for s in account.seats))


def problem_text(problem: Problem, t: Localizer) -> str:
    """A problem in ``t``'s words (``problem-<key>``; its English text when it has no key):
    numbers as they are, a rule broken by its refusal's words."""
    key = f"problem-{problem.key}"
    if not problem.key or not t.has(key):
        return problem.problem
    args = {name: str(value) for name, value in problem.args.items()}
    if "code" in args:
        args["code"] = t.rejection(args["code"])
    return t.text(key, **args)


def _options(options: dict[str, object] | None, t: Localizer) -> str:
    if not options:
        return t.text("audit-unreadable")
    return t.join(_option(key, value, t) for key, value in options.items())


def _option(key: str, value: object, t: Localizer) -> str:
    """One option of the game in ``t``'s words (an unknown one as ``key=value``)."""
    shown = ("yes" if value else "no") if isinstance(value, bool) else str(value)
    return t.text("audit-option", option=key, value=shown)


def seat_text(t: Localizer, seat: dict[str, object]) -> str:
    """A seat of the game as the header lists it: ``0: human``, ``1: ai Easy``."""
    if seat.get("kind") == "ai" and seat.get("level"):
        return t.text(
            "audit-seat-ai", seat=str(seat.get("seat")), level=t.ai_level(str(seat["level"]))
        )
    return t.text("audit-seat-human", seat=str(seat.get("seat")))


def _round(report: AuditReport, account: RoundAccount, t: Localizer) -> Iterable[str]:
    first, last = report.round_span(account)
    yield t.text(
        "audit-round",
        round=account.number,
        first=str(first),
        last=str(last),
        leader=str(account.leader),
    )
    yield from _deal(account.deal, t)
    if account.ended:
        for seat, hand in enumerate(account.hands):
            yield "  " + t.text("audit-dealt", seat=str(seat), cards=t.cards(sorted_cards(hand)))
    for transfer in account.exchange:
        if account.ended:
            cards = t.cards(transfer.cards)
        else:
            cards = t.text("audit-card-count", count=len(transfer.cards))
        line = t.text(
            "audit-exchange",
            version=str(transfer.version),
            giver=str(transfer.giver),
            kind=transfer.kind,
            receiver=str(transfer.receiver),
            cards=cards,
        )
        yield f"  {line}{_takeover(t, transfer.takeover)}{_by(t, transfer.by)}"
    for trick in account.tricks:
        yield from _trick(trick, t)
    for move in account.revolutions:
        yield "  " + t.text(
            "audit-revolution",
            version=str(move.version),
            seat=str(move.seat),
            reversed="yes" if move.order_now == "reversed" else "no",
        )
    for finish in account.finishes:
        yield "  " + t.text(
            "audit-out",
            version=str(finish.version),
            seat=str(finish.seat),
            place=finish.place,
            title=t.title(finish.title),
        )
    for note in account.clock:
        yield f"  {clock_line(note, t)}"
    if account.ended:
        yield "  " + t.text("audit-points", values=per_seat(t, account.points, signed=True))
        yield "  " + t.text(
            "audit-titles", values=per_seat(t, [t.title(x) for x in account.titles])
        )
        yield "  " + t.text("audit-scores", values=per_seat(t, account.scores))
    elif report.stall is not None and account is report.account.rounds[-1]:
        since, who, _ = stall_text(t, report.stall)
        yield "  " + t.text("audit-in-progress-stalled", since=since, who=who)
    else:
        yield "  " + t.text("audit-in-progress")
    for problem in report.round_problems(account):
        yield "  " + t.text(
            "audit-problem-at", version=str(problem.version), problem=problem_text(problem, t)
        )


def _takeover(t: Localizer, reason: str | None) -> str:
    return f" {t.text('audit-takeover', reason=reason)}" if reason else ""


def _by(t: Localizer, sender: object | None) -> str:
    return "" if sender is None else f" {t.text('audit-by', sender=str(sender))}"


def clock_line(note: ClockNote, l10n: Localizer | None = None) -> str:
    """A time-out, away, back or leave, as one line of the account (with who asked)."""
    t = l10n or localizer("en")
    by = "" if note.by is None else _by(t, note.by)
    where = {"version": str(note.version), "seat": str(note.seat), "by": by}
    if note.kind == "timed_out":
        if note.lag_ms is None:
            return t.text("audit-timed-out", deadline=note.deadline, **where)
        lag = round(note.lag_ms)
        return t.text("audit-timed-out-lag", deadline=note.deadline, lag=lag, **where)
    if note.kind == "away":  # the reason id (asked, timeouts) in the locale's words
        return t.text("audit-away", reason=note.detail, **where)
    if note.kind == "back":
        return t.text("audit-back", **where)
    return t.text("audit-left", name=note.detail or t.text("audit-no-name"), **where)


def _deal(deal: DealCheck | None, t: Localizer) -> Iterable[str]:
    if deal is None:
        yield "  " + t.text("audit-deal-none")
        return
    if deal.commitment:
        version = str(deal.commitment_version)
        yield "  " + t.text("audit-deal-commitment", commitment=deal.commitment, version=version)
    else:
        yield "  " + t.text("audit-deal-no-commitment")
    if deal.revealed:
        yield "  " + t.text(
            "audit-seed",
            seed=str(deal.seed),
            version=str(deal.reveal_version),
            status=checked_status(deal.commitment_ok),
        )
    else:
        yield "  " + t.text("audit-seed-hidden")
    yield "  " + t.text("audit-hands", status=checked_status(deal.deal_ok))


def checked_status(ok: bool | None) -> str:
    """``yes``, ``no`` or ``unknown``: the selector of a check's messages."""
    return "unknown" if ok is None else "yes" if ok else "no"


def _trick(trick: Trick, t: Localizer) -> Iterable[str]:
    moves = []
    for move in trick.moves:
        seat = str(move.seat)
        if move.cards:
            text = t.text("audit-move-cards", seat=seat, cards=t.cards(move.cards))
        else:
            text = t.text("audit-move-pass", seat=seat)
        if move.order_now:
            reversed_ = "yes" if move.order_now == "reversed" else "no"
            text += " " + t.text("audit-move-order", reversed=reversed_)
        if move.place:
            text += " " + t.text("audit-move-out", place=move.place)
        text += _takeover(t, move.takeover) + _by(t, move.by)
        moves.append(text)
    if trick.winner is not None:
        winner, leader = str(trick.winner), str(trick.next_leader)
        end = t.text("audit-trick-won", winner=winner, leader=leader)
    else:
        end = t.text("audit-trick-open")
    yield "  " + t.text("audit-trick", number=trick.number, moves=t.join(moves, " | "), end=end)


def per_seat(t: Localizer, values: Iterable[object], *, signed: bool = False) -> str:
    """``seat 0 3, seat 1 +2, ...``: one value per seat."""
    parts = []
    for seat, value in enumerate(values):
        shown = f"+{value}" if signed and isinstance(value, int) and value > 0 else str(value)
        parts.append(t.text("audit-seat-value", seat=str(seat), value=shown))
    return t.join(parts)


def stall_text(t: Localizer, stall: Stall) -> tuple[str, str, str]:
    """The stall in ``t``'s words: since when, for whom, until when (times in UTC)."""
    since, _, limit = stall_words(stall)
    if not stall.seats:
        return since, t.text("audit-waiting-engine"), limit
    seats = t.join(str(seat) for seat in stall.seats)
    return since, t.text("audit-waiting-seats", count=len(stall.seats), seats=seats), limit


def checked_counts(report: AuditReport) -> dict[str, int]:
    """What the verdict counts: events, seed commitments, deals, rules events replayed."""
    checked = report.checked
    return {
        "events": checked.events,
        "commitments": checked.commitments,
        "deals": checked.deals,
        "replayed": checked.replayed,
    }


def _verdict(report: AuditReport, t: Localizer) -> Iterable[str]:
    if report.ok and report.stall is not None:
        since, who, limit = stall_text(t, report.stall)
        counts = checked_counts(report)
        yield t.text("audit-stalled", since=since, who=who, limit=limit, **counts)
        return
    if report.ok:
        yield t.text("audit-ok", **checked_counts(report))
        return
    yield t.text("audit-failed", count=len(report.problems))
    for problem in report.problems:
        if problem.version is None:
            where = t.text("audit-where-file")
        else:
            where = t.text("audit-where-version", version=str(problem.version))
        yield f"  {where}: {problem_text(problem, t)}"
