"""Reminder text in parentheses that states no rule (rules 5.6: reminder text explains, it does not add): a
parenthesis is read as *explanatory* -- its words used, no IR -- only when it is one of these, and never when it
states an instruction of its own (such a parenthesis must be read by the clause's rules or the clause stays not
executable):

* an **example** of what the text already says: it opens with "Ex.:" / "Exemplo:" or is said "por exemplo"
  ("(ex.: se o dano for 3, será 2)", "(você pode, por exemplo, descarregar dois cards de um personagem ...)") --
  an illustration of the rule, which the clause's own meaning decides;
* a **definition the rules give**, restated: "os tipos de cards são personagem, suporte, cenário e habilidade"
  (rules 2: the four card types), checked against the vocabulary -- a list that is not exactly the rules' is not
  a restatement and is left unread; "ações de custo {X} terão custo {2} sempre que o valor escolhido para X for
  2" (4.6.2 E.1: the incapacitation cost paid for a cost {X} is the value chosen -- what the engine reads as the
  cost of an action being used, ``filters``' "cost").
"""

from __future__ import annotations

from collections.abc import Iterator

from cardscript.compiler.ast import Clause, Icon, Lexeme, Node, Number, Phrase, PhraseKind
from cardscript.compiler.semantics.reading import Reading
from cardscript.compiler.semantics.syntax import leaves
from cardscript.compiler.semantics.vocabulary import CARD_TYPE_OF_NOUN

_EXAMPLE_OPENERS = frozenset({"ex", "exemplo"})
_CONNECTIVES = frozenset({"e", ","})


def read_explanatory(node: Node, r: Reading) -> None:
    """Use the words of every parenthesis under ``node`` that no rule read and that only explains."""
    for paren in _parens(node):
        words = list(leaves(paren))
        if any(r.is_used(w) for w in words):
            continue
        if is_example(paren) or restates_card_types(paren) or restates_x_cost(paren):
            r.use(paren)


def only_explains(node: Node) -> bool:
    """Is ``node`` a parenthesis that only explains (an example, a rule restated)? Such a parenthesis attached to a
    phrase adds nothing to what the phrase stands for (``read_explanatory`` uses its words)."""
    parens = list(_parens(node))
    inside = {id(w) for p in parens for w in leaves(p)}
    return bool(parens) and all(is_example(p) or restates_card_types(p) or restates_x_cost(p) for p in parens) \
        and all(id(w) in inside for w in leaves(node) if isinstance(w, Lexeme))


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


_X_COST = ("ação", "de", "custo", "{X}", "ter", "custo", "{N}", "sempre", "que", "o", "valor", "escolher", "para",
           "x", "ser", "N")


def restates_x_cost(paren: Phrase) -> bool:
    """"(ações de custo {X} terão custo {N} sempre que o valor escolhido para X for N)": 4.6.2 E.1 -- an action
    of cost {X} used with X = N paid an incapacitation cost of N, which is its cost ("uma ação de custo {N}")."""
    said: list[str] = []
    for w in leaves(paren):
        if isinstance(w, Lexeme):
            said.append(w.lemma.lower())
        elif isinstance(w, Icon):
            said.append("{" + w.code.upper() + "}")
        elif isinstance(w, Number):
            said.append(str(w.value))
    if len(said) != len(_X_COST) or said[6] != "{" + said[15] + "}" or not said[15].isdigit():
        return False
    return all(a == b for a, b in zip(said, _X_COST, strict=True) if b not in ("{N}", "N"))
