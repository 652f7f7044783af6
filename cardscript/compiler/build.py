"""From the Lark parse tree of one paragraph to the typed AST (cardscript.compiler.ast).

Offsets in the tree are relative to the normalised paragraph; the builder maps them back to the
card file through the paragraph's ``origin`` table, so every node's span points into the file.
"""

from __future__ import annotations

from functools import lru_cache

from lark import Token, Tree
from lark.lexer import PatternStr

from cardscript.compiler.ast import (
    Clause,
    ClauseSeq,
    EffectParagraph,
    Icon,
    KeywordLine,
    Lexeme,
    Name,
    Node,
    Number,
    Paragraph,
    Phrase,
    PhraseKind,
    Procedure,
    Sentence,
    Symbol,
)
from cardscript.compiler.fast_replace import replace
from cardscript.core.normalize import Normalized, fold_text
from cardscript.core.source import Span
from cardscript.grammar import lexicon
from cardscript.grammar.lexicon import NUMBERS, lookup
from cardscript.grammar.names import NameRegistry
from cardscript.grammar.parser import sentence_parser

_PROCEDURES = {p.value: p for p in Procedure}
# locutions of sequence that lead a sentence as "Então," does: what follows happens after what came before
_THEN_LOCUTIONS = {("em", "seguida"), ("a", "seguir")}
_LEAD_KINDS = {"trigger": PhraseKind.TRIGGER, "condition": PhraseKind.CONDITION, "adverbial": PhraseKind.WINDOW}
_PUNCT = frozenset({",", ":", "(", ")", "+", "-", "=", ".", "CLAUSE_COMMA"})


@lru_cache(maxsize=1)
def literal_spellings() -> dict[str, str]:
    """Terminal name -> the literal's spelling in the grammar (with its accents)."""
    out: dict[str, str] = {}
    for t in sentence_parser().terminals:
        if isinstance(t.pattern, PatternStr):
            out[t.name] = t.pattern.value
    return out


