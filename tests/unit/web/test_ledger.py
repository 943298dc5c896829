"""The quota ledger's contract on the in-memory book (one process)."""

from __future__ import annotations

import pytest

from services.web.ledger import MemoryLedger
from tests.support.ledger_contract import LedgerContract, Pair


class TestMemoryLedger(LedgerContract):
    @pytest.fixture
    def ledgers(self) -> Pair:
        ledger = MemoryLedger()
        return ledger, ledger
