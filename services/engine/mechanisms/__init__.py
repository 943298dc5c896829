"""How the engine does its work: caches, leases, group commit, clocks, the reactor."""
