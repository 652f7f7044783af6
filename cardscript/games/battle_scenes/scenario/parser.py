"""Reading a scenario file (docs/scenarios.md) into its typed tree (:mod:`cardscript.games.battle_scenes.scenario.ast`).

The grammar is ``scenario.lark`` with the keyword terminals of :mod:`cardscript.games.battle_scenes.scenario.vocabulary`
appended;
Lark's LALR parser with its contextual lexer (a terminal is tried only where the grammar accepts it, so a card
title may hold words the statements use elsewhere) and an indenter for the blocks. A file that does not parse is
one located diagnostic (CS500 with the words expected there, or CS501 for the indentation), never an exception.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from lark import Lark, Token
from lark import Tree as LarkTree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.indenter import Indenter

from cardscript.core import diagnostics as dg
from cardscript.core.diagnostics import Diagnostic
from cardscript.core.source import SourceFile, Span
from cardscript.games.battle_scenes.scenario import ast
from cardscript.games.battle_scenes.scenario.vocabulary import KEYWORDS, keyword_terminals, phrases

Node = LarkTree[Token]      # a node of Lark's tree (the typed tree is ast.py's)

MAX_CHARS = 65_536          # a scenario is a page; a longer file is not read (docs/reliability.md)


class _Indenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types: list[str] = []
    CLOSE_PAREN_types: list[str] = []
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8


def grammar_text() -> str:
    text = (resources.files("cardscript.games.battle_scenes.scenario") / "scenario.lark").read_text(encoding="utf-8")
    generated = "\n// ---- generated from cardscript/games/battle_scenes/scenario/vocabulary.py\n"
    return text + generated + keyword_terminals()


@lru_cache(maxsize=1)
def scenario_parser() -> Lark:
    """The scenario grammar's LALR parser, its tables cached per user (``grammar.lark_cache``)."""
    from cardscript.grammar.lark_cache import cached_lark

    return cached_lark("scenario", grammar_text(), parser="lalr", lexer="contextual", postlex=_Indenter(),
                       propagate_positions=True, maybe_placeholders=False, start=["start", "refs_line"])


# ---------------------------------------------------------------------------------------------------------
# diagnostics

_TERMINALS = {
    "NAME": "a card title (`Hulk V1`)", "ACTION_ALL": "an action's name", "CODE": "a printed code (`BSUM 65/100`)",
    "BRACKETED": "a title in brackets (`[Escudo do Capitão América V1]`)",
    "PATH": 'a path to a card file (`"cards/x.card"`)',
    "PLAYER": "a player (`A` or `B`)", "INT": "a number", "ACTION": "an action's name", "TEXT": "some text",
    "WORDS": "a word", "STAGE": "a stage of the calculation (`A` ... `E`, `F.B` ... `F.E`, `total`)",
    "COLON": "`:`", "COMMA": "`,`", "EQUAL": "`=`", "LPAR": "`(`", "RPAR": "`)`", "_NL": "the end of the line",
    "_INDENT": "an indented block", "_DEDENT": "the end of the block",
}


def _expected(names: set[str]) -> str:
    shown: list[str] = []
    for n in sorted(names):
        if n.startswith("KW_"):
            shown.append(phrases(n[3:]))
        elif n in _TERMINALS:
            shown.append(_TERMINALS[n])
    shown = list(dict.fromkeys(shown))
    if not shown:
        return "see docs/scenarios.md for the statements"
    if len(shown) > 12:
        shown = [*shown[:12], "..."]
    return "expected " + ", ".join(shown)


def _indentation(source: SourceFile) -> Diagnostic | None:
    """CS501 for a line that goes back to an indentation no block above it has (the indenter's DedentError)."""
    levels = [0]
    for number in range(1, source.line_count + 1):
        line = source.line_text(number)
        stripped = line.lstrip(" \t")
        if not stripped or stripped.startswith("#"):
            continue
        width = len(line[: len(line) - len(stripped)].expandtabs(8))
        if width > levels[-1]:
            levels.append(width)
            continue
        open_levels = list(levels)
        while width < levels[-1]:
            levels.pop()
        if width != levels[-1]:
            levels = open_levels
            start = source.line_start(number)
            return Diagnostic(dg.E_SCN_INDENT, f"this line is indented by {width}, which no block above it is",
                              Span(start, start + len(line) - len(stripped) or start + 1), source,
                              hint=f"indent it as the block it belongs to: {', '.join(map(str, levels))} spaces")
    return None


