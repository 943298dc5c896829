"""The audit as one self-contained HTML page: cards drawn as cards, one section per round.

No scripts, no external files: the page can be mailed, archived or opened offline.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from president.audit.account import RoundAccount, Trick, sorted_cards
from president.audit.deals import DealCheck
from president.audit.game import Sender
from president.audit.problems import Problem
from president.audit.report import AuditReport
from president.audit.text import checked_counts, clock_line, problem_text, seat_text, stall_text
from president.l10n import Localizer, localizer
from president.l10n.localizer import Html

_SUITS = {"C": ("♣", "black"), "D": ("♦", "red"), "H": ("♥", "red"), "S": ("♠", "black")}

_STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI","Noto Sans","Noto Sans Georgian",
"Noto Sans Hebrew","DejaVu Sans","Arial Hebrew",Sylfaen,sans-serif;margin-block:2rem;
margin-inline:auto;max-width:70rem;color:#1d2330;background:#f5f6f8;line-height:1.45;
padding-block:0;padding-inline:1rem}
h1{margin-bottom:.2rem}h2{margin-top:0}
.verdict{padding-block:1rem;padding-inline:1.2rem;border-radius:.6rem;font-size:1.15rem;
margin-block:1rem}
.ok{background:#e3f6e8;border:2px solid #2e8b57}.bad{background:#fde8e8;border:2px solid #c0392b}
section{background:#fff;border-radius:.6rem;padding-block:1rem;padding-inline:1.2rem;
margin-block:1.2rem;
box-shadow:0 1px 3px #0002}
.card{display:inline-block;min-width:2.1rem;padding-block:.15rem;padding-inline:.25rem;
margin:.1rem;text-align:center;
border:1px solid #9aa3b2;border-radius:.3rem;background:#fff;font-weight:600;
box-shadow:0 1px 1px #0001}
.card.red{color:#c0392b}.card.black{color:#1d2330}
table{border-collapse:collapse;margin-block:.4rem}td,th{padding-block:.25rem;
padding-inline:.6rem;text-align:start;
vertical-align:top;border-bottom:1px solid #e3e6eb}
.pass{color:#7a8394;font-style:italic}
.by{color:#7a8394;font-size:.85em}
.flip{background:#fff3cd;border-radius:.3rem;padding-inline:.3rem}
.out{background:#dff0ff;border-radius:.3rem;padding-inline:.3rem}
.mono{font-family:ui-monospace,monospace;font-size:.85rem;word-break:break-all}
.good{color:#2e8b57;font-weight:600}
.fail{color:#c0392b;font-weight:600}.problems li{margin-block:.3rem}.muted{color:#7a8394}
"""


