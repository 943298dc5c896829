"""The auth callout's answers to nats-server's authorization requests (pure)."""

from __future__ import annotations

import os
from typing import Any

import nkeys
import pytest
from president.bus.nats_jwt import JwtError, decode, encode, new_account_seed, public_key
from president.settings import MissingSecretError

from services.web.callout import BadTickets, CalloutConfig, authorize, callout_config
from services.web.settings import WebSettings
from services.web.tickets import SpentTickets, issue_ticket

SERVER_SEED = nkeys.encode_seed(os.urandom(32), nkeys.PREFIX_BYTE_SERVER).decode()
ISSUER_SEED = new_account_seed()
SECRET = b"k" * 32
CONFIG = CalloutConfig(ISSUER_SEED, SECRET, prefix="p", user_ttl_s=600)
USER_NKEY = "UDXU4RCSJNZOIQHZNWXHXORDPRTGNJAHAHFRGZNEEJCPQTT2M7NLCNF4"


def _request(token: str | None, kind: str = "websocket", host: str = "10.0.0.1") -> bytes:
    nats: dict[str, Any] = {
        "type": "authorization_request",
        "user_nkey": USER_NKEY,
        "server_id": {"id": public_key(SERVER_SEED), "name": "n1"},
        "client_info": {"type": kind, "kind": "Client", "host": host},
        "connect_opts": {} if token is None else {"auth_token": token},
    }
    claims = {"sub": public_key(ISSUER_SEED), "aud": "nats-authorization-request", "nats": nats}
    return encode(claims, SERVER_SEED, now=1000.0).encode()


def _answer(request: bytes, spent: SpentTickets | None = None) -> dict[str, Any]:
    answer = authorize(request, CONFIG, spent or SpentTickets(), now=1000.0)
    claims = decode(answer.decode(), issuer_prefix="A")
    assert claims["iss"] == public_key(ISSUER_SEED)
    assert (claims["sub"], claims["aud"]) == (USER_NKEY, public_key(SERVER_SEED))
    assert claims["nats"]["type"] == "authorization_response"
    return dict(claims["nats"])


def test_a_ticket_is_answered_with_a_user_jwt_of_its_seat() -> None:
    answer = _answer(_request(issue_ticket(SECRET, "t1", 2, now=999.0)))
    user = decode(answer["jwt"], issuer_prefix="A")
    assert (user["sub"], user["name"], user["aud"]) == (USER_NKEY, "web-t1-2", "PRESIDENT_SEATS")
    assert user["exp"] == 1600
    nats = user["nats"]
    assert nats["allowed_connection_types"] == ["WEBSOCKET"] and nats["type"] == "user"
    assert nats["pub"] == {"allow": ["p.cmd.game.t1"]}
    assert nats["sub"] == {
        "allow": [
            "p.evt.table.t1.public",
            "p.evt.table.t1.seat.2",
            "p.evt.table.t1.seat.2.prompt",
            "_INBOX.web-t1-2.>",
        ]
    }


def test_anything_but_a_fresh_ticket_over_websocket_is_answered_with_an_error() -> None:
    spent = SpentTickets()
    ticket = issue_ticket(SECRET, "t1", 0, now=999.0)
    assert "jwt" in _answer(_request(ticket), spent)
    assert _answer(_request(ticket), spent) == {
        "type": "authorization_response",
        "error": "ticket_reused",
        "version": 2,
    }
    cases = {
        "ticket_expired": _request(issue_ticket(SECRET, "t1", 0, now=900.0)),
        "ticket_invalid": _request(issue_ticket(b"other", "t1", 0, now=999.0)),
        "ticket_missing": _request(None),
        "websocket_only": _request(issue_ticket(SECRET, "t1", 0, now=999.0), kind="nats"),
    }
    for code, request in cases.items():
        answer = _answer(request)
        assert answer.get("error") == code and "jwt" not in answer


