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
from president.audit.report import AuditReport, stall_words
from president.audit.text import clock_line

_SUITS = {"C": ("♣", "black"), "D": ("♦", "red"), "H": ("♥", "red"), "S": ("♠", "black")}
_TITLES = {
    "president": "President",
    "vice_president": "Vice-President",
    "neutral": "Neutral",
    "vice_asshole": "Vice-Asshole",
    "asshole": "Asshole",
}

_STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2rem auto;max-width:70rem;
color:#1d2330;background:#f5f6f8;line-height:1.45;padding:0 1rem}
h1{margin-bottom:.2rem}h2{margin-top:0}
.verdict{padding:1rem 1.2rem;border-radius:.6rem;font-size:1.15rem;margin:1rem 0}
.ok{background:#e3f6e8;border:2px solid #2e8b57}.bad{background:#fde8e8;border:2px solid #c0392b}
section{background:#fff;border-radius:.6rem;padding:1rem 1.2rem;margin:1.2rem 0;
box-shadow:0 1px 3px #0002}
.card{display:inline-block;min-width:2.1rem;padding:.15rem .25rem;margin:.1rem;text-align:center;
border:1px solid #9aa3b2;border-radius:.3rem;background:#fff;font-weight:600;
box-shadow:0 1px 1px #0001}
.card.red{color:#c0392b}.card.black{color:#1d2330}
table{border-collapse:collapse;margin:.4rem 0}td,th{padding:.25rem .6rem;text-align:left;
vertical-align:top;border-bottom:1px solid #e3e6eb}
.pass{color:#7a8394;font-style:italic}
.by{color:#7a8394;font-size:.85em}
.flip{background:#fff3cd;border-radius:.3rem;padding:0 .3rem}
.out{background:#dff0ff;border-radius:.3rem;padding:0 .3rem}
.mono{font-family:ui-monospace,monospace;font-size:.85rem;word-break:break-all}
.good{color:#2e8b57;font-weight:600}
.fail{color:#c0392b;font-weight:600}.problems li{margin:.3rem 0}.muted{color:#7a8394}
"""


def render_html(report: AuditReport, only_round: int | None = None) -> str:
    """The page for ``report`` (one round only when ``only_round`` is given)."""
    account = report.account
    title = f"Audit of table {account.table_id}"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        *_summary(report),
        *_verdict(report),
        *_explanation(),
    ]
    for round_account in report.rounds(only_round):
        parts.extend(_round(report, round_account))
    if account.final_scores is not None and only_round is None:
        parts.append("<section><h2>Final scores</h2>")
        parts.append(_per_seat_table(["Score"], [account.final_scores]))
        parts.append("</section>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def card_html(card: str) -> str:
    """One card drawn as a small card face: rank and suit symbol, red or black."""
    symbol, colour = _SUITS.get(card[-1:], ("", "black"))
    rank = card[:-1] if symbol else card
    return f'<span class="card {colour}" title="{escape(card)}">{escape(rank)}{symbol}</span>'


def _cards(cards: Iterable[str]) -> str:
    return "".join(card_html(card) for card in cards)


def _summary(report: AuditReport) -> Iterable[str]:
    account, checked = report.account, report.checked
    options = account.options or {}
    yield '<p class="muted">'
    yield f"Stream <b>{escape(report.stream_id)}</b>, {checked.events} recorded events; "
    yield f"rules <b>{escape(str(account.rules_version))}</b>; "
    yield f"{escape(str(options.get('players', '?')))} players, "
    yield f"{escape(str(options.get('rounds', '?')))} round(s), "
    yield f"revolution {'on' if options.get('revolution') else 'off'}, "
    yield f"later rounds led by the {escape(str(options.get('round_leader', '?')))}."
    yield f'<br>Chain head: <span class="mono">{escape(str(checked.chain_head))}</span></p>'


def _verdict(report: AuditReport) -> Iterable[str]:
    checked = report.checked
    checks = (
        f"The hash chain of all {checked.events} events is intact, {checked.commitments} "
        f"seed commitments and {checked.deals} deals were verified, and "
        f"{checked.replayed} game events replayed exactly under the rules.</div>"
    )
    if report.ok and report.stall is not None:
        since, who, limit = (escape(words) for words in stall_words(report.stall))
        yield f'<div class="verdict bad"><b>Verdict: stalled since {since}.</b> '
        yield f"The game waits for {who}, allowed until {limit}. {checks}"
        return
    if report.ok:
        yield '<div class="verdict ok"><b>Verdict: everything checks.</b> '
        yield checks
        return
    yield '<div class="verdict bad"><b>Verdict: the record does NOT check.</b> '
    yield f"{len(report.problems)} problem(s) found:"
    yield from _problem_list(report.problems)
    yield "</div>"


def _problem_list(problems: Sequence[Problem]) -> Iterable[str]:
    yield '<ul class="problems">'
    for problem in problems:
        where = "the file" if problem.version is None else f"event {problem.version}"
        yield f"<li><b>{escape(where)}</b>: {escape(problem.problem)}</li>"
    yield "</ul>"


def _explanation() -> Iterable[str]:
    yield (
        "<details><summary>What was checked</summary><ul>"
        "<li><b>Hash chain</b>: every event carries a fingerprint (SHA-256) of its content and "
        "of the event before it; an edited, removed, inserted or reordered event breaks it.</li>"
        "<li><b>Fair deals</b>: before each round the server published a commitment (a "
        "fingerprint of the secret seed); after the round it revealed the seed. The seed must "
        "match the commitment, and shuffling with it must give exactly the hands dealt.</li>"
        "<li><b>Rules</b>: every play, pass and exchange was replayed through the rules; each "
        "had to be legal for that player at that moment, and every consequence (tricks, "
        "revolutions, who went out, titles, points, exchanges) had to be what the rules give."
        "</li><li><b>Clocks</b>: every time-out was recorded no earlier than its deadline, and "
        "every move the takeover level made for a seat followed a time-out, a departure or "
        "the seat stepping away.</li></ul></details>"
    )


def _round(report: AuditReport, account: RoundAccount) -> Iterable[str]:
    first, last = report.round_span(account)
    yield f'<section id="round-{account.number}">'
    yield f"<h2>Round {account.number}</h2>"
    yield f'<p class="muted">Events {first}–{last}. Seat {account.leader} leads.</p>'
    problems = report.round_problems(account)
    if problems:
        yield '<div class="verdict bad">Problems in this round:'
        yield from _problem_list(problems)
        yield "</div>"
    yield from _deal(account.deal)
    if account.ended and account.hands:
        yield "<h3>Hands as dealt</h3><table>"
        for seat, hand in enumerate(account.hands):
            yield f"<tr><th>Seat {seat}</th><td>{_cards(sorted_cards(hand))}</td></tr>"
        yield "</table>"
    if account.exchange:
        yield "<h3>Exchange</h3><table>"
        for transfer in account.exchange:
            verb = "gave (automatically)" if transfer.kind == "gave" else "returned"
            cards = _cards(transfer.cards) if account.ended else f"{len(transfer.cards)} card(s)"
            by = _by(transfer.by)
            yield (
                f"<tr><td>Seat {transfer.giver} {verb} to seat {transfer.receiver}{by}</td>"
                f"<td>{cards}</td></tr>"
            )
        yield "</table>"
    yield "<h3>Tricks</h3><table><tr><th>#</th><th>Plays and passes</th><th>Result</th></tr>"
    for trick in account.tricks:
        yield _trick(trick)
    yield "</table>"
    if account.clock:
        yield "<h3>Clock and presence</h3><ul>"
        for note in account.clock:
            yield f"<li>{escape(clock_line(note))}</li>"
        yield "</ul>"
    if account.finishes:
        yield "<h3>Who went out</h3><ol>"
        for finish in sorted(account.finishes, key=lambda f: f.place):
            yield f"<li>Seat {finish.seat}: {escape(_TITLES.get(finish.title, finish.title))}</li>"
        yield "</ol>"
    if account.ended:
        yield "<h3>Points</h3>"
        titles = [_TITLES.get(t, t) for t in account.titles]
        yield _per_seat_table(
            ["Title", "Points", "Score"], [titles, account.points, account.scores]
        )
    else:
        yield '<p class="muted">This round is still being played.</p>'
    yield "</section>"


def _deal(deal: DealCheck | None) -> Iterable[str]:
    yield "<h3>Deal</h3>"
    if deal is None or deal.commitment is None:
        yield '<p class="fail">No seed commitment was recorded before this deal.</p>'
        return
    yield (
        f"<p>Commitment (event {deal.commitment_version}): "
        f'<span class="mono">{escape(deal.commitment)}</span><br>'
    )
    if deal.revealed:
        yield (
            f"Seed revealed (event {deal.reveal_version}): "
            f'<span class="mono">{escape(str(deal.seed))}</span><br>'
        )
        yield _mark(
            deal.commitment_ok, "The seed matches the commitment.", "The seed does NOT match."
        )
    else:
        yield "The seed is not revealed yet (the round is not over).<br>"
    yield _mark(deal.deal_ok, " The hands follow from the seed.", " The hands do NOT follow.")
    yield "</p>"


def _mark(ok: bool | None, good: str, bad: str) -> str:
    if ok is None:
        return '<span class="muted"> Not checkable.</span>'
    return (
        f'<span class="good">✔ {escape(good)}</span>'
        if ok
        else f'<span class="fail">✘ {escape(bad)}</span>'
    )


def _by(sender: Sender | None) -> str:
    """Who sent the move's command (a seat's client, an AI worker, a takeover), if recorded."""
    return "" if sender is None else f' <span class="by">by {escape(str(sender))}</span>'


def _trick(trick: Trick) -> str:
    moves = []
    for move in trick.moves:
        if move.cards:
            text = f"Seat {move.seat} {_cards(move.cards)}"
        else:
            text = f'<span class="pass">Seat {move.seat} passes</span>'
        if move.order_now:
            text += f' <span class="flip">revolution: order now {escape(move.order_now)}</span>'
        if move.place:
            text += f' <span class="out">out, place {move.place}</span>'
        if move.takeover:
            text += f' <span class="flip">takeover ({escape(move.takeover)})</span>'
        text += _by(move.by)
        moves.append(text)
    if trick.winner is None:
        result = "left open when the round ended"
    else:
        result = f"won by seat {trick.winner}; seat {trick.next_leader} leads next"
    return f"<tr><td>{trick.number}</td><td>{' · '.join(moves)}</td><td>{result}</td></tr>"


def _per_seat_table(labels: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    seats = max((len(row) for row in rows), default=0)
    head = "".join(f"<th>Seat {seat}</th>" for seat in range(seats))
    body = "".join(
        f"<tr><th>{escape(label)}</th>"
        + "".join(f"<td>{escape(str(v))}</td>" for v in row)
        + "</tr>"
        for label, row in zip(labels, rows, strict=True)
    )
    return f"<table><tr><th></th>{head}</tr>{body}</table>"
