#!/bin/sh
# Runs once, when the compose postgres container initialises its data directory: the role the
# migration runs as (owns the database, may create the services' roles, not a superuser).
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v owner_password="$OWNER_PASSWORD" <<'SQL'
CREATE ROLE president_owner LOGIN CREATEROLE NOSUPERUSER PASSWORD :'owner_password';
CREATE DATABASE president OWNER president_owner;
SQL
