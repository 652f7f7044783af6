"""Sky World's trigger seals (manual, "Gatilhos: como usar / combate e canalização / eventos e turnos").

A paragraph of a Sky World card starts with its seal in capitals, ``AO ENTRAR: ...``. A seal is a base
(what kind of effect and when: :data:`SEALS`) and, after ``·``, an optional qualifier that adds a condition
checked when it fires (:data:`QUALIFIERS`): ``INÍCIO DO TURNO · ESPAÇO LIVRE``, ``AO ENTRAR · MENOS FÉ``.
``AO ENTRAR UM <nome>`` names the ally whose entry fires it (``AO ENTRAR UM DUDURIMA``).

Activation is Apoteose's (``apoteose-efeito-pt.md``): *Ativar* (the player uses it), *Auto* (it fires on an
event), *Permanente* (it applies while its source and conditions hold).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cardscript.core.normalize import fold_text


@dataclass(frozen=True)
class Seal:
    """One base seal: its printed words, its activation, the event that fires it (Auto) or where it is used
    (Ativar: the zone), and the manual's reading of it."""

    words: str
    activation: str      # "ativar" | "auto" | "permanente"
    event: str = ""      # Auto: the engine's event name
    zone: str = "field"  # Ativar: where the card is when it is used (field, hand, bank, hero)
    reading: str = ""
    of_this: bool = True  # Auto: the event is this character's (it enters, attacks, dies); False: the turn's, any


SEALS: tuple[Seal, ...] = (
    Seal("ATIVAÇÃO", "ativar", zone="field",
         reading="used on your turn, in the field, out of Preparação; it spends no action"),
    Seal("HABILIDADE DA MÃO", "ativar", zone="hand", reading="used from the hand, without awakening the character"),
    Seal("PRIMEIRA HABILIDADE DA MÃO", "auto", "hand_ability",
         reading="armed, then resolved at your next use of an ability from the hand", of_this=False),
    Seal("AÇÃO NO BANCO", "ativar", zone="bank", reading="used from the card available in the Banco"),
    Seal("PODER DO HERÓI", "ativar", zone="hero", reading="the Herói's power: cost, evolution tier and limit"),
    Seal("CONTÍNUA", "permanente", reading="applies while the source and the text's conditions hold"),
    Seal("EM PREPARAÇÃO", "permanente", reading="works while the character is in Preparação"),
    Seal("AO ENTRAR", "auto", "enter", reading="this character enters the field, also as an evolution"),
    Seal("LEGADO", "auto", "replaced_by_evolution", reading="this card is replaced by an evolution"),
    Seal("AO CANALIZAR FÉ", "auto", "channel", reading="this character channels"),
    Seal("AO FICAR VULNERÁVEL", "auto", "become_vulnerable", reading="this character becomes vulnerable"),
    Seal("AO ATACAR", "auto", "attack", reading="this character's attack starts, before Poder is compared"),
    Seal("AO ATACAR OU CANALIZAR", "auto", "attack_or_channel", reading="this character attacks or channels"),
    Seal("AO ATACAR QUEM GEROU FÉ", "auto", "attack_channeler",
         reading="this character attacks an enemy vulnerable for having channelled"),
    Seal("AO DESTRUIR ATACANDO", "auto", "destroy_attacking", reading="this character's attack destroys the enemy"),
    Seal("AO DESTRUIR QUEM CANALIZOU", "auto", "destroy_channeler",
         reading="this character's attack destroys an enemy that channelled"),
    Seal("AO SOBREVIVER ATACANDO", "auto", "survive_attacking",
         reading="after combat, this character attacked and survived"),
    Seal("AO SOBREVIVER AO COMBATE", "auto", "survive_combat",
         reading="after combat, this character survived, attacking or defending"),
    Seal("AO MORRER", "auto", "die", reading="this character is destroyed (not returned, not evolved)"),
    Seal("AO OCORRER UMA EXECUÇÃO", "auto", "execution", reading="an execution is concluded", of_this=False),
    Seal("INÍCIO DO TURNO", "auto", "turn_start", reading="the start of its owner's turn, before the free plays",
         of_this=False),
    Seal("NO FIM DO SEU TURNO", "auto", "turn_end", reading="the end of its owner's turn", of_this=False),
    Seal("AO ENTRAR UM", "auto", "ally_enter",
         reading="another allied card of the name that follows enters, while the source is ready", of_this=False),
)

QUALIFIERS: dict[str, str] = {           # the qualifier -> the condition kind it adds (the engine checks it)
    "MENOS FÉ": "less_faith",             # you have less Fé than the rival
    "ESPAÇO LIVRE": "free_slot",          # your field has a free slot
    "MAIS ESSÊNCIAS": "more_essences",    # your Banco has more Essências than the rival's
}


@dataclass(frozen=True)
class ReadSeal:
    """A paragraph's seal as read: the base, the qualifier (or ""), the name after ``AO ENTRAR UM`` (or "")."""

    seal: Seal
    qualifier: str = ""
    name: str = ""

    @property
    def qualifier_condition(self) -> str:
        """The condition kind the qualifier adds ("less_faith"), "" without one."""
        return QUALIFIERS.get(self.qualifier, "")


def _key(text: str) -> str:
    return " ".join(fold_text(text).split())


_BY_WORDS = {_key(s.words): s for s in SEALS}
_QUALIFIER_KEYS = {_key(q): q for q in QUALIFIERS}
_LEAD = re.compile(r"^\s*(?P<lead>[^:a-zà-ÿ]*[A-ZÀ-Þ][^:a-zà-ÿ]*?)\s*:\s*(?=\S)")


def split_lead(paragraph: str) -> tuple[str, int] | None:
    """The capitalised lead of a paragraph (``AO ENTRAR · MENOS FÉ``) and where its text starts, or None."""
    m = _LEAD.match(paragraph)
    return (m.group("lead"), m.end()) if m else None


def read_seal(lead: str) -> ReadSeal | None:
    """The seal ``lead`` spells (no case, no accents), or None."""
    base, _, qualifier = (part.strip() for part in lead.partition("·"))
    q = ""
    if qualifier:
        found_q = _QUALIFIER_KEYS.get(_key(qualifier))
        if found_q is None:
            return None
        q = found_q
    seal = _BY_WORDS.get(_key(base))
    if seal is not None:
        return ReadSeal(seal, q)
    words = base.split()
    if len(words) >= 4 and _key(" ".join(words[:3])) == _key("AO ENTRAR UM"):
        return ReadSeal(_BY_WORDS[_key("AO ENTRAR UM")], q, " ".join(words[3:]).title())
    return None


def seal_spellings() -> list[str]:
    """Every base seal and qualified form, for hints."""
    return [s.words for s in SEALS] + [f"{s.words} · {q}" for s in SEALS for q in QUALIFIERS
                                       if s.activation == "auto"]
