"""The services: table, engine and AI worker, each a thin adapter over the shared library."""
