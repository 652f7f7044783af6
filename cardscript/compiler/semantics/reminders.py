"""Reminder text in parentheses that states no rule (rules 5.6: reminder text explains, it does not add): a
parenthesis is read as *explanatory* -- its words used, no IR -- only when it is one of these, and never when it
states an instruction of its own (such a parenthesis must be read by the clause's rules or the clause stays not
executable):

* an **example** of what the text already says: it opens with "Ex.:" / "Exemplo:" or is said "por exemplo"
  ("(ex.: se o dano for 3, será 2)", "(você pode, por exemplo, descarregar dois cards de um personagem ...)") --
  an illustration of the rule, which the clause's own meaning decides;
* a **definition the rules give**, restated: "os tipos de cards são personagem, suporte, cenário e habilidade"
  (rules 2: the four card types), checked against the vocabulary -- a list that is not exactly the rules' is not
  a restatement and is left unread;
* a **rule restated** about what the clause does (``RESTATED``), read only when the clause built the procedure the
  rule is about and the engine applies that rule already: the card an ability's effect names deals its damage, not
  its carrier (4.8.5); a scenario an effect puts in the scene does not count as
  the turn's one scenario (rules 3 "Cena", 4.4.1); an action used again pays all its costs again (4.6.2 E); an
  action of cost {X} has the cost chosen for X while it is used (4.6.2 E.1); each of several sources dealing damage
  to a destination chosen for it may choose different ones (4.8.4.3).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from cardscript.compiler.ast import Clause, Icon, Lexeme, Name, Node, Number, Phrase, PhraseKind
from cardscript.compiler.ir import Damage, ExtraAction, Kind, Load, Move, Procedure, PutInScene, Ref, Selector
from cardscript.compiler.semantics.reading import Reading
from cardscript.compiler.semantics.syntax import leaves
from cardscript.compiler.semantics.vocabulary import CARD_TYPE_OF_NOUN

_EXAMPLE_OPENERS = frozenset({"ex", "exemplo"})
_CONNECTIVES = frozenset({"e", ","})


def read_explanatory(node: Node, r: Reading, built: Sequence[Procedure] = ()) -> None:
    """Use the words of every parenthesis under ``node`` that no rule read and that only explains (``built``: the
    procedures the clause became, for a rule restated about them)."""
    for paren in _parens(node):
        words = list(leaves(paren))
        if any(r.is_used(w) for w in words):
            continue
        if is_example(paren) or restates_card_types(paren) or restates_rule(paren, built, r.card.kind,
                                                                             own_name=r.card.name):
            r.use(paren)


def only_explains(node: Node, kind: str) -> bool:
    """Is ``node`` a parenthesis that only explains (an example, a rule restated whatever the clause built; ``kind``:
    the card's type)? Such a parenthesis attached to a phrase adds nothing to what the phrase stands for
    (``read_explanatory`` uses its words)."""
    parens = list(_parens(node))
    inside = {id(w) for p in parens for w in leaves(p)}
    return bool(parens) and all(is_example(p) or restates_card_types(p) or restates_rule(p, (), kind)
                                for p in parens) and all(id(w) in inside for w in leaves(node) if isinstance(w, Lexeme))


def _parens(node: Node) -> Iterator[Phrase]:
    if isinstance(node, Phrase):
        if node.kind is PhraseKind.PARENTHETICAL:
            yield node
            return
        for p in node.parts:
            yield from _parens(p)
    elif isinstance(node, Clause):
        for c in (*node.fronted, *((node.subject,) if node.subject is not None else ()), *node.complements):
            yield from _parens(c)


def _lexemes(paren: Phrase) -> list[Lexeme]:
    return [w for w in leaves(paren) if isinstance(w, Lexeme)]


def is_example(paren: Phrase) -> bool:
    """"(ex.: ...)", "(exemplo: ...)", "(..., por exemplo, ...)": an illustration."""
    words = _lexemes(paren)
    if words and words[0].lemma in _EXAMPLE_OPENERS:
        return True
    return any(a.lemma == "por" and b.lemma == "exemplo" for a, b in zip(words, words[1:], strict=False))


def restates_card_types(paren: Phrase) -> bool:
    """"(os tipos de cards são personagem, suporte, cenário e habilidade)": rules 2's list of card types, whole."""
    words = [w for w in _lexemes(paren) if w.lemma not in _CONNECTIVES]
    lemmas = [w.lemma for w in words]
    if lemmas[:5] not in (["o", "tipo", "de", "card", "ser"],):
        return False
    listed = lemmas[5:]
    return sorted(listed) == sorted(CARD_TYPE_OF_NOUN) and len(set(listed)) == len(listed)


@dataclass(frozen=True)
class Restated:
    """A rule a reminder may restate: its words (lemmas; "#" an icon or number, all of them the same value) and
    what the clause must have built for the rule to be about it (the engine applies the rule to that)."""

    words: tuple[str, ...]
    rule: str
    about: Callable[[Sequence[Procedure], str], bool]


def _puts_a_scenario(built: Sequence[Procedure], kind: str) -> bool:
    """The clause puts a scenario in the scene: "coloque em cena um card de cenário", or this scenario card."""
    def scenario(sel: Selector) -> bool:
        return sel.kind is Kind.SCENARIO or any(f.field == "card_type" and f.value == "Cenário" for f in sel.filters) \
            or (sel.ref is Ref.THIS_CARD and kind == "Cenário")
    return any(isinstance(p, PutInScene) and scenario(p.cards) for p in built)


def _uses_this_action_again(built: Sequence[Procedure], kind: str) -> bool:
    return any(isinstance(p, ExtraAction) and p.same_action for p in built)


def _any(built: Sequence[Procedure], kind: str) -> bool:
    return True


def _you_choose_whom_it_damages(built: Sequence[Procedure], kind: str) -> bool:
    """The clause deals damage to a thing chosen when it resolves, by the effect's controller (no other chooser)."""
    return any(isinstance(p, Damage) and p.targets.ref is None and not p.targets.every and p.targets.chooser is None
               for p in built)


def _each_deals_to_its_own(built: Sequence[Procedure], kind: str) -> bool:
    """The clause has each of several sources deal damage to a destination chosen for it (``Damage.each_source``)."""
    return any(isinstance(p, Damage) and p.each_source and p.targets.ref is None and not p.targets.every
               for p in built)


def _the_one_staged_this_way_acts(built: Sequence[Procedure], kind: str) -> bool:
    """The clause has the one thing a change of stage of this effect changed deal damage (its ``:changed`` slot, one
    source): in an effect that fires once per event, one character per action used."""
    return any(isinstance(p, Damage) and not p.each_source and p.source.ref is Ref.SLOT
               and p.source.slot.endswith(":changed") for p in built)


def _loads_from(zone: str) -> Callable[[Sequence[Procedure], str], bool]:
    """The clause loads cards taken from ``zone`` (as many as there are: 4.6.2 I, the most of the effect)."""
    def about(built: Sequence[Procedure], kind: str) -> bool:
        return any(isinstance(p, Load) and p.cards.ref is None and p.cards.zone == zone for p in built)
    return about


def _moves_from_top_to_resources(built: Sequence[Procedure], kind: str) -> bool:
    """The clause puts cards of a deck's top in the resources (as many as there are: 4.6.2 I)."""
    return any(isinstance(p, Move) and p.cards.ref is None and p.cards.zone == "deck_top" and p.to == "resources"
               for p in built)


def _this_card_deals(built: Sequence[Procedure], kind: str) -> bool:
    """The clause deals damage whose source is this card itself ("esta habilidade causa 1 ponto de dano ...")."""
    return any(isinstance(p, Damage) and p.source is not None and p.source.ref is Ref.THIS_CARD for p in built)


RESTATED: tuple[Restated, ...] = (
    # 4.8.5: the source of the damage an ability card's effect deals is that card, not its carrier (the engine's
    # Damage with this card as its source: dealing.Party of the card)
    Restated(("o", "card", "@this", "causar", "o", "dano", "não|nao", "o", "personagem", "que", "o", "estar",
              "carregar"), "4.8.5", _this_card_deals),
    # rules 3 "Cena" / 4.4.1: a scenario an effect puts in the scene is not the turn's one scenario (the engine
    # counts only the one its player places, turn.Turn.place_scenario)
    Restated(("o|este", "cenário", "poder", "ser", "colocar", "em", "cena", "de", "este", "forma", "mesmo", "que",
              "outro", "cenário", "já", "ter", "ser", "colocar", "em", "cena", "em", "este", "turno"),
             "3 Cena, 4.4.1", _puts_a_scenario),
    # 4.6.2 E: every use of an action pays its costs (the engine's use_action, for a use granted again too)
    Restated(("para", "usar", "novamente", "o", "ação", "você", "dever", "pagar", "novamente", "todo", "o", "seu",
              "custo"), "4.6.2 E", _uses_this_action_again),
    # 4.6.2 E.1: the cost of an action of cost {X} in use is the X chosen (runtime.filters._chosen_x)
    Restated(("ação", "de", "custo", "x", "ter", "custo", "#", "sempre", "que", "o", "valor", "escolher", "para",
              "x", "ser", "#"), "4.6.2 E.1", _any),
    # rules 2.1: "N/A" printed for the alter ego is none (compiler.translate; no alter ego shares none, filters)
    Restated(("personagem", "com", "alter ego", "n/a", "não", "ter", "alter ego"), "2.1", _any),
    # 5: the controller of an effect makes its choices (Selector.chooser None: the effect's controller)
    Restated(("você", "escolher", "o", "personagem", "que", "receber", "o", "dano"), "5",
             _you_choose_whom_it_damages),
    # 4.8.4.3: each source's damage is a procedure of its own, its destination chosen for it (Damage.each_source)
    Restated(("o", "dano", "poder", "ser", "atribuir", "a|o", "diferente", "personagem", "e", "suporte"), "4.8.4.3",
             _each_deals_to_its_own),
    # 5.2: a triggered effect fires once per event -- "Se um personagem ... usar uma ação, você pode incapacitar ... um
    # outro personagem": one incapacitated per action used (the stage change chooses one)
    Restated(("você", "só", "poder", "incapacitar", "de", "este", "forma", "um", "único", "personagem", "para", "cada",
              "ação", "usar"), "5.2", _the_one_staged_this_way_acts),
    # 4.6.2 I: an effect is done as far as it can be -- fewer cards than it names: all there are
    Restated(("carregar", "todo", "o", "card", "de", "o", "topo", "de", "seu", "deck", "se", "haver", "menos", "de",
              "#", "card", "ali"), "4.6.2 I", _loads_from("deck_top")),
    # 6.2 C.5 / 4.7: to knock a character out is to unload its cards and put it in its opponents' prizes (the
    # engine's Game.knock_out), and an effect triggered by an action's use resolves before the action's effect
    # (4.6.2 F..I: the Effects Tree resolves what the use triggered first) -- said of a knock-out just done
    Restated(("descarregar", "o", "personagem", "nocautear", "e", "o", "colocar", "em", "o", "prêmios", "de", "seu",
              "oponente", "antes", "de", "o", "efeito", "de", "o", "ação"), "6.2 C.5, 4.7, 4.6.2", _any),
    Restated(("se", "não", "haver", "card", "suficiente", "em", "aquele|o|seu", "deck", "colocar", "todo", "eles", "em",
              "o", "recursos"), "4.6.2 I", _moves_from_top_to_resources),
)


def _token(leaf: object) -> str | None:
    if isinstance(leaf, Lexeme):
        return None if leaf.word == "," else leaf.lemma.lower()
    if isinstance(leaf, Icon):
        return "x" if leaf.code.upper() == "X" else f"#{leaf.code}"
    if isinstance(leaf, Number):
        return f"#{leaf.value}"
    if isinstance(leaf, Name):
        return leaf.text.lower()
    return None


def restates_rule(paren: Phrase, built: Sequence[Procedure], kind: str, own_name: str = "") -> bool:
    """Is the parenthesis one of the rules ``RESTATED``, word for word, about what the clause built? (``own_name``:
    the card's name, the token "@this" in the rule's words.)"""
    tokens = [t for t in (_token(x) for x in leaves(paren)) if t is not None]
    if own_name:
        tokens = ["@this" if t == own_name.lower() else t for t in tokens]
    for rule in RESTATED:
        if len(tokens) != len(rule.words) or not rule.about(built, kind):
            continue
        values = {t for t, w in zip(tokens, rule.words, strict=True) if w == "#"}
        if all(t in w.split("|") or (w == "#" and t.startswith("#")) for t, w in zip(tokens, rule.words, strict=True)) \
                and len(values) <= 1:
            return True
    return False