def syntax_diagnostic(source: SourceFile, exc: LarkError) -> Diagnostic:
    """A Lark error as one located diagnostic with the words the grammar expected there."""
    if isinstance(exc, UnexpectedCharacters):
        at = exc.pos_in_stream or 0
        end = at
        while end < len(source.text) and source.text[end] not in "\n,:":
            end += 1
        shown = source.text[at:end].strip() or source.text[at:at + 1]
        return Diagnostic(dg.E_SCN_SYNTAX, f"not understood here: `{shown}`", Span(at, max(end, at + 1)), source,
                          hint=_expected(set(exc.allowed or ())))
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        expected = set(exc.expected or ())
        try:                                   # what the parser really accepts here (LALR merges lookaheads)
            if exc.interactive_parser is not None:
                expected = set(exc.interactive_parser.accepts()) or expected     # type: ignore[no-untyped-call]
        except LarkError:
            pass
        at = token.start_pos if isinstance(token, Token) and token.start_pos is not None else len(source.text)
        kind = token.type if isinstance(token, Token) else ""
        if kind == "_INDENT":
            line, _ = source.position(at)
            if source.text[at:at + 1] in ("\r", "\n"):
                line += 1
            start = source.line_start(line)
            text = source.line_text(line)
            start += len(text) - len(text.lstrip(" \t"))
            return Diagnostic(dg.E_SCN_INDENT, "this line is indented, but the line above opens no block",
                              Span(start, start + 1), source, hint="indent a line only under a line ending in `:` "
                              "(or a move's answers under the move)")
        if kind in ("_DEDENT", "$END"):
            at = min(at, max(0, len(source.text.rstrip()) - 1))
            return Diagnostic(dg.E_SCN_SYNTAX, "the statement or block ends too early", Span(at, at + 1), source,
                              hint=_expected(expected))
        if kind == "_NL":
            return Diagnostic(dg.E_SCN_SYNTAX, "the line ends too early", Span(at, at + 1), source,
                              hint=_expected(expected))
        text = str(token) if isinstance(token, Token) else ""
        return Diagnostic(dg.E_SCN_SYNTAX, f"`{text.strip()}` is not expected here", Span(at, at + max(1, len(text))),
                          source, hint=_expected(expected))
    if isinstance(exc, UnexpectedEOF):
        at = max(0, len(source.text) - 1)
        return Diagnostic(dg.E_SCN_SYNTAX, "the file ends too early", Span(at, at + 1), source,
                          hint=_expected(set(exc.expected or ())))
    found = _indentation(source)
    if found is not None:
        return found
    return Diagnostic(dg.E_SCN_SYNTAX, f"not understood: {exc}", Span(0, 1), source,
                      hint="see docs/scenarios.md for the statements")


# ---------------------------------------------------------------------------------------------------------
# the Lark tree -> the typed tree

def _span(node: Node | Token) -> Span:
    if isinstance(node, Token):
        start = node.start_pos or 0
        return Span(start, node.end_pos if node.end_pos is not None else start + len(node))
    meta = node.meta
    if getattr(meta, "empty", True):
        return Span(0, 0)
    return Span(meta.start_pos, meta.end_pos)


def _tokens(node: Node) -> list[Token]:
    return [c for c in node.children if isinstance(c, Token)]


def _trees(node: Node) -> list[Node]:
    return [c for c in node.children if isinstance(c, LarkTree)]


def _player(token: Token) -> int:
    return ast.PLAYERS.index(str(token).upper())


def _int(token: Token) -> int:
    return int(str(token))


