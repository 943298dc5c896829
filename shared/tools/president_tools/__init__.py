"""Tooling above the library: the ``president`` command line, embedded servers, the local
service stack, the demo, the load test, benchmarks and sample games."""
