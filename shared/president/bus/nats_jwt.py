"""The NATS JWTs the auth callout reads and writes (nats-io/jwt v2: ed25519-nkey signed,
``nats`` claims), encoded here: three claim types are all it needs."""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
from typing import Any

import nacl.exceptions
import nacl.signing
import nkeys

HEADER = {"typ": "JWT", "alg": "ed25519-nkey"}
VERSION = 2


class JwtError(ValueError):
    """A token that is not a well-formed, correctly signed NATS JWT."""


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _json(value: object) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


def new_account_seed() -> str:
    """A fresh account nkey seed (``SA...``): the callout's issuer key."""
    return nkeys.encode_seed(os.urandom(32), nkeys.PREFIX_BYTE_ACCOUNT).decode()  # type: ignore[no-any-return]


def public_key(seed: str) -> str:
    """The public key (``A...`` for an account seed) of ``seed``."""
    try:
        pair = nkeys.from_seed(seed.encode())
    except Exception as error:  # nkeys raises its own error types, and binascii's
        raise ValueError("not an nkey seed") from error
    return pair.public_key.decode()  # type: ignore[no-any-return]


def encode(claims: dict[str, Any], seed: str, *, now: float) -> str:
    """``claims`` (with ``sub`` and ``nats``) signed by ``seed``: ``iss`` its public key,
    ``iat`` ``now``, ``jti`` the SHA-512/256 of the claims, as nats-io/jwt computes it."""
    pair = nkeys.from_seed(seed.encode())
    body = {**claims, "iat": int(now), "iss": pair.public_key.decode(), "jti": ""}
    body["nats"] = {**body["nats"], "version": VERSION}
    digest = hashlib.new("sha512_256", _json({k: v for k, v in body.items() if k != "nats"}))
    body["jti"] = base64.b32encode(digest.digest()).rstrip(b"=").decode()
    signed = f"{_b64(_json(HEADER))}.{_b64(_json(body))}"
    return f"{signed}.{_b64(pair.sign(signed.encode()))}"


def _verify_key(public: str) -> nacl.signing.VerifyKey:
    """The ed25519 key of an nkey public key (prefix byte, 32 bytes, CRC-16)."""
    try:
        raw = base64.b32decode(public + "=" * (-len(public) % 8))
    except (binascii.Error, ValueError) as error:
        raise JwtError("issuer is not an nkey") from error
    if len(raw) != 35 or nkeys.crc16(bytearray(raw[:-2])) != int.from_bytes(raw[-2:], "little"):
        raise JwtError("issuer is not an nkey")
    return nacl.signing.VerifyKey(raw[1:33])


def decode(token: str, *, issuer_prefix: str) -> dict[str, Any]:
    """The claims of ``token``, whose signature is checked against its own ``iss`` (a
    public key starting with ``issuer_prefix``: ``N`` for a server)."""
    parts = token.split(".")
    if len(parts) != 3:
        raise JwtError("not a JWT")
    try:
        header, claims = json.loads(_unb64(parts[0])), json.loads(_unb64(parts[1]))
        signature = _unb64(parts[2])
    except (ValueError, binascii.Error) as error:
        raise JwtError("not a JWT") from error
    if not isinstance(header, dict) or header.get("alg") != HEADER["alg"]:
        raise JwtError("not an ed25519-nkey JWT")
    issuer = claims.get("iss") if isinstance(claims, dict) else None
    if not isinstance(issuer, str) or not issuer.startswith(issuer_prefix):
        raise JwtError("unexpected issuer")
    try:
        _verify_key(issuer).verify(f"{parts[0]}.{parts[1]}".encode(), signature)
    except (nacl.exceptions.BadSignatureError, ValueError) as error:
        raise JwtError("bad signature") from error
    if not isinstance(claims.get("nats"), dict):
        raise JwtError("no nats claims")
    return dict(claims)