class _Builder:
    def __init__(self, source: SourceFile) -> None:
        self.source = source

    def ref(self, node: Node) -> ast.CardRef:
        head = node.children[0]
        assert isinstance(head, Token)
        text = " ".join(str(head).split())
        kind = {"NAME": "title", "CODE": "code", "BRACKETED": "title", "PATH": "path"}[head.type]
        if head.type in ("BRACKETED", "PATH"):
            text = text[1:-1].strip()
        copy = owner = None
        for sub in _trees(node):
            if sub.data == "copy":
                copy = _int(_tokens(sub)[0])
            elif sub.data == "owner":
                owner = _player([t for t in _tokens(sub) if t.type == "PLAYER"][0])
        return ast.CardRef(text, kind, _span(node), copy, owner)

    def thing(self, node: Node) -> ast.Thing:
        if node.data == "fillers":
            return ast.Fillers(_int(_tokens(node)[0]), _span(node))
        return self.ref(node)

    def things(self, node: Node) -> list[ast.Thing]:
        return [self.thing(t) for t in _trees(node) if t.data != "nothing"]

    def value(self, node: Node) -> ast.Value:
        if node.data == "number":
            return _int(_tokens(node)[0])
        if node.data == "word":
            return " ".join(str(_tokens(node)[0]).split())
        if node.data == "player_value":
            return ast.PlayerRef(_player([t for t in _tokens(node) if t.type == "PLAYER"][0]), _span(node))
        return self.thing(node)

    def body(self, items: list[Node], span: Span, label: str = "") -> ast.Body:
        body = ast.Body(span, label=label)
        for item in items:
            kind = item.data
            if kind == "title":
                body.title = str(_tokens(item)[-1]).strip()
            elif kind == "turn":
                body.turn = _player(_tokens(item)[-1])
                body.turn_span = _span(item)
            elif kind == "turn_number":
                body.turn_number = _int(_tokens(item)[-1])
            elif kind == "phase":
                token = _tokens(item)[-1]
                body.phase, body.phase_span = " ".join(str(token).split()), _span(token)
            elif kind == "known_failure":
                body.known_failure = " ".join(str(_tokens(item)[-1]).split())
            elif kind == "player_block":
                body.players.append(self.player(item))
            elif kind == "moves":
                body.has_moves = True
                body.moves.extend(self.move(m) for m in _trees(item) if m.data == "move")   # or `nada`
            elif kind == "expect":
                body.has_expectations = True
                body.expectations.extend(self.expectation(e) for e in _trees(item))
            elif kind == "branch":
                text = [t for t in _tokens(item) if t.type == "TEXT"]
                inner = self.body(_trees(item), _span(item), " ".join(str(text[0]).split()) if text else "")
                body.branches.append(inner)
        return body

    def player(self, node: Node) -> ast.PlayerSetup:
        who = _player([t for t in _tokens(node) if t.type == "PLAYER"][0])
        setup = ast.PlayerSetup(who, _span(node))
        for line in _trees(node):
            if line.data == "scene":
                setup.scene.extend(self.scene_card(c) for c in _trees(line))
            elif line.data == "scenario":
                setup.scenario = self.ref(_trees(line)[0])
                setup.scenario_chose = [self.ref(_trees(c)[0]) for c in _trees(line) if c.data == "chose"]
                for c in _trees(line):
                    if c.data == "chose_trait":
                        setup.scenario_traits.update(self.trait(c))
            elif line.data == "without":
                setup.without.extend(self.ref(r) for r in _trees(line))
            elif line.data == "pile":
                zone, things = _trees(line)
                setup.piles.append(ast.Pile(zone.data, self.things(things), _span(line)))
        return setup

    def scene_card(self, node: Node) -> ast.SceneCard:
        ref, *parts = _trees(node)
        card = ast.SceneCard(self.ref(ref), _span(node))
        carrying = False
        for part in parts:
            if part.data in ("carrying", "more"):
                thing = self.thing(_trees(part)[0])
                if part.data == "more" and not carrying:
                    card.stray.append(thing.span)       # check.py: a bare card must follow `carregando`
                card.carried.append(thing)
                carrying = True
                continue
            carrying = False
            if part.data == "stage":
                card.stage, card.stage_span = _int(_tokens(part)[-1]), _span(part)
            elif part.data == "entered":
                card.entered = True
            elif part.data == "acted":
                card.acted = True
            elif part.data == "damaged":
                card.damaged = True
            elif part.data == "chose":
                card.chose.append(self.ref(_trees(part)[0]))
            elif part.data == "chose_trait":
                card.traits.update(self.trait(part))
            elif part.data == "owned_by":
                card.owner = _player([t for t in _tokens(part) if t.type == "PLAYER"][0])
            elif part.data == "shield_change":
                card.shield.append(int("".join(str(_tokens(part)[-1]).split())))
        return card

    @staticmethod
    def trait(node: Node) -> dict[str, str]:
        """"escolheu a afiliação X" / "escolheu o alinhamento X": what the card's text chose that is no card."""
        kw, value = _tokens(node)
        what = "affiliation" if kw.type == "KW_CHOSE_AFFILIATION" else "alignment"
        return {what: " ".join(str(value).split())}

    def move(self, node: Node) -> ast.Move:
        line, *answers = _trees(node)
        kind = {"pass_": "pass"}.get(line.data, line.data)
        move = ast.Move(kind, _span(line))
        players = [t for t in _tokens(line) if t.type == "PLAYER"]
        if players:
            move.player = _player(players[0])
        refs = [t for t in _trees(line) if t.data == "ref"]
        if refs:
            move.ref = self.ref(refs[0])
        action = [t for t in _tokens(line) if t.type in ("ACTION", "TEXT", "BRACKETED")]
        if action:                                # the action's name; for `ativa X: <text>`, the effect's words
            name = str(action[0])[1:-1] if action[0].type == "BRACKETED" else str(action[0])
            move.action, move.action_span = " ".join(name.split()), _span(action[0])
        for sub in _trees(line):
            if sub.data == "refs":
                move.targets = [self.ref(r) if r.data == "ref" else
                                ast.PlayerRef(_player([t for t in _tokens(r) if t.type == "PLAYER"][0]), _span(r))
                                for r in _trees(sub) if r.data in ("ref", "target_player")]
                move.no_requirements |= any(r.data == "no_requirements" for r in _trees(sub))
            elif sub.data == "no_requirements":
                move.no_requirements = True
        move.answers = [self.answer(a) for a in answers]
        return move

    def answer(self, node: Node) -> ast.Answer:
        players = [t for t in _tokens(node) if t.type == "PLAYER"]
        (body,) = _trees(node)
        answer = ast.Answer(body.data[2:], _span(node), _player(players[0]) if players else None)
        for sub in _trees(body):
            if sub.data == "values":
                for v in _trees(sub):
                    answer.values.append(self.value(v))
                    answer.value_spans.append(_span(v))
            elif sub.data == "first":
                answer.first = True
            elif sub.data == "share":
                answer.shares.append((_int(_tokens(sub)[0]), self.ref(_trees(sub)[0])))
                answer.value_spans.append(_span(sub))
        ints = [t for t in _tokens(body) if t.type == "INT"]
        if answer.kind == "x" and ints:
            answer.values.append(_int(ints[0]))
            answer.value_spans.append(_span(ints[0]))
        return answer

    def expectation(self, node: Node) -> ast.Expectation:
        exp = ast.Expectation(node.data, _span(node))
        refs = [t for t in _trees(node) if t.data == "ref"]
        if refs:
            exp.ref = self.ref(refs[0])
        ints = [t for t in _tokens(node) if t.type == "INT"]
        if ints:
            exp.number = _int(ints[-1])
        players = [t for t in _tokens(node) if t.type == "PLAYER"]
        if players:
            exp.player = _player(players[0])
        action = [t for t in _tokens(node) if t.type == "ACTION_ALL"]
        if action:                    # "X pode usar A em Y": check.py tells the action's name from the targets
            exp.action, exp.action_span = " ".join(str(action[0]).split()), _span(action[0])
        for sub in _trees(node):
            if sub.data == "things":
                exp.things = self.things(sub)
            elif sub.data == "calc_stage":
                label, value = _tokens(sub)
                exp.stages.append(("=" if str(label).lower() == "total" else str(label).upper(), _int(value)))
            elif sub.data in ("hand", "resources", "prizes", "deck_top", "deck_bottom", "deck"):
                exp.zone = sub.data
            elif sub.data.startswith(("in_", "as_", "carried_by")):
                zone = {"in_scene": "scene", "as_scenario": "scenario", "carried_by": "carried"}.get(
                    sub.data, sub.data[3:])
                owner = next((_player(t) for o in _trees(sub) if o.data == "owner" for t in _tokens(o)
                              if t.type == "PLAYER"), None)
                carrier = next((self.ref(r) for r in _trees(sub) if r.data == "ref"), None)
                exp.location = ast.Location(zone, owner, carrier)
            elif sub.data == "nothing":
                exp.player = None
            elif sub.data == "event":
                exp.events.append(self.event(_trees(sub)[0]))
        return exp

    def event(self, node: Node) -> ast.Event:
        event = ast.Event(node.data[3:], _span(node))
        refs = [t for t in _trees(node) if t.data == "ref"]
        if refs:
            event.ref = self.ref(refs[0])
        players = [t for t in _tokens(node) if t.type == "PLAYER"]
        if players:
            event.player = _player(players[0])
        action = [t for t in _tokens(node) if t.type == "ACTION"]
        if action:
            event.action = " ".join(str(action[0]).split())
        return event


