"""The AsyncAPI document describes every enum value and the params of every code."""

from __future__ import annotations

import pytest
from president.contract import AILevel, RejectionCode
from president.l10n.keys import TITLES
from president_tools.asyncapi.document import build

pytestmark = pytest.mark.unit

SCHEMAS = build()["components"]["schemas"]


@pytest.mark.parametrize(
    ("schema", "values"),
    [
        ("RejectionCode", [code.value for code in RejectionCode]),
        ("AILevel", [level.value for level in AILevel]),
        ("Title", list(TITLES)),
    ],
)
def test_every_value_of_an_enum_has_a_description(schema: str, values: list[str]) -> None:
    described = SCHEMAS[schema]["x-enum-descriptions"]
    assert SCHEMAS[schema]["enum"] == values
    assert set(described) == set(values) and all(text.strip() for text in described.values())


def test_rejected_documents_params_per_code_and_says_detail_is_for_logs() -> None:
    rejected = SCHEMAS["Rejected"]
    assert set(rejected["x-params"]) == {code.value for code in RejectionCode}
    assert set(rejected["x-params"]["WRONG_COUNT"]) == {"count"}
    assert set(rejected["x-params"]["NOT_YOUR_TURN"]) == {"to_act", "seat"}
    assert "never shown to a player" in rejected["properties"]["detail"]["description"]


def test_titles_in_events_refer_to_the_title_enum() -> None:
    title = {"$ref": "#/components/schemas/Title"}
    assert SCHEMAS["PlayerFinishedData"]["properties"]["title"] == title
    assert SCHEMAS["RoundEndedData"]["properties"]["titles"]["items"] == title