class Builder:
    """Builds the AST of one paragraph."""

    def __init__(self, para: Normalized, names: NameRegistry) -> None:
        self.para = para
        self.names = names

    # -- spans -------------------------------------------------------------------------------
    def span_of(self, start: int, end: int) -> Span:
        """The source span of the normalised text's ``[start, end)`` (``Normalized.source_offset`` of both ends,
        written out: this runs for every node)."""
        origin = self.para.origin
        if not origin:
            return Span(0, 1 if end > start else 0)
        n = len(origin)
        a = origin[-1] + 1 if start >= n else origin[start if start > 0 else 0]
        if end <= start:
            return Span(a, a)
        last = end - 1
        return Span(a, (origin[-1] + 1 if last >= n else origin[last if last > 0 else 0]) + 1)

    def tree_span(self, tree: Tree[Token] | Token) -> Span:
        if isinstance(tree, Token):
            s = tree.start_pos or 0
            return self.span_of(s, tree.end_pos if tree.end_pos is not None else s)
        meta = tree.meta          # propagate_positions: the first and last token's offsets
        if not meta.empty:
            return self.span_of(meta.start_pos, meta.end_pos)
        return Span(self.para.source_offset(0), self.para.source_offset(0))

    # -- leaves ------------------------------------------------------------------------------
    def token(self, tok: Token) -> Node:
        s = tok.start_pos or 0
        span = self.span_of(s, tok.end_pos if tok.end_pos is not None else s)     # tree_span of a token
        value = str(tok)
        if tok.type == "NAME":
            return Name(span, value, tuple(self.names.kinds_of(value)))
        kind, args = _leaf_of(tok.type, value)
        return kind(span, *args)

    def parts(self, tree: Tree[Token]) -> tuple[Node, ...]:
        out: list[Node] = []
        for child in tree.children:
            if isinstance(child, Token):
                if child.type != "CLAUSE_GAP":      # a comma left out: nothing to keep
                    out.append(self.token(child))
            else:
                out.append(self.node(child))
        return tuple(out)

    # -- rules -------------------------------------------------------------------------------
    def node(self, tree: Tree[Token]) -> Node:
        rule = str(tree.data)
        method = _RULE_METHODS.get(rule)
        if method is not None:
            result: Node = method(self, tree)
            return result
        kind = _RULE_KINDS.get(rule, PhraseKind.CHUNK)
        return Phrase(self.tree_span(tree), kind, self.flat_parts(tree))

    def flat_parts(self, tree: Tree[Token]) -> tuple[Node, ...]:
        """Children, with helper rules (number, head, participle...) flattened into their parent."""
        out: list[Node] = []
        for child in tree.children:
            if isinstance(child, Token):
                if child.type != "CLAUSE_GAP":      # a comma left out: nothing to keep
                    out.append(self.token(child))
            elif str(child.data) in _FLAT_RULES:
                out.extend(self.flat_parts(child))
            else:
                out.append(self.node(child))
        return tuple(out)

    def paragraph(self, tree: Tree[Token]) -> Paragraph:
        prefix: Phrase | None = None
        cost: ClauseSeq | None = None
        keyword_lines: list[KeywordLine] = []
        sentences: list[Sentence] = []
        for c in tree.children:
            if not isinstance(c, Tree):
                continue
            if c.data in ("keyword_line", "keyword_line_end"):
                keyword_lines.append(self.rule_keyword_line(c))
            elif c.data == "keyword_prefix":
                prefix = Phrase(self.tree_span(c), PhraseKind.KEYWORD_PREFIX, self.flat_parts(c))
            elif c.data == "cost_prefix":
                seq = c.children[0]
                assert isinstance(seq, Tree)
                cost = self.rule_clause_seq(seq)
            elif c.data in ("sentence", "last_sentence"):
                sentence = self.rule_sentence(c)
                if cost is not None:
                    sentence = Sentence(cost.span.merge(sentence.span), sentence.body, cost, sentence.period)
                    cost = None
                sentences.append(sentence)
        if len(keyword_lines) == 1 and not sentences:
            return keyword_lines[0]
        return EffectParagraph(self.tree_span(tree), prefix, tuple(sentences), tuple(keyword_lines))

    def rule_keyword_line(self, tree: Tree[Token]) -> KeywordLine:
        keyword = ""
        value: Node | None = None
        args: tuple[Node, ...] = ()
        reminder: Phrase | None = None
        for c in tree.children:
            if isinstance(c, Token) and c.type == "KEYWORD":
                keyword = str(c)
            elif isinstance(c, Tree) and c.data == "keyword_value":
                values = self.flat_parts(c)
                value = values[0] if len(values) == 1 else Phrase(self.tree_span(c), PhraseKind.COORDINATED, values)
            elif isinstance(c, Tree) and c.data == "keyword_args":
                args = tuple(p for p in self.flat_parts(c) if not (isinstance(p, Symbol) and p.text == "-"))
            elif isinstance(c, Tree) and c.data == "paren":
                reminder = Phrase(self.tree_span(c), PhraseKind.PARENTHETICAL, self.flat_parts(c))
        return KeywordLine(self.tree_span(tree), keyword, value, args, reminder, period=tree.data == "keyword_line")

    def rule_sentence(self, tree: Tree[Token]) -> Sentence:
        seq = tree.children[0]
        assert isinstance(seq, Tree)
        return Sentence(self.tree_span(tree), self.rule_clause_seq(seq), period=tree.data == "sentence")

    def rule_clause_seq(self, tree: Tree[Token]) -> ClauseSeq:
        items: list[Node] = []
        for c in tree.children:
            if not isinstance(c, Tree):
                continue
            if c.data == "lead":
                items.append(self.rule_lead(c))
            elif c.data == "clause":
                items.append(self.rule_clause(c))
            elif c.data == "joiner":
                items.append(Phrase(self.tree_span(c), PhraseKind.JOINER, self.flat_parts(c)))
            elif c.data == "condition":          # a trailing condition after the last joiner
                items.append(Phrase(self.tree_span(c), PhraseKind.CONDITION, self.flat_parts(c)))
        return ClauseSeq(self.tree_span(tree), tuple(_icons_to_object(items)))

    def rule_lead(self, tree: Tree[Token]) -> Phrase:
        parts = self.flat_parts(tree)
        first = tree.children[0]
        words = tuple(fold_text(str(t)) for t in tree.scan_values(lambda t: isinstance(t, Token)) if str(t) != ",")
        if words in _THEN_LOCUTIONS:
            kind = PhraseKind.THEN              # "Em seguida," / "A seguir,": as "Então,"
        elif isinstance(first, Tree):
            kind = _LEAD_KINDS.get(str(first.data), PhraseKind.WINDOW)
        elif fold_text(str(first)) in ("entao", "depois"):
            kind = PhraseKind.THEN              # "Então," / "Depois,"
        elif fold_text(str(first)) == "se":
            kind = PhraseKind.IF_DONE           # "Se o fizer,"
        else:
            kind = PhraseKind.WINDOW            # a sentence adverb: "Imediatamente,"
        return Phrase(self.tree_span(tree), kind, parts)

    def rule_clause(self, tree: Tree[Token]) -> Clause:
        subject: Phrase | None = None
        verb: Phrase | None = None
        complements: list[Node] = []
        fronted: list[Node] = []
        for c in tree.children:
            if isinstance(c, Tree) and c.data == "subject":
                subject = Phrase(self.tree_span(c), PhraseKind.SUBJECT, self.flat_parts(c))
            elif isinstance(c, Tree) and c.data in ("vcomplex", "finite_vc", "nonfinite_vc"):
                verb = Phrase(self.tree_span(c), PhraseKind.VERB_GROUP, self.verb_words(c))
            elif isinstance(c, Tree):
                (complements if subject is not None or verb is not None else fronted).append(self.node(c))
            elif subject is None and verb is None:
                fronted.append(self.token(c))       # punctuation after a fronted complement
        assert verb is not None
        words = [w for w in verb.parts if isinstance(w, Lexeme)]
        main = [w for w in words if w.cls in ("VFIN", "VINF", "VPART", "VGER")]
        auxes = [w for w in words if w.cls in ("AUX", "AUX_NF")]
        lemma = main[-1].lemma if main else (auxes[-1].lemma if auxes else "")
        negated = any(w.lemma == "não" for w in words)
        optional = (subject is not None and _is_voce(subject) and bool(auxes) and auxes[0].lemma == "poder"
                    and not negated)
        return Clause(self.tree_span(tree), subject, verb, tuple(complements),
                      _PROCEDURES.get(lemma, Procedure.OTHER), negated, optional, tuple(fronted))

    def verb_words(self, tree: Tree[Token]) -> tuple[Node, ...]:
        out: list[Node] = []
        for v in tree.scan_values(lambda v: isinstance(v, Token)):
            out.append(self.token(v))
        return tuple(out)

    def rule_vcomplex(self, tree: Tree[Token]) -> Phrase:
        return Phrase(self.tree_span(tree), PhraseKind.VERB_GROUP, self.verb_words(tree))

    rule_paren_lead = rule_lead           # a parenthesis's first lead ("(se não houver ..., coloque ...)")
    rule_finite_vc = rule_vcomplex
    rule_nonfinite_vc = rule_vcomplex

    def rule_clause_rel(self, tree: Tree[Token]) -> Clause:
        """A relative clause: its subject (with any complements of the subject) and its verb."""
        subject_parts: list[Node] = []
        verb: Phrase | None = None
        for c in tree.children:
            if isinstance(c, Tree) and c.data in ("vcomplex", "finite_vc", "nonfinite_vc"):
                verb = self.rule_vcomplex(c)
            elif isinstance(c, Tree):
                subject_parts.append(self.node(c))
        assert verb is not None
        subject = (Phrase(subject_parts[0].span.merge(subject_parts[-1].span), PhraseKind.SUBJECT,
                          tuple(subject_parts)) if subject_parts else None)
        words = [w for w in verb.parts if isinstance(w, Lexeme)]
        lemma = next((w.lemma for w in reversed(words) if w.cls in ("VFIN", "VINF", "VPART", "VGER", "AUX")), "")
        return Clause(self.tree_span(tree), subject, verb, (), _PROCEDURES.get(lemma, Procedure.OTHER),
                      any(w.lemma == "não" for w in words))


