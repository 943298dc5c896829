"""What store calls raise when the database fails, named without the driver."""

import asyncpg

DatabaseError = asyncpg.PostgresError
"""The database refused or failed a statement."""
ConnectionUnusable = asyncpg.InterfaceError
"""The connection was closed or is in no state to be used."""
