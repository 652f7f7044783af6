"""The AST nodes' own __init__ (issue 12: a frozen dataclass's generated one, in one step): each takes exactly the
dataclass's fields, in their order and with their defaults, and builds the instance the generated one builds --
so a field added to a node class without its __init__ fails here, not in a compile."""

from __future__ import annotations

import dataclasses
import inspect
import pickle

import pytest

from cardscript.compiler.ast import Clause, Icon, Lexeme, Name, Node, Number, Phrase, PhraseKind, Procedure, Symbol
from cardscript.core.source import Span

_OWN_INIT = (Lexeme, Name, Icon, Number, Symbol, Phrase, Clause)


def _generated(cls: type[Node]) -> type[Node]:
    """The same class with the dataclass's generated __init__ (no __init__ of its own)."""
    own = vars(cls)["__annotations__"]
    body: dict[str, object] = {"__annotations__": dict(own), "__module__": cls.__module__,
                               **{f.name: f.default for f in dataclasses.fields(cls)
                                  if f.name in own and f.default is not dataclasses.MISSING}}
    return dataclasses.dataclass(frozen=True)(type(cls.__name__, cls.__bases__, body))


@pytest.mark.parametrize("cls", _OWN_INIT, ids=lambda c: c.__name__)
def test_the_init_takes_the_fields_in_order_with_their_defaults(cls: type[Node]) -> None:
    assert "__init__" in vars(cls)
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    fields = dataclasses.fields(cls)
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields, strict=True):
        expected = f.default if f.default is not dataclasses.MISSING else inspect.Parameter.empty
        assert p.default == expected, f.name


def _sample(cls: type[Node]) -> dict[str, object]:
    span = Span(3, 7)
    verb = Phrase(span, PhraseKind.VERB_GROUP, (Lexeme(span, "VFIN", "causar", "causa"),))
    values: dict[str, object] = {"span": span, "cls": "NOUN", "lemma": "card", "word": "cards", "text": "Thor",
                                 "kinds": ("card",), "code": "AG", "value": 2, "spelled": "dois",
                                 "kind": PhraseKind.NOUN_PHRASE, "parts": (verb,), "subject": None, "verb": verb,
                                 "complements": (verb,), "procedure": Procedure.DAMAGE, "negated": True,
                                 "optional": True, "fronted": (verb,)}
    return {f.name: values[f.name] for f in dataclasses.fields(cls)}


@pytest.mark.parametrize("cls", _OWN_INIT, ids=lambda c: c.__name__)
def test_the_same_instance_as_the_generated_init(cls: type[Node]) -> None:
    args = _sample(cls)
    mine = cls(**args)                                   # type: ignore[arg-type]
    theirs = _generated(cls)(**args)
    assert list(vars(mine).items()) == list(vars(theirs).items())
    assert repr(mine) == repr(theirs)
    assert cls(*args.values()) == mine                   # type: ignore[arg-type]
    assert hash(cls(**args)) == hash(mine)               # type: ignore[arg-type]
    assert pickle.loads(pickle.dumps(mine)) == mine
    with pytest.raises(dataclasses.FrozenInstanceError):
        mine.span = Span(0, 0)                           # type: ignore[misc]
