"""Rule-changing statics: the sentence forms of rules 7's rule-changing keywords -> :class:`Rule` statics.

Some keywords change a rule of the game rather than the state of a match (rules 7, "Outras Palavras-Chave"; the
glossary). Their meanings (``cardscripts/prelude/*.kw``) are sentences the grammar reads but no ordinary
procedure expresses; this module recognises those exact forms -- and the long forms printed on cards made before
the keyword existed (the glossary's notes on Pelotão, Clone, Materializar) -- and lowers each into a STATIC
effect with one procedure ``Rule(rule=<a key of ir.RULES>, value=<v>, ...)``, the contract
:mod:`cardscript.runtime.rules` reads:

============================================================================  ==================  ================
form (lemmas as the recogniser sees them; ``NAME``: a name)                    rule                value
============================================================================  ==================  ================
Pode haver qualquer número de personagens com o alter ego deste personagem    scene_identity      ``any``
em cena. (Pelotão; old: "... personagem(ns) chamados NAME em cena", "... com
nome NAME e alter ego NAME em cena sob seu controle": ``of``, a selector)
... em cena, desde que cada um deles tenha nomes diferentes. (Clone)           scene_identity      ``distinct_names``
Só pode haver uma cópia (N cópias) deste card em seu deck. (Item Único)        deck_copies         1 (N)
Você pode colocar este card em cena carregando cards do topo de seu deck ao   load_from           ``deck_top``
invés de cards de seus recursos. (Materializar)
Você pode colocar este card em cena diretamente de seus recursos. (Reviver)    enter_from          ``resources``
Este personagem pode usar ações / a ação NAME / as ações NAME e NAME / as     ready               ``all`` /
ações de {XX} no turno em que ele entrou em cena. (Prontidão)                                      ``actions``
O personagem que estiver carregando este card pode usar a ação deste card.    use_carried_action  ``this_card``
(Interligar)
============================================================================  ==================  ================

``ready`` with ``actions`` carries ``actions=(Filter, ...)``: the actions it applies to, any of them
(``Filter("name", "eq", <action>)``, ``Filter("power", "eq", <icon code>)``). ``scene_identity`` may carry
``of=Selector``: the characters it allows (an old wording naming them); without it, the characters of this
card's identity (alter ego, or name without one: 4.4.2.1 A.4). ``deck_copies`` carries the number as its text.

:func:`lower_rule_static` is called by ``lower.lower_paragraph`` before it gives up on a paragraph; it returns
None for anything that is not exactly one of these forms (one sentence, one clause, no lead), so nothing else
changes.
"""

from __future__ import annotations

import re

from cardscript.compiler.ast import EffectParagraph, Icon, Lexeme, Name, Number, Paragraph, Symbol
from cardscript.compiler.bind import walk
from cardscript.compiler.ir import (
    RULES,
    Duration,
    Effect,
    EffectKind,
    Filter,
    Kind,
    Rule,
    Selector,
)
from cardscript.grammar.normalize import fold_text

__all__ = ["lower_rule_static", "rule_tokens"]


def rule_tokens(para: Paragraph) -> tuple[str, list[str]] | None:
    """The paragraph as one string of folded lemmas (names as ``<i>``, icons as ``{XX}``, numbers as ``#n``)
    and its names in order; None unless it is one sentence without costs or a keyword prefix. Adjacent names
    are one name (an unknown action name may be read as two)."""
    if not isinstance(para, EffectParagraph) or para.keyword_prefix is not None or para.keyword_lines \
            or len(para.sentences) != 1 or para.sentences[0].cost is not None:
        return None
    words: list[str] = []
    names: list[str] = []
    previous_name = False
    for item in para.sentences[0].body.items:
        for node in walk(item):
            if isinstance(node, Name):
                if previous_name:
                    names[-1] = f"{names[-1]} {node.text}"
                    continue
                words.append(f"<{len(names)}>")
                names.append(node.text)
                previous_name = True
                continue
            if isinstance(node, Lexeme):
                words.append(fold_text(node.lemma).lower())
            elif isinstance(node, Icon):
                words.append("{" + node.code + "}")
            elif isinstance(node, Number):
                words.append(f"#{node.value}")
            elif isinstance(node, Symbol):
                words.append(node.text)
            else:
                continue
            previous_name = False
    return " ".join(words), names


_THIS = r"este (?:card|personagem|suporte)"
_SCENE_IDENTITY = re.compile(
    r"^poder haver qualquer numero de personagem (?P<distinct>de nome diferente )?"
    r"(?:(?P<this>com o alter ego de este personagem|com o mesmo alter ego que este personagem)"
    r"|chamar <(?P<called>\d+)>"
    r"|com nome <(?P<name>\d+)> e (?:com )?(?:o )?alter ego <(?P<name_ego>\d+)>"
    r"|com (?:o )?alter ego <(?P<ego>\d+)>)"
    r" em cena(?: sob seu controle)?(?P<clone> , desde que (?:cada um de eles )?ter nome diferente)?$")
