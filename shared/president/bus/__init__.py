"""The library's NATS I/O: the JetStream streams of the contract (``streams``)."""
