"""The sentence parser's LALR loop: Lark's tables, Lark's parser state and exceptions, less work per token.

Lark's ``_Parser.parse_from_state`` feeds each token to ``ParserState.feed_token``, which looks the action up,
asserts that it does not shift into the end state (comparing a reduction's ``Rule`` with a state number:
``Rule.__eq__`` at every reduction), checks the token against the callbacks and calls the tree builder through its
wrappers. :class:`LalrRun` runs the same loop on a table made once from Lark's (each reduction as its size, its
callback and the name it reduces to), with the callbacks of :mod:`cardscript.grammar.tree_build`: the same
actions in the same order, so the same tree, and on a token the table does not accept the same
``UnexpectedToken`` Lark raises (its expected terminals, its parser state and interactive parser). The checks that
the table makes true (no token shifted into an end state, no callback for a terminal) are made once, when it is built;
where one fails, :meth:`LalrRun.parse` leaves the parse to Lark.

The parser state it makes (:class:`FedState`) carries that table, so that the sentence lexer can feed a speculative
parse to the parser itself (:func:`feed`, from a checkpoint it rolls back to when the speculation fails) instead of
simulating it on the tables and having the parse take the same tokens again (``lexer.SentenceLexer``).
"""

from __future__ import annotations

from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput, UnexpectedToken
from lark.lexer import LexerState, LexerThread
from lark.parsers.lalr_analysis import Shift
from lark.parsers.lalr_interactive_parser import InteractiveParser
from lark.parsers.lalr_parser_state import ParseConf, ParserState

from cardscript.grammar.tree_build import fast_callbacks

# an action: (True, the state shifted to) or (False, (the rule's length, its callback, the name it reduces to))
_Action = tuple[bool, Any]


class LalrRun:
    """Parses with ``lark``'s LALR tables and lexer (a custom lexer of Lark's ``__future_interface__ = 2``)."""

    def __init__(self, lark: Lark) -> None:
        self.lark = lark
        frontend: Any = lark.parser
        self.lexer = frontend.lexer
        self.parser = frontend.parser.parser           # lark.parsers.lalr_parser._Parser
        table = self.parser.parse_table
        callbacks = fast_callbacks(lark)
        self.usable = callbacks is not None and not any(isinstance(k, str) for k in self.parser.callbacks) \
            and getattr(self.lexer, "__future_interface__", 0) == 2
        self.callbacks: dict[Any, Any] = callbacks or {}
        self.confs: dict[str, ParseConf[Any]] = {}
        self.actions: dict[Any, dict[str, _Action]] = {}
        if not self.usable:
            return
        ends = set(table.end_states.values())
        reductions: dict[Any, tuple[int, Any, str]] = {}
        for state, row in table.states.items():
            out: dict[str, _Action] = {}
            for term, (kind, arg) in row.items():
                if kind is Shift:
                    if arg in ends and term.isupper():
                        self.usable = False      # a token Lark would stop on (its assert): leave it to Lark
                        return
                    out[term] = (True, arg)
                else:
                    found = reductions.get(arg)
                    if found is None:
                        found = reductions[arg] = (len(arg.expansion), self.callbacks[arg], arg.origin.name)
                    out[term] = (False, found)
            self.actions[state] = out

    def conf(self, start: str) -> ParseConf[Any]:
        """The parse configuration of ``start`` (Lark's, with these callbacks; made once)."""
        found = self.confs.get(start)
        if found is None:
            found = self.confs[start] = ParseConf(self.parser.parse_table, self.callbacks, start)
        return found

    def parse(self, inp: Any, start: str) -> Tree[Token]:
        """``lark.parse(inp, start=start)``: the tree, or Lark's exception."""
        if not self.usable or start not in self.lark.options.start:
            tree: Tree[Token] = self.lark.parse(inp, start=start)     # (an unknown start: Lark's own error)
            return tree
        conf = self.conf(start)
        thread = LexerThread(self.lexer, LexerState(inp))
        state = FedState(conf, thread)
        state.actions = self.actions
        try:
            return self._run(state, thread)
        except UnexpectedInput as e:
            e.interactive_parser = InteractiveParser(self.parser, state, thread)
            raise

    def _run(self, state: FedState, thread: LexerThread) -> Tree[Token]:
        actions = self.actions
        states = state.state_stack
        values = state.value_stack
        token = None
        for token in self.lexer.lex(thread.state, state):
            if not feed(actions, states, values, token):
                raise _unexpected(state, token)
        if state.last is not None:       # the lexer fed the last tokens itself (see FedState)
            token = state.last
        end = Token.new_borrow_pos("$END", "", token) if token else Token("$END", "", 0, 1, 1)
        end_state = state.parse_conf.end_state
        while True:
            try:
                shift, arg = actions[states[-1]]["$END"]
            except KeyError:
                raise _unexpected(state, end) from None
            if shift:                    # Lark's feed_token(is_end=True) asserts that $END is never shifted
                raise AssertionError("$END shifted")
            size, callback, origin = arg
            if size:
                children = values[-size:]
                del states[-size:]
                del values[-size:]
            else:
                children = []
            values.append(callback(children))
            states.append(actions[states[-1]][origin][1])
            if states[-1] == end_state:
                tree: Tree[Token] = values[-1]
                return tree


class FedState(ParserState[Any]):
    """Lark's parser state, with the table of :class:`LalrRun` (``actions``) for a lexer that feeds tokens itself
    (:func:`feed`), and the last token it fed when it stopped after feeding (``last``: the end of the text borrows
    its position, as from the last token the loop took)."""

    __slots__ = ("actions", "last")

    def __init__(self, parse_conf: ParseConf[Any], lexer: LexerThread, state_stack: list[Any] | None = None,
                 value_stack: list[Any] | None = None) -> None:
        super().__init__(parse_conf, lexer, state_stack, value_stack)
        self.actions: dict[Any, dict[str, _Action]] | None = None     # a copy (Lark's interactive parser) feeds nothing
        self.last: Token | None = None


def feed(actions: dict[Any, dict[str, _Action]], states: list[Any], values: list[Any], token: Token) -> bool:
    """One step of :meth:`LalrRun._run`: ``token`` fed to the stacks (its reductions, their callbacks, then its
    shift). False when the table does not take it; the stacks may then hold reductions already made (the caller
    rolls back to its checkpoint)."""
    kind = token.type
    while True:
        action = actions[states[-1]].get(kind)
        if action is None:
            return False
        shift, arg = action
        if shift:
            states.append(arg)
            values.append(token)
            return True
        size, callback, origin = arg
        if size:
            children = values[-size:]
            del states[-size:]
            del values[-size:]
        else:
            children = []
        values.append(callback(children))
        states.append(actions[states[-1]][origin][1])


def _unexpected(state: ParserState[Any], token: Token) -> UnexpectedToken:
    """Lark's error for a token the table does not accept in the state on top of the stack."""
    row = state.parse_conf.states[state.state_stack[-1]]
    error: UnexpectedToken = _unexpected_token(token, {s for s in row if s.isupper()}, state=state,
                                               interactive_parser=None)
    return error


_unexpected_token: Any = UnexpectedToken      # its __init__ is untyped
