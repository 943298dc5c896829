"""The platform login's checks of a token (pure: keys made here, a PEM file)."""

from __future__ import annotations

import base64
import json
import time
from pathlib import Path

import jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from services.web.errors import LobbyError
from services.web.login import PlatformLogin
from services.web.tickets import pass_matches, seat_pass

KEY = ec.generate_private_key(ec.SECP256R1())


def _login(tmp_path: Path) -> PlatformLogin:
    pem = tmp_path / "platform.pem"
    pem.write_bytes(
        KEY.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
    )
    return PlatformLogin.from_files(public_key=pem, jwks=None, audience="lobby", issuer="idp")


def _segment(value: object) -> str:
    return base64.urlsafe_b64encode(json.dumps(value).encode()).decode().rstrip("=")


def _token(**claims: object) -> str:
    body = {"sub": "ann", "aud": "lobby", "iss": "idp", "exp": int(time.time()) + 60}
    return jwt.encode({**body, **claims}, KEY, "ES256")


def test_a_pem_key_checks_a_bearer_token_or_the_cookie(tmp_path: Path) -> None:
    login = _login(tmp_path)
    assert login.subject(f"Bearer {_token()}", None) == "ann"
    assert login.subject(None, _token(sub="bo")) == "bo"


@pytest.mark.parametrize(
    ("authorization", "code"),
    [
        (None, "login_required"),
        ("Basic YWxhZGRpbjpvcGVuc2VzYW1l", "login_required"),
        (f"Bearer {_token(exp=int(time.time()) - 120)}", "bad_login"),
        (f"Bearer {_token(sub=7)}", "bad_login"),
        (f"Bearer {_segment({'alg': 'ES256', 'kid': ['a']})}.{_segment({})}.c2ln", "bad_login"),
        ("Bearer " + "x" * 9000, "bad_login"),
    ],
)
def test_a_missing_or_bad_token_is_refused_with_a_code(
    tmp_path: Path, authorization: str | None, code: str
) -> None:
    with pytest.raises(LobbyError) as refused:
        _login(tmp_path).subject(authorization, None)
    assert (refused.value.status, refused.value.code) == (401, code)


def test_a_logged_in_seats_pass_is_its_owners_alone() -> None:
    proof = seat_pass(b"k" * 32, "t1", 0, "ann")
    assert pass_matches(b"k" * 32, "t1", 0, proof, "ann")
    assert not pass_matches(b"k" * 32, "t1", 0, proof, "bo")
    assert not pass_matches(b"k" * 32, "t1", 0, proof)
