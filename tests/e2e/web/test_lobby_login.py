"""The lobby API's platform login against the web process (real NATS, Postgres, every
service), as production runs it: a table request needs a platform token signed by a key
of the configured JWKS file, for its audience, by its issuer, unexpired; the token's
subject is the client (its quotas) and its seats' owner."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from president_tools.stack import ServiceStack

from tests.e2e.web.conftest import web_stack
from tests.e2e.web.lobby_api import Answer, visitor

pytestmark = pytest.mark.timeout(120)

AUDIENCE, ISSUER = "president-lobby", "https://login.platform.example"


@dataclass(frozen=True)
class Platform:
    """The platform's signing keys (RS256, ES256), whose public halves the JWKS holds,
    and a key of no one's."""

    rsa_key: rsa.RSAPrivateKey
    ec_key: ec.EllipticCurvePrivateKey
    stranger: rsa.RSAPrivateKey

    def token(self, subject: str = "ann", *, kind: str = "rsa", **claims: Any) -> str:
        now = int(time.time())
        body = {"sub": subject, "aud": AUDIENCE, "iss": ISSUER, "iat": now, "exp": now + 300}
        body.update(claims)
        if kind == "ec":
            return jwt.encode(body, self.ec_key, "ES256", headers={"kid": "ec-1"})
        key = self.stranger if kind == "stranger" else self.rsa_key
        return jwt.encode(body, key, "RS256", headers={"kid": "rsa-1"})

    def jwks(self) -> dict[str, Any]:
        keys = []
        for kid, algorithm, key in (
            ("rsa-1", jwt.algorithms.RSAAlgorithm, self.rsa_key),
            ("ec-1", jwt.algorithms.ECAlgorithm, self.ec_key),
        ):
            jwk = json.loads(algorithm.to_jwk(key.public_key()))  # type: ignore[attr-defined]
            keys.append({**jwk, "kid": kid})
        return {"keys": keys}


@pytest.fixture(scope="module")
def platform() -> Platform:
    return Platform(
        rsa.generate_private_key(public_exponent=65537, key_size=2048),
        ec.generate_private_key(ec.SECP256R1()),
        rsa.generate_private_key(public_exponent=65537, key_size=2048),
    )


@pytest.fixture(scope="module")
def stack(
    database_url: str, tmp_path_factory: pytest.TempPathFactory, platform: Platform
) -> Iterator[ServiceStack]:
    run_dir = tmp_path_factory.mktemp("login")
    jwks = Path(run_dir) / "jwks.json"
    jwks.write_text(json.dumps(platform.jwks()))
    env = {
        "PRESIDENT_WEB_LOGIN": "true",
        "PRESIDENT_WEB_LOGIN_JWKS": str(jwks),
        "PRESIDENT_WEB_LOGIN_AUDIENCE": AUDIENCE,
        "PRESIDENT_WEB_LOGIN_ISSUER": ISSUER,
        "PRESIDENT_WEB_LOGIN_LEEWAY": "0",
        "PRESIDENT_WEB_CLIENT_OPEN_TABLES": "1",
        "PRESIDENT_WEB_TRUSTED_PROXIES": "127.0.0.1",
    }
    yield from web_stack(database_url, run_dir, **env)


async def _create(stack: ServiceStack, token: str | None, address: str = "10.36.0.1") -> Answer:
    web = stack.nats_web
    assert web is not None
    async with visitor(stack.web_url, web.web_origin, address=address, token=token) as client:
        return await client.create(players=3, ai={"1": "easy", "2": "easy"})


async def test_a_platform_token_of_either_algorithm_is_accepted(
    stack: ServiceStack, platform: Platform
) -> None:
    assert (await _create(stack, platform.token("rs-user"))).status == 201
    assert (await _create(stack, platform.token("es-user", kind="ec"))).status == 201


@pytest.mark.parametrize(
    ("case", "code"),
    [
        ("none", "login_required"),
        ("expired", "bad_login"),
        ("not yet valid", "bad_login"),
        ("another key", "bad_login"),
        ("another audience", "bad_login"),
        ("another issuer", "bad_login"),
        ("no expiry", "bad_login"),
        ("unsigned", "bad_login"),
        ("shared-secret signed", "bad_login"),
        ("garbage", "bad_login"),
    ],
)
async def test_a_request_without_a_valid_platform_token_is_refused(
    stack: ServiceStack, platform: Platform, case: str, code: str
) -> None:
    now = int(time.time())
    claims = {"sub": "eve", "aud": AUDIENCE, "iss": ISSUER, "exp": now + 300}
    tokens = {
        "none": None,
        "expired": platform.token("eve", exp=now - 60),
        "not yet valid": platform.token("eve", nbf=now + 600),
        "another key": platform.token("eve", kind="stranger"),
        "another audience": platform.token("eve", aud="another-service"),
        "another issuer": platform.token("eve", iss="https://evil.example"),
        "no expiry": jwt.encode(
            {k: v for k, v in claims.items() if k != "exp"}, platform.rsa_key, "RS256"
        ),
        "unsigned": jwt.encode(claims, None, "none"),
        "shared-secret signed": jwt.encode(claims, "k" * 32, "HS256", headers={"kid": "rsa-1"}),
        "garbage": "not.a.token",
    }
    answer = await _create(stack, tokens[case], address="10.36.1.1")
    assert (answer.status, answer.code) == (401, code), answer.body


async def test_the_subject_is_the_client_whatever_its_address_and_owns_its_seat(
    stack: ServiceStack, platform: Platform
) -> None:
    ann = platform.token("quota-ann")
    assert (await _create(stack, ann, "10.36.2.1")).status == 201
    again = await _create(stack, ann, "10.36.2.2")  # another address: the same client
    assert (again.status, again.code) == (429, "TOO_MANY_TABLES")
    web = stack.nats_web
    assert web is not None
    async with visitor(
        stack.web_url, web.web_origin, address="10.36.2.3", token=platform.token("seat-bo")
    ) as bo:
        created = await bo.create(players=3, ai={"1": "easy", "2": "easy"})
        table_id = created.body["table_id"]
        grant = (await bo.sit(table_id)).body
        path = f"/api/tables/{table_id}/seats/{grant['seat']}/ticket"
        assert (await bo.post(path, {"pass": grant["pass"]})).status == 200
    async with visitor(
        stack.web_url, web.web_origin, address="10.36.2.3", token=platform.token("seat-cy")
    ) as cy:
        stolen = await cy.post(path, {"pass": grant["pass"]})
    assert (stolen.status, stolen.code) == (403, "bad_pass")
