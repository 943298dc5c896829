"""What a catalogue holds, read with fluent.syntax: its messages, variables and markers."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from fluent.syntax import FluentParser, ast
from fluent.syntax.visitor import Visitor

from president.l10n.catalog import source

NOT_FROM_SHEET = "not from the sheet"
"""The comment that marks a message whose words no rules sheet gives."""

CLDR_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})


@dataclass(frozen=True)
class Entry:
    """One message (or term): its variables (also through the messages and terms it
    references), its attributes, and whether it is marked not taken from a sheet."""

    key: str
    variables: frozenset[str]
    attributes: dict[str, frozenset[str]]
    not_from_sheet: bool
    plural_selects: tuple[tuple[str, frozenset[str]], ...]
    """Each select on a count (its variants are all CLDR categories): the variable and
    the variant keys it has."""


class _Collect(Visitor):
    def __init__(self) -> None:
        self.variables: set[str] = set()
        self.references: set[str] = set()
        self.selects: list[tuple[str, frozenset[str]]] = []

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.variables.add(node.id.name)

    def visit_MessageReference(self, node: ast.MessageReference) -> None:
        self.references.add(node.id.name)

    def visit_SelectExpression(self, node: ast.SelectExpression) -> None:
        keys = frozenset(
            v.key.name if isinstance(v.key, ast.Identifier) else str(v.key.value)
            for v in node.variants
        )
        if isinstance(node.selector, ast.VariableReference) and keys <= CLDR_CATEGORIES:
            self.selects.append((node.selector.id.name, keys))
        self.generic_visit(node)


@functools.cache
def entries(locale: str) -> dict[str, Entry]:
    """The messages of ``locale``'s catalogue (terms are left out: each language has its own)."""
    resource = FluentParser(with_spans=False).parse(source(locale))
    junk = [item for item in resource.body if isinstance(item, ast.Junk)]
    if junk:
        raise ValueError(f"{locale}: unparsable: {str(junk[0].content)[:80]!r}")
    messages = {m.id.name: m for m in resource.body if isinstance(m, ast.Message)}
    found: dict[str, Entry] = {}
    for key, message in messages.items():
        collect = _Collect()
        if message.value is not None:
            collect.visit(message.value)
        attributes = {}
        for attribute in message.attributes:
            inner = _Collect()
            inner.visit(attribute.value)
            attributes[attribute.id.name] = frozenset(inner.variables)
            collect.selects += inner.selects
        variables = set(collect.variables)
        for name in collect.references:  # a referenced message sees the same arguments
            referenced = _Collect()
            target = messages[name].value
            if target is not None:
                referenced.visit(target)
            variables |= referenced.variables
        comment = str(message.comment.content or "") if message.comment else ""
        found[key] = Entry(
            key,
            frozenset(variables),
            attributes,
            NOT_FROM_SHEET in comment,
            tuple(collect.selects),
        )
    return found


class _Words(Visitor):
    def __init__(self) -> None:
        self.text: list[str] = []

    def visit_TextElement(self, node: ast.TextElement) -> None:
        self.text.append(node.value)


@functools.cache
def literal_words(locale: str) -> frozenset[str]:
    """The words of three letters or more in ``locale``'s literal text (not its placeables,
    keys or comments): what a screen in another locale must not show."""
    collect = _Words()
    collect.visit(FluentParser(with_spans=False).parse(source(locale)))
    return frozenset(re.findall(r"[A-Za-z]{3,}", " ".join(collect.text)))
