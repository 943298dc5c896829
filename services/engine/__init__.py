"""The engine service: the only writer of game streams (see ``services.engine.main``)."""
