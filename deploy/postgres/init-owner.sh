#!/bin/sh
# First start of the compose Postgres: the database and its owner, who runs the migrations
# and is not a superuser (it creates president_app and president_auditor: CREATEROLE).
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
    -v owner_password="$OWNER_PASSWORD" <<'SQL'
CREATE ROLE president_owner LOGIN CREATEROLE PASSWORD :'owner_password';
CREATE DATABASE president OWNER president_owner;
SQL
