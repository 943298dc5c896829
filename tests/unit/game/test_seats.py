"""Who may act for a seat besides holding its token (pure)."""

from __future__ import annotations

from president.contract import AILevel, RejectionCode
from president.game.events import GameSeat
from president.game.seats import seat_credentials, seat_sender_refusal

TAKEN = GameSeat(
    seat=0, kind="human", player_name="Ann", token_sha256="h", taken_by="acme-integrator"
)
LEGACY = GameSeat(seat=1, kind="human", player_name="Bob", token_sha256="h")
AI = GameSeat(seat=2, kind="ai", level=AILevel.EASY, token_sha256="h")


def _code(seat: GameSeat, user: str | None, role: str | None) -> RejectionCode | None:
    refused = seat_sender_refusal(seat, user, role)
    return None if refused is None else refused.code


def test_a_persons_seat_is_its_takers_only() -> None:
    assert _code(TAKEN, "acme-integrator", "integrator") is None
    assert _code(TAKEN, "evil-integrator", "integrator") is RejectionCode.FORBIDDEN
    assert _code(TAKEN, "ai-worker", "ai-worker") is RejectionCode.FORBIDDEN
    assert _code(TAKEN, None, None) is RejectionCode.FORBIDDEN


def test_a_seat_taken_anonymously_or_before_takers_were_recorded_goes_by_its_token() -> None:
    for user, role in (("acme-integrator", "integrator"), ("ai-worker", "ai-worker"), (None, None)):
        assert _code(LEGACY, user, role) is None


def test_an_ai_seat_is_the_ai_workers() -> None:
    assert _code(AI, "ai-worker", "ai-worker") is None
    assert _code(AI, "acme-ai-worker", "ai-worker") is None
    assert _code(AI, None, None) is None  # an open server: everyone is anonymous
    assert _code(AI, "acme-integrator", "integrator") is RejectionCode.FORBIDDEN
    assert _code(AI, "auditor", "auditor") is RejectionCode.FORBIDDEN


def test_a_seats_credentials_act_for_that_table_and_seat_alone() -> None:
    assert seat_credentials("web-t1-0") == ("t1", 0)
    assert seat_credentials("web-a-b-1-12") == ("a-b-1", 12)  # the seat is the last part
    for user in ("web", "acme-integrator", "web-t1", "web--1", "xweb-t1-0", None):
        assert seat_credentials(user) is None
    web_seat = GameSeat(seat=0, kind="human", player_name="Ann", token_sha256="h", taken_by="web")
    assert seat_sender_refusal(web_seat, "web-t1-0", None, "t1") is None
    assert seat_sender_refusal(web_seat, "web", None, "t1") is None  # the lobby that took it
    refusals = [
        seat_sender_refusal(web_seat, "web-t1-1", None, "t1"),  # another seat's credentials
        seat_sender_refusal(web_seat, "web-t2-0", None, "t1"),  # another table's
        seat_sender_refusal(TAKEN, "web-t1-0", None, "t1"),  # a seat an integrator took
        seat_sender_refusal(LEGACY, "web-t1-1", None, "t1"),
        seat_sender_refusal(AI, "web-t1-2", None, "t1"),
    ]
    assert [r.code if r else None for r in refusals] == [RejectionCode.FORBIDDEN] * 5
