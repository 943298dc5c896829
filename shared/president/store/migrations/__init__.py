"""Alembic scripts of the event store schema (run through `president.store.migrate`)."""
