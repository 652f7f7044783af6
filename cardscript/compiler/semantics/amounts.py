"""Numbers: what a quantity phrase denotes ("2", "X+1", "dois", "até três", "X", "duas vezes X", "metade",
"aquela quantidade", "o número de <np>", "um card a menos") -- a :class:`Quantity` with X's definition.
"""

from __future__ import annotations

from cardscript.compiler.ast import Icon, Lexeme, Number, Symbol
from cardscript.compiler.ir import Count, Quantity, Selector
from cardscript.compiler.semantics.reading import NotUnderstood, Reading
from cardscript.compiler.semantics.syntax import NP, PP, Leaf


def is_x(leaf: Leaf | None) -> bool:
    """X as a number: the letter, or the icon {X} where a number is read ("Descarte {X}+1 cards": the X of the
    cost {X}, 4.6.1 -- as "{1}" counts as 1, ``number_value``)."""
    return (isinstance(leaf, Lexeme) and leaf.lemma == "x" and leaf.cls in ("LIT", "NOUN")) or (
        isinstance(leaf, Icon) and leaf.code.upper() == "X")


def number_value(leaf: Leaf | None) -> int | None:
    """A number's value; an energy icon ("{1}") counts as its number where a number is read ("+{1} pontos de
    dano": a keyword's N written as printed, Potencializar {1})."""
    if isinstance(leaf, Number):
        return leaf.value
    if isinstance(leaf, Icon) and leaf.code.isdigit():
        return int(leaf.code)
    return None


def quantity_of_run(run: list[Leaf], r: Reading) -> Quantity | None:
    """``X + 1``, ``2``, ``X``, ``X - 1``: numbers and X joined by signs (None when the run is not one)."""
    if not run:
        return None
    fixed, x_times, sign, expect = 0, 0, 1, True
    for leaf in run:
        if expect and number_value(leaf) is not None:
            fixed += sign * (number_value(leaf) or 0)
            expect = False
        elif expect and is_x(leaf):
            x_times += sign
            expect = False
        elif isinstance(leaf, Symbol) and leaf.text in ("+", "-") and (not expect or leaf is run[0]):
            sign = 1 if leaf.text == "+" else -1           # "+1", "-X": a leading sign too
            expect = True
        else:
            return None
    if expect:
        return None
    r.use_all(run)
    return Quantity(fixed=fixed, x_times=x_times, x=r.x if x_times else None)


def np_quantity(np: NP, r: Reading) -> Quantity | None:
    """The count a noun phrase states: its quantity run ("X+1 pontos"), a numeral determiner-like number ("dois
    cards" -- the grammar reads "dois" as the head's number) or "um"; None when it states none. "até N": up to."""
    q = _np_quantity(np, r)
    if q is not None and np.up_to:
        r.use_all(np.up_to)
        q = Quantity(fixed=q.fixed, x_times=q.x_times, up_to=True, x=q.x)
    return q


def _np_quantity(np: NP, r: Reading) -> Quantity | None:
    if np.equal_to is not None:
        return _equal_to(np, np.equal_to, r)
    q = quantity_of_run(np.quantity, r)
    if q is not None:
        return q
    head = np.head
    if head is not None and np.quantity and isinstance(np.quantity[-1], Symbol) \
            and (number_value(head) is not None or is_x(head)):
        q = quantity_of_run([*np.quantity, head], r)        # "X-1 destes alvos": the number standing as the head
        if q is not None:
            return q
    if number_value(head) is not None or is_x(head):
        r.use(head)
        return Quantity(fixed=number_value(head) or 0, x_times=1 if is_x(head) else 0,
                        x=r.x if is_x(head) else None)
    return None


def _equal_to(np: NP, pp: PP, r: Reading) -> Quantity:
    return equal_to_quantity(np, pp, r)


def equal_to_quantity(np: NP, pp: PP, r: Reading, owner: Selector | None = None) -> Quantity:
    """"um número de cards ... igual à Energia Inicial daquele vilão", "uma quantidade de pontos de dano ... igual à
    Energia Atual daquele suporte" (``syntax._amount_phrases``): as many as the value counts, read when the effect
    resolves (4.6.1: a number the text defines), with the offset after it ("menos um"); ``owner``: whose
    characteristic a possessive value is ("seu valor de Energia Inicial", said of the clause's subject)."""
    from cardscript.compiler.semantics.text import render
    from cardscript.compiler.semantics.xdef import counted

    assert pp.obj is not None
    if np.amount_op != "eq":
        raise NotUnderstood("a number compared with a value ('maior ou igual a ...') where a number is said", np.node)
    r.use_all(np.amount_words)
    r.use(*pp.preps)
    return Quantity(fixed=np.amount_offset, x_times=1, x=counted(pp.obj, r, render(pp.obj.node), owner=owner))


def head_number(np: NP, r: Reading) -> Quantity:
    """A phrase that is only a number ("2", "X+1", "{X}" as a count) -> its Quantity."""
    q = np_quantity(np, r)
    if q is None:
        raise NotUnderstood("expected a number", np.node)
    return q


def x_count(r: Reading) -> Count | None:
    return r.x
