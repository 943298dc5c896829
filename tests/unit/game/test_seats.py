"""Who may act for a seat besides holding its token (pure)."""

from __future__ import annotations

from president.contract import AILevel, RejectionCode, TableOptions
from president.game import Game
from president.game.events import GameCreated, GameSeat
from president.game.seats import seat_credentials, seat_refusal, token_sha256
from president.rules import RULES_VERSION, Refusal

TAKEN = GameSeat(
    seat=0, kind="human", player_name="Ann", token_sha256="h", taken_by="acme-integrator"
)
LEGACY = GameSeat(seat=1, kind="human", player_name="Bob", token_sha256="h")
AI = GameSeat(seat=2, kind="ai", level=AILevel.EASY, token_sha256="h")
TOKEN = "the-seats-token"


def _game(seat: GameSeat, table_id: str = "t1") -> Game:
    """A game of three seats whose seat ``seat.seat`` is ``seat``, of token :data:`TOKEN`."""
    seats = [GameSeat(seat=n, kind="ai", level=AILevel.EASY, token_sha256="x") for n in range(3)]
    seats[seat.seat] = seat.model_copy(update={"token_sha256": token_sha256(TOKEN)})
    created = GameCreated(
        table_id=table_id,
        rules_version=RULES_VERSION,
        players=3,
        options=TableOptions(),
        seats=seats,
    )
    return Game(table_id, created=created)


def _refusal(seat: GameSeat, user: str | None, role: str | None) -> Refusal | None:
    """What ``user`` of ``role`` gets acting for ``seat`` of table t1 with its token."""
    return seat_refusal(_game(seat), seat.seat, TOKEN, user, role)


def _code(seat: GameSeat, user: str | None, role: str | None) -> RejectionCode | None:
    refused = _refusal(seat, user, role)
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
    assert _refusal(web_seat, "web-t1-0", None) is None
    assert _refusal(web_seat, "web", None) is None  # the lobby that took it
    refusals = [
        _refusal(web_seat, "web-t1-1", None),  # another seat's credentials
        _refusal(web_seat, "web-t2-0", None),  # another table's
        _refusal(TAKEN, "web-t1-0", None),  # a seat an integrator took
        _refusal(LEGACY, "web-t1-1", None),
        _refusal(AI, "web-t1-2", None),
    ]
    assert [r.code if r else None for r in refusals] == [RejectionCode.FORBIDDEN] * 5


def test_a_wrong_token_is_refused_before_anything_is_said_of_its_sender() -> None:
    for user, role in (("acme-integrator", "integrator"), (None, None), ("web-t1-0", None)):
        refused = seat_refusal(_game(TAKEN), 0, "forged", user, role)
        assert refused is not None and refused.code is RejectionCode.BAD_TOKEN
    refused = seat_refusal(_game(TAKEN), 3, TOKEN, None, None)
    assert refused is not None and refused.code is RejectionCode.UNKNOWN_SEAT
