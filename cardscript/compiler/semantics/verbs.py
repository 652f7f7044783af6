"""What a verb group says besides its lemma: negation, modality ("pode", "deve", "só pode"), voice (passive
"ser" + participle), tense and mood ("fosse": hypothetical; "estava": past; "tiver sido usada": perfect),
and its clitics (objects: "coloque-o", "se ele o fizer")."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardscript.compiler.ast import Clause, Lexeme
from cardscript.compiler.semantics.syntax import Retagged, verb_words
from cardscript.core.normalize import fold_text
from cardscript.grammar.lexicon import lookup


@dataclass
class Verb:
    """The verb group of one clause, analysed."""

    lemma: str
    words: list[Lexeme]
    main: Lexeme | None = None
    negated: bool = False
    modal: str = ""                      # "pode", "deve", "" (poder / dever as auxiliaries)
    only: bool = False                   # "só pode", "apenas ... pode"
    passive: bool = False                # "ser" + participle: "for colocado", "ser alvo" is not passive
    hypothetical: bool = False           # "fosse", "seria", "receberia" (5.5 replacements, 5.3 modifiers)
    past: bool = False                   # "estava", "usou", "entrou", "tiver sido", perfect "tiver usado"
    future: bool = False                 # "causará", "poderá"
    gerund: bool = False                 # "estiver carregando"
    copula: str = ""                     # ser / estar / tornar-se / ficar as the main verb
    clitics: list[Lexeme] = field(default_factory=list)
    adverbs: list[Lexeme] = field(default_factory=list)   # PREADV: também, ainda, já, novamente...

    def form(self, word: Lexeme) -> str:
        for e in lookup(fold_text(word.word)):
            if e.lemma == word.lemma and e.cls == "VERB":
                return e.form
        return ""


_AUX = frozenset({"poder", "dever", "ser", "estar", "ter", "haver", "ir"})


def _proclitics(clause: Clause) -> list[Lexeme]:
    from cardscript.compiler.ast import Phrase, PhraseKind
    from cardscript.compiler.bind import proclitics_of

    group = clause.verb
    return proclitics_of(group) if isinstance(group, Phrase) and group.kind is PhraseKind.VERB_GROUP else []


_KEPT = "_verb_analysed"


def analyse(clause: Clause) -> Verb:
    """The clause's verb group analysed: worked out once per clause (the readers ask again and again) and kept on
    the clause; each call returns a fresh :class:`Verb` (its readers may change it), with fresh ``Retagged``
    proclitics as before."""
    kept: tuple[Verb, frozenset[int]] | None = clause.__dict__.get(_KEPT)
    if kept is None:
        kept = _analyse(clause)
        object.__setattr__(clause, _KEPT, kept)
    done, retag = kept
    return Verb(done.lemma, list(done.words), done.main, negated=done.negated, modal=done.modal, only=done.only,
                passive=done.passive, hypothetical=done.hypothetical, past=done.past, future=done.future,
                gerund=done.gerund, copula=done.copula,
                clitics=[_retagged(w) if i in retag else w for i, w in enumerate(done.clitics)],
                adverbs=list(done.adverbs))


def _retagged(w: Lexeme) -> Lexeme:
    return Retagged(w.span, "CLITIC", "-" + w.word.lower(), w.word, original=w)


def _analyse(clause: Clause) -> tuple[Verb, frozenset[int]]:
    """The analysis and which of its clitics are proclitics to retag."""
    retag: set[int] = set()
    words = verb_words(clause)
    mains = [w for w in words if w.cls in ("VFIN", "VINF", "VPART", "VGER")]
    auxes = [w for w in words if w.cls in ("AUX", "AUX_NF")]
    main = mains[-1] if mains else (auxes[-1] if auxes else None)
    v = Verb(main.lemma if main is not None else "", words, main)
    before = {id(w) for w in _proclitics(clause)}
    for w in words:
        if id(w) in before:                  # "e o coloque ...": the object pronoun before the verb
            retag.add(len(v.clitics))
            v.clitics.append(w)
        elif w.cls in ("CLITIC", "PROCLITIC"):
            v.clitics.append(w)
        elif w.cls == "PREADV":
            if w.lemma == "não":
                v.negated = True
            elif w.lemma in ("só", "apenas", "somente"):
                v.only = True
            else:
                v.adverbs.append(w)
        elif w.cls == "LIT" and w.lemma in ("nao",):
            v.negated = True
    aux_lemmas = [a.lemma for a in auxes]
    if "poder" in aux_lemmas:
        v.modal = "pode"
    elif "dever" in aux_lemmas:
        v.modal = "deve"
    forms = [v.form(w) for w in (*auxes, *mains)]
    v.hypothetical = any(f.startswith(("impf_subj", "cond")) for f in forms)
    v.future = any(f.startswith("fut") and not f.startswith("fut_subj") for f in forms)
    v.past = any(f.startswith(("past", "impf3")) for f in forms) or (
        "ter" in aux_lemmas and any(m.cls == "VPART" for m in mains))
    v.gerund = any(m.cls == "VGER" for m in mains)
    v.passive = "ser" in aux_lemmas and any(m.cls == "VPART" for m in mains)
    if main is not None and not mains:
        v.copula = main.lemma if main.lemma in ("ser", "estar", "ter", "haver") else ""
    return v, frozenset(retag)
