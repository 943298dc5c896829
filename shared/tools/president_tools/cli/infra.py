"""`president infra up|down|status`: the embedded PostgreSQL and NATS for development;
`nats-auth`, `nats-config`: the servers' configuration files; `certs`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from president.bus.auth import (
    ROLES,
    WEB_ROLES,
    Secret,
    Tenant,
    env_passwords,
    multi_tenant,
    password_env,
    render_auth_conf,
    single_account,
)
from president.bus.connect import server_list
from president.bus.server_config import DEPLOYMENT_FILES
from president.settings import Settings, env_value, load_settings

from president_tools.cli.app import app
from president_tools.infra import ensure_servers, server_status, stop_servers

CALLOUT_ISSUER = "$NATS_CALLOUT_ISSUER"
"""The auth callout's issuer in a deployment's auth.conf: from the nats-server's
environment (the public key of PRESIDENT_WEB_CALLOUT_SEED)."""

infra_app = typer.Typer(help="Start, stop and show the embedded PostgreSQL and NATS servers.")
app.add_typer(infra_app, name="infra")

DataDir = Annotated[
    Path | None,
    typer.Option("--data-dir", help="Where the servers keep their data [PRESIDENT_DATA_DIR]."),
]
Json = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]


def _settings(data_dir: Path | None) -> Settings:
    settings = load_settings()
    if data_dir is None:
        return settings
    return settings.model_copy(update={"data_dir": data_dir.expanduser().absolute()})


Fsync = Annotated[
    bool,
    typer.Option(
        "--fsync/--no-fsync",
        help="Crash-safe PostgreSQL (default); --no-fsync is faster, for throw-away data.",
    ),
]


NatsNodes = Annotated[
    int,
    typer.Option(
        "--nats-nodes",
        min=1,
        max=7,
        help="NATS servers: 1, or a local JetStream cluster of that many (routes on loopback);"
        " PRESIDENT_NATS_URL is then their comma list.",
    ),
]


@infra_app.command()
def up(
    data_dir: DataDir = None, as_json: Json = False, fsync: Fsync = True, nats_nodes: NatsNodes = 1
) -> None:
    """Start the servers in the background (or reuse running ones that answer) and print
    their URLs.

    `eval "$(president infra up)"` sets PRESIDENT_DATABASE_URL and PRESIDENT_NATS_URL. URLs
    already exported are used when their servers answer; when they do not (exports left
    from servers that are gone), embedded servers are started instead.
    """
    settings = _settings(data_dir)
    if settings.nats_url is not None and len(server_list(settings.nats_url)) != nats_nodes:
        typer.echo(
            f"# PRESIDENT_NATS_URL is not {nats_nodes} server(s): using the embedded NATS",
            err=True,
        )
        settings = settings.model_copy(update={"nats_url": None})
    servers = ensure_servers(
        settings,
        durable=fsync,
        nats_nodes=nats_nodes,
        check_configured=True,
        nats_prefix=env_value("SUBJECT_PREFIX") or "president",
    )
    for url in servers.dead:
        typer.echo(f"# {url} does not answer: starting an embedded server instead", err=True)
    started = {server.url for server in servers.started}
    for url in (servers.database_url, servers.nats_url):
        typer.echo(f"# {'started' if url in started else 'reusing'} {url}", err=True)
    if as_json:
        urls = {"database_url": servers.database_url, "nats_url": servers.nats_url}
        if servers.nats_users_file is not None and servers.nats_users:
            urls["nats_users_file"] = str(servers.nats_users_file)
        typer.echo(json.dumps(urls))
        return
    typer.echo(f"export PRESIDENT_DATABASE_URL={servers.database_url}")
    typer.echo(f"export PRESIDENT_NATS_URL={servers.nats_url}")
    if servers.nats_users_file is not None and servers.nats_users:
        # every role's NATS identity: `president serve <role>` takes its own from the file
        typer.echo(f"export PRESIDENT_NATS_USERS_FILE={servers.nats_users_file}")


@infra_app.command()
def down(data_dir: DataDir = None) -> None:
    """Stop the servers that `infra up` started in the data dir."""
    stopped = stop_servers(_settings(data_dir).data_dir)
    for url in stopped:
        typer.echo(f"stopped {url}")
    if not stopped:
        typer.echo("nothing was running")


@infra_app.command()
def status(data_dir: DataDir = None, as_json: Json = False) -> None:
    """Show the recorded servers; exit code 1 unless both are running."""
    statuses = server_status(_settings(data_dir).data_dir)
    if as_json:
        typer.echo(
            json.dumps(
                {s.name: {"url": s.url, "pid": s.pid, "running": s.running} for s in statuses}
            )
        )
    else:
        for s in statuses:
            state = f"running (pid {s.pid})" if s.running else "not running"
            typer.echo(f"{s.name:<9} {state:<22} {s.url or '-'}")
    if not all(s.running for s in statuses):
        raise typer.Exit(code=1)


@infra_app.command("nats-auth")
def nats_auth(
    out: Annotated[
        Path | None, typer.Option("--out", help="Write the file here (default: print it).")
    ] = None,
    prefix: Annotated[
        str, typer.Option("--prefix", help="Subject prefix [PRESIDENT_SUBJECT_PREFIX].")
    ] = "president",
    platform: Annotated[
        list[str] | None,
        typer.Option(
            "--platform",
            help="Multi-tenant: one NATS account per platform (repeat the option); each "
            "has its own <platform>-<role> identities.",
        ),
    ] = None,
) -> None:
    """Render the nats-server `auth.conf` (accounts, users, permissions) from
    president.bus.auth. Passwords are references to the nats-server's environment
    (NATS_<ROLE>_PASSWORD, NATS_<PLATFORM>_<ROLE>_PASSWORD): the file holds no secret.
    Include it from nats.conf (`include auth.conf`)."""
    text = render_deployment_auth(prefix, platform or [])
    if out is None:
        typer.echo(text, nl=False)
        return
    out.write_text(text)
    typer.echo(f"wrote {out}", err=True)


def render_deployment_auth(prefix: str, platforms: list[str]) -> str:
    """The auth.conf of a deployment (what ``president infra nats-auth`` writes)."""
    if not platforms:
        config = single_account(prefix, env_passwords(), callout_issuer=CALLOUT_ISSUER)
        header = (
            "Passwords: NATS_<ROLE>_PASSWORD in the environment; the auth callout's issuer"
            f" (an account public key): {CALLOUT_ISSUER}."
        )
        return render_auth_conf(config, header=header)
    tenants = [Tenant(name, prefix) for name in platforms]
    passwords = {
        tenant.user(role): Secret(env=password_env(role, tenant.name))
        for tenant in tenants
        for role in ROLES
        if role not in WEB_ROLES
    }
    return render_auth_conf(
        multi_tenant(tenants, passwords),
        header="Passwords: NATS_<PLATFORM>_<ROLE>_PASSWORD in the environment.",
    )


@infra_app.command("nats-config")
def nats_config(
    root: Annotated[
        Path,
        typer.Option("--root", help="The repository whose deployment files to write."),
    ] = Path("."),
    check: Annotated[
        bool, typer.Option("--check", help="Write nothing; exit 1 if a file differs.")
    ] = False,
) -> None:
    """Render every deployment's nats-server configuration (k8s base and dev overlay,
    docker compose) from president.bus.server_config into its checked-in files;
    auth.conf is `president infra nats-auth`'s."""
    stale = []
    for folder, render in DEPLOYMENT_FILES.items():
        for name, text in render().items():
            path = root / folder / name
            if path.exists() and path.read_text() == text:
                continue
            stale.append(path)
            if not check:
                path.write_text(text)
                typer.echo(f"wrote {path}", err=True)
    if check and stale:
        typer.echo("out of date: " + " ".join(str(path) for path in stale), err=True)
        raise typer.Exit(code=1)


@infra_app.command("certs")
def certs(
    out: Annotated[Path, typer.Option("--out", help="Directory for ca.pem and the certificates.")],
    server: Annotated[
        list[str] | None,
        typer.Option(
            "--server",
            help="NAME=HOST[,HOST...]: a server certificate NAME.pem for these host names "
            "(repeat; default: nats and postgres for docker compose).",
        ),
    ] = None,
) -> None:
    """Development certificates (openssl): a CA (ca.pem) and a certificate per server,
    signed by it. Clients verify the servers with ca.pem (PRESIDENT_NATS_TLS_CA,
    sslrootcert=). Production takes its certificates from a Secret (cert-manager)."""
    from president_tools.infra.certs import make_ca, make_server_certificate

    wanted = server or ["nats=nats,localhost,127.0.0.1", "postgres=postgres,localhost,127.0.0.1"]
    make_ca(out)
    for spec in wanted:
        name, _, hosts = spec.partition("=")
        if not name or not hosts:
            raise typer.BadParameter(f"--server NAME=HOST[,HOST...], got {spec!r}")
        made = make_server_certificate(out, name, hosts.split(","))
        typer.echo(f"wrote {made.cert} and {made.key}", err=True)
