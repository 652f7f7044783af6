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
    reading: str = ""    # the manual's sentence ("Gatilhos: como usar / combate e canalização / eventos e turnos")
    of_this: bool = True  # Auto: the event is this character's (it enters, attacks, dies); False: the turn's, any


SEALS: tuple[Seal, ...] = (
    Seal("ATIVAÇÃO", "ativar", zone="field",
         reading="Você escolhe quando usar, no seu turno, com o personagem em campo e fora de Preparação."),
    Seal("HABILIDADE DA MÃO", "ativar", zone="hand",
         reading="Você usa o efeito a partir da mão, sem despertar o personagem."),
    Seal("AÇÃO NO BANCO", "ativar", zone="bank",
         reading="Você usa a habilidade da carta disponível no Banco, pagando os custos e cumprindo as condições."),
    Seal("PODER DO HERÓI", "ativar", zone="hero",
         reading="Você usa o poder do Herói quando cumprir custo, patamar de evolução e limite."),
    Seal("CONTÍNUA", "permanente",
         reading="Aplica a regra continuamente enquanto a fonte e as condições do texto estiverem presentes."),
    Seal("EM PREPARAÇÃO", "permanente",
         reading="Funciona enquanto o personagem está em Preparação, nos eventos indicados pela habilidade."),
    Seal("AO ENTRAR", "auto", "enter",
         reading="Acontece quando este personagem entra no campo, inclusive como evolução."),
    Seal("LEGADO", "auto", "replaced_by_evolution",
         reading="Acontece quando esta carta é substituída por uma evolução."),
    Seal("AO CANALIZAR FÉ", "auto", "channel", reading="Acontece quando este personagem canaliza."),
    Seal("AO FICAR VULNERÁVEL", "auto", "become_vulnerable",
         reading="Acontece quando este personagem passa a ficar vulnerável."),
    Seal("AO ATACAR", "auto", "attack",
         reading="Acontece no início do ataque deste personagem, antes da comparação de Poder."),
    Seal("AO ATACAR OU CANALIZAR", "auto", "attack_or_channel",
         reading="Acontece tanto ao iniciar um ataque quanto ao canalizar com este personagem."),
    Seal("AO ATACAR QUEM GEROU FÉ", "auto", "attack_channeler",
         reading="Acontece quando este personagem ataca um inimigo que está vulnerável por ter canalizado Fé."),
    Seal("AO DESTRUIR ATACANDO", "auto", "destroy_attacking",
         reading="Acontece quando o ataque deste personagem destrói o inimigo."),
    Seal("AO DESTRUIR QUEM CANALIZOU", "auto", "destroy_channeler",
         reading="Exige destruir, no ataque deste personagem, um inimigo que já tenha canalizado Fé."),
    Seal("AO SOBREVIVER ATACANDO", "auto", "survive_attacking",
         reading="Acontece depois do combate, se este personagem foi o atacante e sobreviveu."),
    Seal("AO SOBREVIVER AO COMBATE", "auto", "survive_combat",
         reading="Acontece depois do combate, se este personagem sobreviveu, como atacante ou defensor."),
    Seal("AO MORRER", "auto", "die",
         reading="Acontece quando este personagem é destruído. Voltar para a mão ou ser substituído por evolução "
                 "não é morrer."),
    Seal("AO OCORRER UMA EXECUÇÃO", "auto", "execution", of_this=False,
         reading="Acontece quando uma execução é concluída."),
    Seal("INÍCIO DO TURNO", "auto", "turn_start", of_this=False,
         reading="Acontece no início do turno do dono desta carta, antes das jogadas livres."),
    Seal("NO FIM DO SEU TURNO", "auto", "turn_end", of_this=False,
         reading="Acontece no fim do turno do dono desta carta, antes de passar a vez ao rival."),
    Seal("PRIMEIRA HABILIDADE DA MÃO", "auto", "hand_ability", of_this=False,
         reading="Aguarda seu próximo uso de habilidade da mão e então resolve o efeito indicado."),
    Seal("AO ENTRAR UM", "auto", "ally_enter", of_this=False,
         reading="Acontece quando outro aliado do nome indicado entra, enquanto a fonte está pronta e com a ação "
                 "disponível. A própria fonte não dispara esse gatilho."),
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
