"""The platform login of the lobby API (optional): a signed platform token (a JWT, RS256 or
ES256) verified against a configured public key or JWKS file; its subject is the client's
quota key and its seats' owner. Sent as ``Authorization: Bearer`` or in a cookie."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jwt
from cryptography.hazmat.primitives.serialization import load_pem_public_key

from services.web.errors import LobbyError

MAX_TOKEN = 8192


@dataclass(frozen=True)
class PlatformLogin:
    """How a platform token is checked: signed by one of ``keys`` (by ``kid`` when there
    are several) with one of ``algorithms``, for ``audience``, by ``issuer``, unexpired
    and already valid (``exp`` required, ``nbf`` when present; ``leeway`` seconds)."""

    keys: dict[str | None, Any]
    audience: str
    issuer: str
    algorithms: tuple[str, ...] = ("RS256", "ES256")
    leeway: float = 30.0
    cookie: str = "president_login"

    @classmethod
    def from_files(
        cls, *, public_key: Path | None, jwks: Path | None, **checks: Any
    ) -> PlatformLogin:
        """The login of a PEM public key file, or of a JWKS file (its keys by ``kid``)."""
        keys: dict[str | None, Any] = {}
        if public_key is not None:
            keys[None] = load_pem_public_key(public_key.read_bytes())
        if jwks is not None:
            for key in jwt.PyJWKSet.from_dict(json.loads(jwks.read_text())).keys:
                keys[key.key_id] = key.key
        return cls(keys, **checks)

    def subject(self, authorization: str | None, cookie: str | None) -> str:
        """The subject of the request's token: ``LobbyError`` 401 ``login_required`` (none
        sent) or ``bad_login`` (anything wrong with it: never which, to the sender)."""
        scheme, _, token = (authorization or "").partition(" ")
        if scheme.lower() != "bearer" or not token:
            token = cookie or ""
        if not token:
            raise LobbyError(401, "login_required")
        try:
            if len(token) > MAX_TOKEN:
                raise jwt.InvalidTokenError("too long")
            kid = jwt.get_unverified_header(token).get("kid")
            if kid is not None and not isinstance(kid, str):
                raise jwt.InvalidTokenError("kid is not a string")
            key = self.keys.get(kid)
            if key is None and len(self.keys) == 1:
                key = next(iter(self.keys.values()))
            if key is None:
                raise jwt.InvalidTokenError("no such key")
            claims = jwt.decode(
                token,
                key,
                algorithms=list(self.algorithms),
                audience=self.audience,
                issuer=self.issuer,
                leeway=self.leeway,
                options={"require": ["exp", "iss", "aud", "sub"]},
            )
        except jwt.PyJWTError as error:  # a bad token, or a key of another algorithm
            raise LobbyError(401, "bad_login") from error
        subject = claims["sub"]
        if not isinstance(subject, str) or not 0 < len(subject) <= 256:
            raise LobbyError(401, "bad_login")
        return subject