def test_a_request_not_signed_by_a_server_is_not_answered() -> None:
    forged = encode({"sub": "x", "nats": {"user_nkey": USER_NKEY}}, new_account_seed(), now=0.0)
    header, payload, _ = _request("t").decode().split(".")
    other_server = nkeys.encode_seed(os.urandom(32), nkeys.PREFIX_BYTE_SERVER).decode()
    claims = decode(_request("t").decode(), issuer_prefix="N")
    relayed = encode({k: claims[k] for k in ("sub", "aud", "nats")}, other_server, now=0.0)
    claims["aud"] = "someone"
    misaddressed = encode({k: claims[k] for k in ("sub", "aud", "nats")}, SERVER_SEED, now=0.0)
    requests = (forged, relayed, misaddressed, "not a jwt", f"{header}.{payload}.AAAA")
    for request in (r.encode() for r in requests):
        assert authorize(request, CONFIG, SpentTickets(), now=1000.0) == b""


def test_a_jwt_with_a_bad_signature_does_not_decode() -> None:
    token = encode({"sub": "x", "nats": {}}, ISSUER_SEED, now=0.0)
    header, _, signature = token.split(".")
    other = encode({"sub": "y", "nats": {}}, ISSUER_SEED, now=0.0).split(".")[1]
    with pytest.raises(JwtError):
        decode(f"{header}.{other}.{signature}", issuer_prefix="A")
    with pytest.raises(JwtError):
        decode(token, issuer_prefix="N")


def test_user_jwts_last_at_most_30_minutes() -> None:
    with pytest.raises(ValueError):
        CalloutConfig(ISSUER_SEED, SECRET, user_ttl_s=1801)


def test_the_responder_will_not_start_without_its_secrets_or_with_another_issuer() -> None:
    settings = WebSettings(web_callout_seed=ISSUER_SEED, web_ticket_secret="k" * 32)
    assert callout_config(settings).issuer_seed == ISSUER_SEED
    with pytest.raises(MissingSecretError, match="PRESIDENT_WEB_TICKET_SECRET"):
        callout_config(settings.model_copy(update={"web_ticket_secret": None}))
    with pytest.raises(MissingSecretError, match="PRESIDENT_WEB_CALLOUT_SEED"):
        callout_config(settings.model_copy(update={"web_callout_seed": None}))
    other = public_key(new_account_seed())
    with pytest.raises(ValueError, match="ISSUER"):
        callout_config(settings.model_copy(update={"web_callout_issuer": other}))


def test_an_address_past_its_bad_tickets_is_refused_unread_and_unsigned() -> None:
    bad, spent = BadTickets(per_s=1.0, burst=3), SpentTickets()
    forged = issue_ticket(b"other", "t1", 0, now=999.0)

    def answer(host: str, ticket: str, now: float) -> bytes:
        return authorize(_request(ticket, host=host), CONFIG, spent, now=now, bad=bad)

    def error(host: str, ticket: str, now: float) -> str:
        claims = decode(answer(host, ticket, now).decode(), issuer_prefix="A")
        assert (claims["sub"], claims["aud"]) == (USER_NKEY, public_key(SERVER_SEED))
        return str(claims["nats"].get("error"))

    for _ in range(3):  # the burst: each ticket read and refused with its code
        assert error("10.0.0.9", forged, 1000.0) == "ticket_invalid"
    assert answer("10.0.0.9", forged, 1000.0) == b""  # over it: unread, unsigned
    good = issue_ticket(SECRET, "t1", 1, now=999.0)
    assert answer("10.0.0.9", good, 1000.0) == b""  # the address as a whole, until it refills
    assert bad.refused == 2
    assert error("10.0.0.7", forged, 1000.0) == "ticket_invalid"  # a budget per address
    assert "jwt" in decode(answer("10.0.0.9", good, 1001.5).decode(), issuer_prefix="A")["nats"]
