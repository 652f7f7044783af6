"""The words of a scenario file (docs/scenarios.md): one table, keyword -> the phrases that say it.

The grammar (``scenario.lark``) names each keyword as a terminal ``KW_<KEY>``; :func:`keyword_terminals` turns this
table into those terminals (case- and accent-insensitive, whole words, a phrase's words separated by any spaces).
Adding an English alias is adding a phrase to a tuple here: the grammar does not change.

:data:`PLAYER_VERBS` are the keywords that may follow a player's letter at the start of a line ("A coloca ...",
"A pode ativar ..."): a card title never starts with a player's letter followed by one of them, so that "A Coisa V1
usa ..." (a title starting with "A") and "A ativa ..." (player A) are told apart.
"""

from __future__ import annotations

import re

KEYWORDS: dict[str, tuple[str, ...]] = {
    # the setup
    "TITLE": ("título",),
    "TURN": ("turno", "vez"),
    "TURN_NUMBER": ("número do turno",),
    "PHASE": ("fase",),
    "PLAYER": ("jogador",),
    "SCENE": ("em cena",),
    "SCENARIO": ("cenário",),
    "HAND": ("mão",),
    "RESOURCES": ("recursos",),
    "PRIZES": ("prêmios",),
    "DECK_TOP": ("topo do deck",),
    "DECK_BOTTOM": ("base do deck",),
    "DECK": ("deck",),
    "CARDS": ("cards", "card", "cartas", "carta"),
    "NOTHING": ("nada", "nenhum", "nenhuma"),
    "CARRYING": ("carregando",),
    "STAGE": ("estágio",),
    "ENTERED": ("entrou neste turno",),
    "ACTED": ("já usou uma ação neste turno", "já usou uma ação"),
    "CHOSE": ("escolheu",),
    "CHOSE_AFFILIATION": ("escolheu a afiliação",),
    "CHOSE_ALIGNMENT": ("escolheu o alinhamento",),
    "DAMAGED": ("já recebeu dano neste turno", "já recebeu dano de uma ação neste turno"),
    "OWNED_BY": ("pertence a", "pertence ao"),
    "SHIELD_CHANGE": ("escudo",),
    "WITHOUT": ("sem",),
    "OF": ("de", "do", "da"),
    "AND": ("e",),
    # the moves
    "MOVES": ("jogadas",),
    "USES": ("usa", "use"),
    "ON": ("em",),
    "NO_REQUIREMENTS": ("sem requisitos",),
    "PLACES": ("coloca", "coloque"),
    "ACTIVATES": ("ativa", "ative"),
    "PASSES": ("passa", "passe"),
    "CAPACITATES": ("capacita", "capacite"),
    "RENDERS": ("rende", "renda"),
    # the answers to the engine's decisions (a decision kind each, cardscript/games/battle_scenes/scenario/answers.py)
    "A_TARGET": ("alvos", "alvo"),
    "A_REDIRECT": ("redireciona para", "redirecione para"),
    "A_NO_REDIRECT": ("não redireciona", "não redirecione"),
    "A_ORDER": ("ordem",),
    "A_FIRST": ("primeiro", "primeira"),
    "A_UNLOAD": ("descarrega", "descarregue"),
    "A_DISCARD": ("descarta", "descarte"),
    "A_LOAD": ("carrega", "carregue"),
    "A_MODE": ("opção",),
    "A_X": ("x",),
    "A_YES": ("sim",),
    "A_NO": ("não",),
    "A_DISTRIBUTE": ("distribui", "distribua"),
    "A_CHOOSE": ("escolhe", "escolha"),
    "A_REFUSED": ("recusada", "recusado", "o motor recusa"),
    "A_ABSENT": ("sem opção", "sem a opção", "não oferece"),
    # the expectations
    "EXPECT": ("esperado", "espera-se"),
    "DAMAGE_TO": ("dano em", "dano no", "dano na"),
    "CALCULATION": ("cálculo do dano em", "cálculo do dano no", "cálculo do dano na"),
    "STAGE_OF": ("estágio de", "estágio do", "estágio da"),
    "ENERGY_OF": ("energia de", "energia do", "energia da"),
    "SHIELD_OF": ("escudo de", "escudo do", "escudo da"),
    "CARRIES": ("carrega",),
    "IS": ("está",),
    "IN_HAND": ("na mão",),
    "IN_RESOURCES": ("nos recursos",),
    "IN_PRIZES": ("nos prêmios",),
    "IN_DECK_TOP": ("no topo do deck",),
    "IN_DECK_BOTTOM": ("na base do deck",),
    "IN_DECK": ("no deck",),
    "AS_SCENARIO": ("como cenário", "no cenário"),
    "CARRIED_BY": ("carregado por", "carregada por"),
    "CAN_USE": ("pode usar",),
    "CANNOT_USE": ("não pode usar",),
    "CAN_ACTIVATE": ("pode ativar",),
    "CANNOT_ACTIVATE": ("não pode ativar",),
    "CAN_PLACE": ("pode colocar",),
    "CANNOT_PLACE": ("não pode colocar",),
    "POINTS_OF": ("pontos de", "pontos do", "pontos da"),
    "WINNER": ("vencedor",),
    "EVENT_ORDER": ("ordem dos eventos",),
    "KNOCKOUT_OF": ("nocaute de", "nocaute do", "nocaute da"),
    "ENTERS": ("entra em cena",),
    "LEAVES": ("sai de cena",),
    "DRAWS": ("compra",),
    # branches, and a ruling the engine does not meet yet
    "BRANCH": ("e se em vez disso",),
    "KNOWN_FAILURE": ("falha conhecida",),
}