_COPIES = re.compile(r"^so poder haver (?:um|#(?P<n>\d+)) copia de " + _THIS + r" em seu deck$")
_LOAD_FROM_DECK = re.compile(r"^voce poder colocar " + _THIS + r" em cena carregando card de o topo de seu deck "
                             r"a o inves de (?:carregar )?card de seu recursos$")
_ENTER_FROM_RESOURCES = re.compile(r"^voce poder colocar " + _THIS + r" em cena diretamente de seu recursos$")
_WHEN_ENTERED = r" em o turno em que (?:ele )?entrar em cena$"
_READY = re.compile(r"^este personagem poder usar (?P<actions>.+?)" + _WHEN_ENTERED)
_READY_PASSIVE = re.compile(r"^(?P<actions>o acao .+?) poder ser usar por este personagem" + _WHEN_ENTERED)
_CARRIED_ACTION = re.compile(r"^o personagem que estar carregar " + _THIS + r" poder usar o acao de " + _THIS
                             + "$")

_SEPARATOR = r"(?: , | e | ou )"
_ACTION_NAMES = re.compile(r"^o acao <(\d+)>(?:" + _SEPARATOR + r"<\d+>)*$")
_ACTION_POWERS = re.compile(r"^o acao de \{\w+\}(?:" + _SEPARATOR + r"\{\w+\})*$")


def _rule(rule: str, value: str, text: str, actions: tuple[Filter, ...] = (), of: Selector | None = None) -> Effect:
    assert rule in RULES, rule
    proc = Rule(rule=rule, value=value, actions=actions, of=of, text=text)
    return Effect(EffectKind.STATIC, (proc,), duration=Duration.WHILE_IN_PLACE, text=text)


def _ready_actions(words: str, names: list[str]) -> tuple[Filter, ...] | None:
    """The actions of a Prontidão form: () for all of them, the filters (any of them) otherwise; None: unread."""
    if words == "acao":
        return ()
    if _ACTION_NAMES.match(words):
        return tuple(Filter("name", "eq", names[int(i)]) for i in re.findall(r"<(\d+)>", words))
    if _ACTION_POWERS.match(words):
        return tuple(Filter("power", "eq", code) for code in re.findall(r"\{(\w+)\}", words))
    return None


def _scene_identity(m: re.Match[str], names: list[str], card_name: str, text: str) -> Effect:
    """Pelotão (``any``) or Clone (``distinct_names``: "desde que cada um deles tenha nomes diferentes", "de nomes
    diferentes"), of this card's identity or of the characters an old wording names (``of``)."""
    value = "distinct_names" if m.group("clone") or m.group("distinct") else "any"
    filters: tuple[Filter, ...] = ()
    if m.group("called") is not None:
        called = names[int(m.group("called"))]
        if fold_text(called).lower() != fold_text(card_name).lower():     # the card's own name: its identity
            filters = (Filter("name", "eq", called),)
    elif m.group("name") is not None:
        filters = (Filter("name", "eq", names[int(m.group("name"))]),
                   Filter("alter_ego", "eq", names[int(m.group("name_ego"))]))
    elif m.group("ego") is not None:
        filters = (Filter("alter_ego", "eq", names[int(m.group("ego"))]),)
    if not filters:
        return _rule("scene_identity", value, text)
    of = Selector(Kind.CHARACTER, filters=filters, text=" e ".join(f"{f.field} {f.value}" for f in filters))
    return _rule("scene_identity", value, text, of=of)


def lower_rule_static(para: Paragraph, card_name: str, text: str) -> Effect | None:
    """``para`` as the RULE static its form stands for (see the module docstring), or None."""
    read = rule_tokens(para)
    if read is None:
        return None
    words, names = read
    m = _SCENE_IDENTITY.match(words)
    if m:
        return _scene_identity(m, names, card_name, text)
    m = _COPIES.match(words)
    if m:
        return _rule("deck_copies", str(int(m.group("n") or 1)), text)
    if _LOAD_FROM_DECK.match(words):
        return _rule("load_from", "deck_top", text)
    if _ENTER_FROM_RESOURCES.match(words):
        return _rule("enter_from", "resources", text)
    m = _READY.match(words) or _READY_PASSIVE.match(words)
    if m:
        actions = _ready_actions(m.group("actions"), names)
        if actions is None:
            return None
        if not actions:
            return _rule("ready", "all", text)
        return _rule("ready", "actions", text, actions=actions)
    if _CARRIED_ACTION.match(words):
        return _rule("use_carried_action", "this_card", text)
    return None
