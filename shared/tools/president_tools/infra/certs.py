"""Development certificates: a CA and server certificates signed by it (``openssl``;
``president infra certs --out DIR``)."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class ServerCertificate:
    cert: Path
    key: Path


def _openssl(*args: str, cwd: Path) -> None:
    binary = shutil.which("openssl")
    if binary is None:
        raise FileNotFoundError("openssl is needed to make development certificates")
    subprocess.run([binary, *args], cwd=cwd, check=True, capture_output=True)


def make_ca(directory: Path, name: str = "ca") -> Path:
    """A self-signed CA (``<name>.pem``, key ``<name>-key.pem``); returns the CA file."""
    directory.mkdir(parents=True, exist_ok=True)
    _openssl(
        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "825",
        "-subj", f"/CN=president {name}", "-keyout", f"{name}-key.pem", "-out", f"{name}.pem",
        "-addext", "basicConstraints=critical,CA:TRUE",
        "-addext", "keyUsage=critical,keyCertSign,cRLSign",
        cwd=directory,
    )  # fmt: skip
    (directory / f"{name}-key.pem").chmod(0o600)
    return directory / f"{name}.pem"


def make_server_certificate(
    directory: Path, name: str, hosts: list[str], ca: str = "ca"
) -> ServerCertificate:
    """A server certificate for ``hosts`` (DNS names or IP addresses) signed by ``ca``."""
    alt = ",".join(
        f"IP:{h}" if h.replace(".", "").isdigit() or ":" in h else f"DNS:{h}" for h in hosts
    )
    (directory / f"{name}.ext").write_text(
        f"subjectAltName={alt}\nextendedKeyUsage=serverAuth\nkeyUsage=digitalSignature,keyEncipherment\n"
    )
    _openssl(
        "req", "-newkey", "rsa:2048", "-nodes", "-subj", f"/CN={hosts[0]}",
        "-keyout", f"{name}-key.pem", "-out", f"{name}.csr", cwd=directory,
    )  # fmt: skip
    _openssl(
        "x509", "-req", "-in", f"{name}.csr", "-CA", f"{ca}.pem", "-CAkey", f"{ca}-key.pem",
        "-CAcreateserial", "-days", "825", "-out", f"{name}.pem", "-extfile", f"{name}.ext",
        cwd=directory,
    )  # fmt: skip
    (directory / f"{name}-key.pem").chmod(0o600)
    return ServerCertificate(directory / f"{name}.pem", directory / f"{name}-key.pem")
