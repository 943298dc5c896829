"""Who may act for a seat besides holding its token (pure)."""

from __future__ import annotations

from president.contract import AILevel, RejectionCode
from president.game.events import GameSeat
from president.game.seats import seat_credentials, seat_identity_refusal, seat_sender_refusal

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
    assert seat_identity_refusal("t1", 0, "web-t1-0") is None
    assert seat_identity_refusal("t1", 0, "acme-integrator") is None  # not seat credentials
    for table_id, seat in (("t1", 1), ("t2", 0), ("t1-0", 0)):
        refused = seat_identity_refusal(table_id, seat, "web-t1-0")
        assert refused is not None and refused.code is RejectionCode.FORBIDDEN