def parse_refs(source: SourceFile, span: Span) -> list[ast.CardRef] | Diagnostic:
    """The cards named in ``span`` of the file ("Blob V1, Thor V2 de B"), as the targets after an action's name
    that check.py has told apart from the name ("X pode usar Hulk Esmaga em Blob V1"); spans in the whole file."""
    text = source.text[span.start:span.end]
    try:
        tree = scenario_parser().parse(text + "\n", start="refs_line")
    except LarkError as exc:
        where = SourceFile(source.path, text + "\n")
        found = syntax_diagnostic(where, exc)
        return Diagnostic(found.code, found.message, Span(span.start + found.span.start, span.start + found.span.end),
                          source, hint=found.hint)
    for sub in tree.iter_subtrees():
        sub.data = str(sub.data)
        if not getattr(sub.meta, "empty", True):
            sub.meta.start_pos += span.start
            sub.meta.end_pos += span.start
    builder = _Builder(source)
    return [builder.ref(r) for refs in _trees(tree) for r in _trees(refs) if r.data == "ref"]


def parse_scenario(source: SourceFile) -> tuple[ast.ScenarioFile | None, list[Diagnostic]]:
    """The typed tree of a scenario's text, or None and the one diagnostic saying where it stops parsing."""
    if len(source.text) > MAX_CHARS:
        return None, [Diagnostic(dg.E_TOO_LARGE, f"the file has {len(source.text):,} characters; at most "
                                 f"{MAX_CHARS:,} are read", Span(MAX_CHARS, MAX_CHARS + 1), source,
                                 hint="a scenario is one board and its moves: split it into several files")]
    found = _indentation(source)
    if found is not None:
        return None, [found]
    text = source.text if source.text.endswith(("\n", "\r")) else source.text + "\n"
    try:
        tree = scenario_parser().parse(text, start="start")
    except UnexpectedInput as exc:
        return None, [syntax_diagnostic(source, exc)]
    except LarkError as exc:                       # the indenter's DedentError and the like
        return None, [syntax_diagnostic(source, exc)]
    for sub in tree.iter_subtrees():
        sub.data = str(sub.data)                   # rule names as plain strings in the typed tree
    builder = _Builder(source)
    main = builder.body(_trees(tree), Span(0, len(source.text)))
    return ast.ScenarioFile(source, main), []


__all__ = ["KEYWORDS", "parse_refs", "parse_scenario", "scenario_parser", "syntax_diagnostic"]