PLAYER_VERBS = ("PLACES", "ACTIVATES", "PASSES", "CAPACITATES", "RENDERS", "CAN_ACTIVATE", "CANNOT_ACTIVATE",
                "CAN_PLACE", "CANNOT_PLACE", "A_TARGET", "A_REDIRECT", "A_NO_REDIRECT", "A_ORDER", "A_UNLOAD",
                "A_DISCARD", "A_LOAD", "A_MODE", "A_YES", "A_NO", "A_DISTRIBUTE", "A_CHOOSE", "A_ABSENT", "USES")

_ACCENTS = {"a": "aáàâã", "e": "eéê", "i": "ií", "o": "oóôõ", "u": "uúü", "c": "cç"}


def _letter(ch: str) -> str:
    for variants in _ACCENTS.values():
        if ch.lower() in variants:
            return f"[{variants}{variants.upper()}]"
    if ch.isalpha():
        return f"[{ch.lower()}{ch.upper()}]"
    return re.escape(ch)


def phrase_pattern(phrase: str) -> str:
    """A phrase as a regular expression: any case, with or without accents, words separated by any spaces."""
    words = phrase.split()
    return r"[ \t]+".join("".join(_letter(c) for c in w) for w in words)


# a keyword that is one only before what it introduces: "escudo +2" (a shield change), while "Escudo Improvisado
# V1" in the same place is a card's title
FOLLOWED_BY = {"SHIELD_CHANGE": r"(?=[ \t]*[+-][ \t]*\d)"}


def keyword_pattern(key: str) -> str:
    """A keyword's phrases, longest first, each a whole word."""
    phrases = sorted(KEYWORDS[key], key=lambda p: (-len(p), p))
    return "(?:" + "|".join(phrase_pattern(p) for p in phrases) + r")(?![\w-])" + FOLLOWED_BY.get(key, "")


def reserved_words() -> list[str]:
    """The first words of the player verbs: a title may not start with a player's letter followed by one."""
    return sorted({p.split()[0] for k in PLAYER_VERBS for p in KEYWORDS[k]})


def keyword_terminals() -> str:
    """The ``KW_<KEY>`` terminals of the grammar and the NAME terminal (a card title: words ending in ``V<n>``,
    not starting with a player's letter and a player verb)."""
    lines = [f"KW_{key}.4: /{keyword_pattern(key)}/" for key in KEYWORDS]
    reserved = "|".join(phrase_pattern(w) for w in reserved_words())
    word = r"[^\s,:;=#()\"\[\]]+"
    player_verb = rf"[AB][ \t]+(?:{reserved})(?![\w-])"            # "A ativa ...": player A, not a title
    name = rf"(?!\d+[ \t])(?!{player_verb})(?:{word}[ \t]+)+?V\d+(?![\w-])"   # not "1 em X V1" either
    lines.append(f"NAME.3: /{name}/")
    return "\n".join(lines) + "\n"


def phrases(key: str) -> str:
    """The phrases of a keyword for a message: "`em cena`" or "`usa` / `use`"."""
    return " / ".join(f"`{p}`" for p in KEYWORDS[key])