_RULE_KINDS = {
    "np": PhraseKind.NOUN_PHRASE, "chunk": PhraseKind.CHUNK, "complement": PhraseKind.CHUNK,
    "paren": PhraseKind.PARENTHETICAL, "trigger": PhraseKind.TRIGGER, "condition": PhraseKind.CONDITION,
    "adverbial": PhraseKind.WINDOW, "keyword_prefix": PhraseKind.KEYWORD_PREFIX,
}
# the rules with a method of their own: rule name -> Builder.rule_<name> (Builder.node looks it up per tree)
_RULE_METHODS = {name[len("rule_"):]: method for name, method in vars(Builder).items() if name.startswith("rule_")}
_FLAT_RULES = frozenset({"head", "number", "participle", "coord", "quantity_op", "keyword_value", "keyword_args"})


@lru_cache(maxsize=1 << 16)
def _leaf_of(terminal: str, value: str) -> tuple[type[Node], tuple[object, ...]]:
    """The leaf a token other than a name becomes, but for its span: the node's class and its other fields. A
    function of the terminal and the word alone (the lexicon is fixed), worked out once per word."""
    folded = fold_text(value)
    if terminal == "ICON":
        return Icon, (value[1:-1].upper(),)
    if terminal == "NUMBER":
        return Number, (int(value),)
    if terminal == "NUMWORD":
        word = _spelling(folded, "NUMWORD")
        return Number, (NUMBERS.get(word, 0), word)
    if terminal in ("KEYWORD", "KEYWORD_PREFIX"):
        return Lexeme, (terminal, folded, value)
    if terminal == "CLAUSE_AND":
        return Lexeme, ("CONJ", "e", "e")
    if terminal == "CLAUSE_COMMA" or (not value[:1].isalnum() and not value.startswith("-")) or value == "-":
        return Symbol, ("," if terminal == "CLAUSE_COMMA" else value,)
    entries = [e for e in lookup(folded) if _class_matches(e.cls, e.form, e.lemma, terminal)]
    exact = [e for e in entries if e.spelling == value.lower()]
    entries = exact or entries          # "têm" (3pl) is not "tem" (3sg): the accent chooses the word
    if entries:
        return Lexeme, (terminal, entries[0].lemma, entries[0].spelling)
    if terminal == "CLITIC":
        return Lexeme, ("CLITIC", value.lower(), value.lower())
    spelled = literal_spellings().get(terminal, folded)
    return Lexeme, ("LIT", folded, spelled)


