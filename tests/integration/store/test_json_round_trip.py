"""Whatever JSON an event may carry comes back equal from JSONB and its hash verifies."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from president.store import NewEvent
from president.store.chain import check_storable
from president.store.postgres import PostgresEventStore


def _storable(value: float) -> bool:
    try:
        check_storable(value)
    except ValueError:
        return False
    return True


_text = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=12
)
_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats(allow_nan=False, allow_infinity=False).filter(_storable)
    | _text
)
_json = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_text, inner, max_size=4),
    max_leaves=12,
)


async def _round_trip(url: str, data: dict[str, Any], stream: str) -> None:
    async with await PostgresEventStore.connect(url, max_size=1) as store:
        await store.append(stream, [NewEvent("T", data, {"m": data})], expected_version=0)
        [event] = await store.read_stream(stream)
        assert event.data == data and event.metadata == {"m": data}
        assert (await store.verify_chain(stream)).ok


@pytest.fixture(scope="module")
def url(migrated_url: str) -> str:
    return migrated_url


counter = iter(range(10**9))


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.dictionaries(_text, _json, max_size=5))
def test_json_survives_jsonb_and_the_chain(url: str, data: dict[str, Any]) -> None:
    asyncio.run(_round_trip(url, data, f"json-{next(counter)}"))


@pytest.mark.parametrize("value", [1e16, 1e-7, -0.0])
def test_floats_jsonb_would_change_are_refused(value: float) -> None:
    with pytest.raises(ValueError, match="cannot be stored exactly"):
        check_storable({"x": [value]})
