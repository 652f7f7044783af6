"""The semantic vocabulary of card text, as tables: what a head noun names, what modifies what, what each
determiner, adjective and preposition contributes to a noun phrase's meaning (``docs/semantics.md``).

Every table here is data read by the construction rules of ``syntax`` (attachment), ``nouns`` (noun
phrases -> selectors) and ``clauses`` (verb frames -> procedures). A word of the lexicon that no table
gives a meaning is reported by the accounting, never dropped.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from cardscript.compiler.ast import Icon, Lexeme, Name, Node, Number
from cardscript.compiler.ir import Filter, Kind

if TYPE_CHECKING:
    from cardscript.compiler.semantics.syntax import NP, PP

# ---------------------------------------------------------------------------------------------
# head nouns: their class (for attachment and frames) and the kind of thing they select

NOUN_CLASS: dict[str, str] = {
    **{w: "thing" for w in ("personagem", "card", "suporte", "cenário", "habilidade", "herói", "vilão", "alvo",
                            "cópia")},
    **{w: "player" for w in ("jogador", "oponente", "você", "dono", "controlador")},
    **{w: "action" for w in ("ação", "efeito")},
    **{w: "zone" for w in ("cena", "mão", "deck", "recursos", "prêmios", "topo", "base", "fundo", "área")},
    **{w: "damage" for w in ("dano", "ponto")},
    **{w: "amount" for w in ("número", "quantidade", "metade", "dobro", "total", "máximo", "x")},
    **{w: "attribute" for w in ("afiliação", "poder", "escudo", "energia", "alter ego", "alter egos", "alter-ego",
                                "nome", "custo", "estágio", "alinhamento", "tipo", "texto", "característica",
                                "capacitação", "palavra", "valor", "requisito")},
    **{w: "time" for w in ("turno", "fase", "etapa", "partida", "início", "inicio", "final", "vez", "momento")},
    **{w: "phase" for w in ("preparação", "compra", "ajuste", "combate", "contagem", "ataque", "antecipação")},
    "invés": "instead",
}

PRONOUN_CLASS: dict[str, str] = {
    **{w: "thing" for w in ("ele", "ela", "eles", "elas", "ambos", "um", "uma", "todos", "todas", "outro", "outra",
                            "outros", "outras", "nenhum", "nenhuma", "algum", "alguma", "aquele", "aquela",
                            "aqueles", "aquelas", "restante", "restantes", "único", "única", "demais", "-o", "-a",
                            "-os", "-as", "o", "a", "os", "as")},
    "você": "player",
    "isso": "",
    "ali": "zone", "dali": "zone",
}

KIND_OF_NOUN: dict[str, Kind] = {
    "personagem": Kind.CHARACTER, "herói": Kind.CHARACTER, "vilão": Kind.CHARACTER, "suporte": Kind.SUPPORT,
    "cenário": Kind.SCENARIO, "habilidade": Kind.ABILITY, "card": Kind.CARD, "cópia": Kind.CARD,
    "jogador": Kind.PLAYER, "oponente": Kind.PLAYER, "você": Kind.PLAYER, "dono": Kind.PLAYER,
    "controlador": Kind.PLAYER, "ação": Kind.ACTION, "alvo": Kind.CHARACTER,
}

# head nouns that imply filters on what they select (a game's: Sky World's "aliado" is a character you control)
IMPLIED_FILTERS: dict[str, tuple[Filter, ...]] = {}
# adjectives that are a filter on what the noun selects (a game's states: Sky World's "vulnerável", "pronto")
ADJECTIVE_FILTERS: dict[str, Filter] = {}
# "em <noun>" as a state of what the noun phrase selects, not a place (Sky World's "um aliado em Preparação")
STATE_FILTERS: dict[str, Filter] = {}

# the card type a noun names as a classifier ("card de personagem", "cards de habilidade")
CARD_TYPE_OF_NOUN: dict[str, str] = {"personagem": "Personagem", "suporte": "Suporte", "cenário": "Cenário",
                                     "habilidade": "Habilidade"}
ALIGNMENT_OF_WORD: dict[str, str] = {"herói": "Herói", "vilão": "Vilão"}

ZONE_OF_NOUN: dict[str, str] = {"deck": "deck", "mão": "hand", "recursos": "resources", "recurso": "resources",
                                "prêmios": "prizes", "prêmio": "prizes", "cena": "scene"}
DECK_END_OF_NOUN: dict[str, str] = {"topo": "deck_top", "base": "deck_bottom", "fundo": "deck_bottom"}

PHASE_OF_NOUN: dict[str, str] = {
    "preparação": "Fase de Preparação", "compra": "Fase de Compra", "ajuste": "Fase de Ajuste",
    "combate": "Fase de Combate", "contagem": "Fase de Contagem Regressiva", "ataque": "Etapa de Ataque",
    "antecipação": "Etapa de Antecipação",
}

# attribute nouns -> the characteristic they name (Filter.field / Gain fields)
ATTRIBUTE_OF_NOUN: dict[str, str] = {
    "afiliação": "affiliation", "poder": "power", "escudo": "shield", "energia": "energy", "alter ego": "alter_ego",
    "alter egos": "alter_ego", "alter-ego": "alter_ego", "nome": "name", "custo": "cost", "estágio": "stage",
    "alinhamento": "alignment", "tipo": "card_type", "texto": "text", "característica": "characteristic",
    "capacitação": "stage", "valor": "value",
}

# action types as words ("ação de Antecipar", "ações Imprevistas")
ACTION_TYPE_OF_WORD: dict[str, str] = {"antecipar": "antecipar", "imprevista": "imprevista",
                                       "imprevistas": "imprevista"}


# comparison adjectives (with "a"/"que"/"do que"): the Filter op they make
COMPARATIVE: dict[str, str] = {"igual": "eq", "iguais": "eq", "maior": "ge", "menor": "le", "equivalente": "eq",
                               "diferente": "ne"}


def head_class(head: Node | None, participle: Lexeme | None = None) -> str:
    """The class of a noun phrase's head: thing, player, action, zone, damage, amount, attribute, stage, time,
    phase, keyword -- or "" when the head is none of them (forma, ordem...)."""
    if head is None:
        return "thing" if participle is not None else ""
    if isinstance(head, Name):
        kinds = set(head.kinds)
        if kinds & {"card", "alter_ego"} or not kinds:
            return "thing"
        if "action" in kinds:
            return "action"
        return "attribute"
    if isinstance(head, Icon):
        return "stage" if head.code.isdigit() or head.code == "X" else "attribute"
    if isinstance(head, Number):
        return "amount"
    if isinstance(head, Lexeme):
        if head.cls == "PRON":
            return PRONOUN_CLASS.get(head.lemma, "thing")
        if head.cls in ("KEYWORD", "KEYWORD_PREFIX"):
            return "keyword"
        return NOUN_CLASS.get(head.lemma, "")
    return ""


# ---------------------------------------------------------------------------------------------
# noun modifiers: which prepositional phrases a noun phrase takes (syntax attaches them to it)

_ANY = "*"
# (head class, preposition) -> classes of the governed noun phrase the head takes ("*": any)
MODIFIER_TABLE: dict[tuple[str, str], frozenset[str]] = {
    ("thing", "de"): frozenset({_ANY}),
    ("thing", "com"): frozenset({"attribute", "amount", "keyword", "stage", "thing", "damage", "action"}),
    ("thing", "sem"): frozenset({"attribute", "keyword", "thing"}),
    ("thing", "em"): frozenset({"zone", "attribute"}),
    ("thing", "entre"): frozenset({"zone", "thing", "player"}),
    ("thing", "dentre"): frozenset({"thing", "zone"}),
    ("thing", "a"): frozenset({""}),                      # "à sua escolha", "à escolha daquele jogador"
    ("thing", "sob"): frozenset({""}),                    # "sob seu controle"
    ("thing", "exceto"): frozenset({"thing"}),
    ("action", "de"): frozenset({_ANY}),
    ("action", "com"): frozenset({"attribute", "keyword", "thing", "amount", "stage"}),
    ("action", "sem"): frozenset({"attribute", "keyword", "thing"}),
    ("action", "que"): frozenset({_ANY}),
    ("zone", "de"): frozenset({_ANY}),
    ("damage", "de"): frozenset({_ANY}),
    ("amount", "de"): frozenset({_ANY}),
    ("attribute", "de"): frozenset({"thing", "player", "action", "attribute", "", "phase", "time"}),
    ("attribute", "em"): frozenset({""}),                 # "uma afiliação em comum"
    ("attribute", "com"): frozenset({"thing", "attribute"}),
    ("attribute", "entre"): frozenset({"thing", "zone", "attribute"}),
    ("time", "de"): frozenset({_ANY}),
    ("phase", "de"): frozenset({_ANY}),
    ("player", "de"): frozenset({_ANY}),
    ("", "de"): frozenset({_ANY}),
    ("instead", "de"): frozenset({_ANY}),                 # "ao invés disso", "ao invés de cards de seus recursos"
}

# participles that take an agent ("controlado por", "usada por", "carregados por") or a place
PARTICIPLE_PREPS: dict[str, frozenset[str]] = {
    "controlar": frozenset({"por", "sob"}), "carregar": frozenset({"por", "em", "de"}),
    "usar": frozenset({"por", "em", "durante", "contra"}),
    "escolher": frozenset({"por", "entre", "dentre"}), "revelar": frozenset({"em", "por", "com"}),
    "causar": frozenset({"por", "a", "em"}), "procurar": frozenset({"de", "em"}),
    "colocar": frozenset({"em", "de", "por"}), "permutar": frozenset({"por"}), "distribuir": frozenset({"entre"}),
    "receber": frozenset({"por", "de"}), "descartar": frozenset({"de"}), "nocautear": frozenset({"por"}),
    "descarregar": frozenset({"de", "por"}), "indicar": frozenset({"em"}), "descrever": frozenset({"em"}),
    "vir": frozenset({"de"}), "reduzir": frozenset({"para"}), "chamar": frozenset(),
    "incapacitar": frozenset({"por"}), "capacitar": frozenset({"por"}), "separar": frozenset({"por"}),
}


def takes_modifier(np: NP, pp: PP) -> bool:
    """Does the noun phrase ``np`` take the prepositional phrase ``pp`` as a modifier?"""
    prep = pp.preps[0].lemma if pp.preps else ""
    if np.participle is not None and prep in PARTICIPLE_PREPS.get(np.participle.lemma, frozenset()):
        return True
    if pp.verb and np.cls == "action" and prep == "de" and any(
            isinstance(v, Lexeme) and v.lemma == "antecipar" for v in pp.verb):
        return True                                                      # "uma ação de Antecipar"
    if pp.keyword is not None:
        return prep in ("com", "sem", "de", "devido") and np.cls in ("thing", "action")
    if pp.adv is not None:
        return prep == "a" and pp.adv.lemma in ("menos", "mais")       # "um card a menos"
    if (np.adj(*COMPARATIVE) or any(h.adj(*COMPARATIVE) for _, h in np.heads)) and prep in ("a", "de", "que"):
        return True                                           # "igual a 2", "(nome ou alter ego) igual ao de ..."
    if pp.obj is None:
        return False
    if np.lemma == "forma" and np.det("este", "esse"):   # "desta forma": how it was done, not a thing with parts
        return False                                      # ("... descartado desta forma | dos recursos de X")
    if np.lemma == "comum" and not np.dets:              # "em comum *com este personagem*": in common with
        return prep == "com" and pp.obj.cls in ("thing", "attribute")
    allowed = MODIFIER_TABLE.get((np.cls, prep))
    if allowed is None:
        return False
    if _ANY in allowed:
        return True
    cls = pp.obj.cls
    if prep == "a" and pp.obj.lemma == "escolha":
        return True
    if prep == "sob" and pp.obj.lemma == "controle":
        return True
    if prep == "em" and pp.obj.lemma == "comum":
        return np.cls == "attribute"
    return cls in allowed


# the tables a game pack may extend while its cards are read (:func:`using`)
_EXTENSIBLE: dict[str, dict[str, Any]] = {
    "NOUN_CLASS": NOUN_CLASS, "KIND_OF_NOUN": KIND_OF_NOUN, "IMPLIED_FILTERS": IMPLIED_FILTERS,
    "ADJECTIVE_FILTERS": ADJECTIVE_FILTERS, "STATE_FILTERS": STATE_FILTERS,
    "ATTRIBUTE_OF_NOUN": ATTRIBUTE_OF_NOUN, "ZONE_OF_NOUN": ZONE_OF_NOUN, "DECK_END_OF_NOUN": DECK_END_OF_NOUN,
}


@contextmanager
def using(extensions: Mapping[str, Mapping[str, Any]]) -> Iterator[None]:
    """Read with a game's semantic vocabulary inside the block (issue 14): ``extensions`` names tables of this
    module (``"KIND_OF_NOUN"``...) and the entries the game adds or changes; the tables are restored after, so the
    default game never sees them. The tables are updated in place: the construction rules import them by name."""
    unknown = set(extensions) - set(_EXTENSIBLE)
    if unknown:
        raise KeyError(f"not an extensible table: {', '.join(sorted(unknown))}")
    saved = {name: dict(_EXTENSIBLE[name]) for name in extensions}
    try:
        for name, entries in extensions.items():
            _EXTENSIBLE[name].update(entries)
        yield
    finally:
        for name, before in saved.items():
            _EXTENSIBLE[name].clear()
            _EXTENSIBLE[name].update(before)