lexicon.on_switch(lambda _: _leaf_of.cache_clear())     # a game's card: its words' lemmas are its lexicon's


@lru_cache(maxsize=1 << 12)
def _class_matches(cls: str, form: str, lemma: str, terminal: str) -> bool:
    from cardscript.grammar.lexer import word_class_terminal
    from cardscript.grammar.lexicon import Word

    actual = word_class_terminal(Word("", cls, lemma, form))
    return actual == terminal or (terminal == "VFIN" and actual == "VINF")


def _spelling(folded: str, cls: str) -> str:
    for e in lookup(folded):
        if e.cls == cls:
            return e.spelling
    return folded


def _is_voce(subject: Phrase) -> bool:
    for p in subject.parts:
        if isinstance(p, Phrase):
            return _is_voce(p)
        return isinstance(p, Lexeme) and p.lemma == "você"
    return False


def build_panel(tree: Tree[Token], para: Normalized, names: NameRegistry) -> Phrase:
    """The AST of an Evolução panel: the noun phrase and its complements (rules 4.4.2.2 A.2a)."""
    b = Builder(para, names)
    parts = tuple(p for p in b.flat_parts(tree) if not (isinstance(p, Symbol) and p.text == "."))
    return Phrase(b.tree_span(tree), PhraseKind.SUBJECT, parts)


def build_paragraph(tree: Tree[Token], para: Normalized, names: NameRegistry) -> Paragraph:
    """The AST of one parsed paragraph."""
    return Builder(para, names).paragraph(tree)


def _icons_to_object(items: list[Node]) -> list[Node]:
    """"A ganha {TE} e {TC} e cada um dos outros personagens perde {TE}": the parser may split the clauses at the
    first "e", leaving "{TC} e cada um ..." as the next clause's subject. A power icon is what is gained or lost,
    never who does something (4.3, the powers): the icons leading such a subject go back to the object of the
    clause before (in printed order: the joiner's "e" then joins the icon, the subject's "e" the clauses)."""
    out = list(items)
    for i in range(len(out) - 2):
        a, joiner, b = out[i], out[i + 1], out[i + 2]
        if not (isinstance(a, Clause) and a.complements and isinstance(joiner, Phrase)
                and joiner.kind is PhraseKind.JOINER and isinstance(b, Clause) and b.subject is not None):
            continue
        conj = joiner.parts[0] if len(joiner.parts) == 1 else None
        parts = b.subject.parts
        if not (isinstance(conj, Lexeme) and conj.lemma == "e" and len(parts) >= 2
                and isinstance(parts[0], Phrase) and parts[0].kind is PhraseKind.NOUN_PHRASE
                and parts[0].parts and all(isinstance(x, Icon) for x in parts[0].parts)
                and isinstance(parts[1], Phrase) and parts[1].kind is PhraseKind.CHUNK and len(parts[1].parts) == 2):
            continue
        lit, rest = parts[1].parts
        if not (isinstance(lit, Lexeme) and lit.lemma == "e" and isinstance(rest, Phrase)
                and rest.kind is PhraseKind.CHUNK and len(rest.parts) == 1 and isinstance(rest.parts[0], Phrase)):
            continue
        icons = parts[0]
        span = Span(conj.span.start, icons.span.end)
        gained = Phrase(span, PhraseKind.CHUNK, (replace(conj, cls=lit.cls),
                                                 Phrase(icons.span, PhraseKind.CHUNK, (icons,))))
        subject_parts = (rest.parts[0], *parts[2:])
        subject = Phrase(Span(rest.span.start, b.subject.span.end), b.subject.kind, subject_parts)
        out[i] = replace(a, complements=(*a.complements, gained))
        out[i + 1] = Phrase(lit.span, PhraseKind.JOINER, (replace(lit, cls=conj.cls),))
        out[i + 2] = replace(b, subject=subject)
    return out
