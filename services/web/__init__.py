"""``president web``: the browser's lobby API and page, and the per-seat NATS credentials."""