def render_html(
    report: AuditReport, only_round: int | None = None, l10n: Localizer | None = None
) -> str:
    """The page for ``report`` (one round only when ``only_round`` is given), in ``l10n``'s
    language (English by default): ``lang`` and ``dir`` set, names in ``<bdi>``, each card
    list one left-to-right isolated run."""
    t = l10n or localizer("en")
    account = report.account
    title = escape(t.text("audit-title", table=account.table_id))
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{escape(t.html_lang)}" dir="{t.direction}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{title}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{title}</h1>",
        *_summary(report, t),
        *_verdict(report, t),
        *_explanation(t),
    ]
    for round_account in report.rounds(only_round):
        parts.extend(_round(report, round_account, t))
    if account.final_scores is not None and only_round is None:
        parts.append(f"<section><h2>{escape(t.text('html-final'))}</h2>")
        parts.append(_per_seat_table(t, [t.text("html-score")], [account.final_scores]))
        parts.append("</section>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def card_html(card: str, l10n: Localizer | None = None) -> str:
    """One card drawn as a small card face: rank and suit symbol, red or black."""
    symbol, colour = _SUITS.get(card[-1:], ("", "black"))
    rank = card[:-1] if symbol else card
    if symbol and l10n is not None and l10n.has(f"rank-{rank}"):
        rank = l10n.rank(rank)
    return f'<span class="card {colour}" title="{escape(card)}">{escape(rank)}{symbol}</span>'


def _cards(cards: Iterable[str], t: Localizer) -> Html:
    """Cards as one left-to-right isolated run (in Hebrew too: "2 A R D" keeps its order)."""
    faces = "".join(card_html(card, t) for card in cards)
    return Html(f'<span class="cards" dir="ltr">{faces}</span>')


def _seats(account_seats: Sequence[dict[str, object]], t: Localizer) -> str:
    """The seats, a player's name in ``<bdi>`` (a name in any script keeps its own order)."""
    shown = []
    for seat in account_seats:
        name = str(seat.get("player_name") or "")
        text = escape(seat_text(t, seat))
        shown.append(f"{text} <bdi>{escape(name)}</bdi>" if name else text)
    return t.join(shown)


def _summary(report: AuditReport, t: Localizer) -> Iterable[str]:
    account, checked = report.account, report.checked
    options = account.options or {}
    rounds = options.get("rounds", 0)
    players = options.get("players", len(account.seats))
    summary = t.markup(
        "html-summary",
        stream=Html(f"<b>{escape(report.stream_id)}</b>"),
        events=checked.events,
        rules=Html(f"<b>{escape(account.rules_version or t.text('audit-unknown'))}</b>"),
        players=players if isinstance(players, int) else 0,
        rounds=rounds if isinstance(rounds, int) else 0,
        revolution="on" if options.get("revolution") else "off",
        leader=str(options.get("round_leader", "asshole")),
    )
    yield f'<p class="muted">{summary}'
    if account.seats:
        yield "<br>" + t.markup("audit-seats", seats=Html(_seats(account.seats, t)))
    head = escape(checked.chain_head or "-")
    yield f'<br>{escape(t.text("html-chain-head"))} <span class="mono">{head}</span></p>'


def _verdict(report: AuditReport, t: Localizer) -> Iterable[str]:
    checks = escape(t.text("html-verdict-ok-text", **checked_counts(report)))
    if report.ok and report.stall is not None:
        since, who, limit = stall_text(t, report.stall)
        head = escape(t.text("html-verdict-stalled", since=since))
        waits = escape(t.text("html-stalled-text", who=who, limit=limit))
        yield f'<div class="verdict bad"><b>{head}</b> {waits} {checks}</div>'
        return
    if report.ok:
        yield f'<div class="verdict ok"><b>{escape(t.text("html-verdict-ok"))}</b> '
        yield f"{checks}</div>"
        return
    yield f'<div class="verdict bad"><b>{escape(t.text("html-verdict-bad"))}</b> '
    yield escape(t.text("html-problems", count=len(report.problems)))
    yield from _problem_list(report.problems, t)
    yield "</div>"


def _problem_list(problems: Sequence[Problem], t: Localizer) -> Iterable[str]:
    yield '<ul class="problems">'
    for problem in problems:
        if problem.version is None:
            where = t.text("html-where-file")
        else:
            where = t.text("html-where-event", version=str(problem.version))
        yield f"<li><b>{escape(where)}</b>: {escape(problem_text(problem, t))}</li>"
    yield "</ul>"


def _explanation(t: Localizer) -> Iterable[str]:
    items = ("chain", "deals", "rules", "clocks")
    yield f"<details><summary>{escape(t.text('html-checked'))}</summary><ul>"
    for item in items:
        head, _, rest = t.text(f"html-checked-{item}").partition(":")
        yield f"<li><b>{escape(head)}</b>:{escape(rest)}</li>"
    yield "</ul></details>"


def _round(report: AuditReport, account: RoundAccount, t: Localizer) -> Iterable[str]:
    first, last = report.round_span(account)
    yield f'<section id="round-{account.number}">'
    yield f"<h2>{escape(t.text('html-round', round=account.number))}</h2>"
    span = t.text("html-round-span", first=str(first), last=str(last), leader=str(account.leader))
    yield f'<p class="muted">{escape(span)}</p>'
    problems = report.round_problems(account)
    if problems:
        yield f'<div class="verdict bad">{escape(t.text("html-round-problems"))}'
        yield from _problem_list(problems, t)
        yield "</div>"
    yield from _deal(account.deal, t)
    if account.ended and account.hands:
        yield f"<h3>{escape(t.text('html-hands'))}</h3><table>"
        for seat, hand in enumerate(account.hands):
            head = escape(t.text("html-seat", seat=str(seat)))
            yield f"<tr><th>{head}</th><td>{_cards(sorted_cards(hand), t)}</td></tr>"
        yield "</table>"
    if account.exchange:
        yield f"<h3>{escape(t.text('html-exchange'))}</h3><table>"
        for transfer in account.exchange:
            if account.ended:
                cards = str(_cards(transfer.cards, t))
            else:
                cards = escape(t.text("audit-card-count", count=len(transfer.cards)))
            row = t.text(
                "html-exchange-row",
                giver=str(transfer.giver),
                kind=transfer.kind,
                receiver=str(transfer.receiver),
            )
            yield f"<tr><td>{escape(row)}{_by(transfer.by, t)}</td><td>{cards}</td></tr>"
        yield "</table>"
    yield (
        f"<h3>{escape(t.text('html-tricks'))}</h3><table><tr><th>#</th>"
        f"<th>{escape(t.text('html-plays'))}</th><th>{escape(t.text('html-result'))}</th></tr>"
    )
    for trick in account.tricks:
        yield _trick(trick, t)
    yield "</table>"
    if account.clock:
        yield f"<h3>{escape(t.text('html-clock'))}</h3><ul>"
        for note in account.clock:
            yield f"<li>{escape(clock_line(note, t))}</li>"
        yield "</ul>"
    if account.finishes:
        yield f"<h3>{escape(t.text('html-went-out'))}</h3><ol>"
        for finish in sorted(account.finishes, key=lambda f: f.place):
            row = t.text("html-went-out-row", seat=str(finish.seat), title=t.title(finish.title))
            yield f"<li>{escape(row)}</li>"
        yield "</ol>"
    if account.ended:
        yield f"<h3>{escape(t.text('html-points'))}</h3>"
        titles = [t.title(x) for x in account.titles]
        labels = [t.text("html-title"), t.text("html-points"), t.text("html-score")]
        yield _per_seat_table(t, labels, [titles, account.points, account.scores])
    else:
        yield f'<p class="muted">{escape(t.text("html-in-progress"))}</p>'
    yield "</section>"


def _deal(deal: DealCheck | None, t: Localizer) -> Iterable[str]:
    yield f"<h3>{escape(t.text('html-deal'))}</h3>"
    if deal is None or deal.commitment is None:
        yield f'<p class="fail">{escape(t.text("html-no-commitment"))}</p>'
        return
    label = escape(t.text("html-commitment", version=str(deal.commitment_version)))
    yield f'<p>{label} <span class="mono">{escape(deal.commitment)}</span><br>'
    if deal.revealed:
        label = escape(t.text("html-seed", version=str(deal.reveal_version)))
        yield f'{label} <span class="mono">{escape(str(deal.seed))}</span><br>'
        yield _mark(deal.commitment_ok, t.text("html-seed-ok"), t.text("html-seed-bad"), t)
    else:
        yield f"{escape(t.text('html-seed-hidden'))}<br>"
    yield _mark(deal.deal_ok, " " + t.text("html-hands-ok"), " " + t.text("html-hands-bad"), t)
    yield "</p>"


def _mark(ok: bool | None, good: str, bad: str, t: Localizer) -> str:
    if ok is None:
        return f'<span class="muted"> {escape(t.text("html-uncheckable"))}</span>'
    return (
        f'<span class="good">✔ {escape(good)}</span>'
        if ok
        else f'<span class="fail">✘ {escape(bad)}</span>'
    )


def _by(sender: Sender | None, t: Localizer) -> str:
    """Who sent the move's command (a seat's client, an AI worker, a takeover), if recorded."""
    if sender is None:
        return ""
    return f' <span class="by">{escape(t.text("html-by", sender=str(sender)))}</span>'


def _trick(trick: Trick, t: Localizer) -> str:
    moves = []
    for move in trick.moves:
        seat = str(move.seat)
        if move.cards:
            text = f"{escape(t.text('html-seat', seat=seat))} {_cards(move.cards, t)}"
        else:
            text = f'<span class="pass">{escape(t.text("html-passes", seat=seat))}</span>'
        if move.order_now:
            flip = t.text("html-flip", reversed="yes" if move.order_now == "reversed" else "no")
            text += f' <span class="flip">{escape(flip)}</span>'
        if move.place:
            text += f' <span class="out">{escape(t.text("html-out", place=move.place))}</span>'
        if move.takeover:
            takeover = t.text("html-takeover", reason=move.takeover)
            text += f' <span class="flip">{escape(takeover)}</span>'
        text += _by(move.by, t)
        moves.append(text)
    if trick.winner is None:
        result = t.text("html-trick-open")
    else:
        result = t.text("html-trick-won", winner=str(trick.winner), leader=str(trick.next_leader))
    return f"<tr><td>{trick.number}</td><td>{' · '.join(moves)}</td><td>{escape(result)}</td></tr>"


def _per_seat_table(t: Localizer, labels: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    seats = max((len(row) for row in rows), default=0)
    head = "".join(
        f"<th>{escape(t.text('html-seat', seat=str(seat)))}</th>" for seat in range(seats)
    )
    body = "".join(
        f"<tr><th>{escape(label)}</th>"
        + "".join(f"<td>{escape(str(v))}</td>" for v in row)
        + "</tr>"
        for label, row in zip(labels, rows, strict=True)
    )
    return f"<table><tr><th></th>{head}</tr>{body}</table>"
