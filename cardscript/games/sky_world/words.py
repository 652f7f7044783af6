"""Sky World's words (manual): what its card texts name that the core lexicon does not -- Fé, Essências, the
Banco, allies and enemies, the rival; channelling, awakening, consuming, blocking. Added to the core's
controlled Portuguese (``grammar.lexicon.extended``), with the same regular conjugations, plurals and
adjective forms: a text of this game is read with this lexicon (``parsing.profile``), a Battle Scenes text
never is. A word that names a concept the core has is its synonym: its lemma is the core word's ("rival" is
"oponente", "campo" is "cena")."""

from __future__ import annotations

from cardscript.grammar.lexicon import Lexicon, WordTables, extended

TABLES = WordTables(
    verbs={
        "trazer": {"inf": "trazer", "imp": "traga", "pres3s": "traz", "pres3p": "trazem", "subj3p": "tragam"},
        "repor": {"inf": "repor", "imp": "reponha", "pres3s": "repõe", "pres3p": "repõem"},
        "ficar": {"inf": "ficar", "imp": "fique", "pres3s": "fica", "pres3p": "ficam", "fut3s": "ficará",
                  "part": "ficado"},
    },
    regular_verbs=(
        "canalizar", "despertar", "consumir", "enviar", "fixar", "sobreviver", "gastar", "exigir",
        "converter", "drenar", "renovar", "vasculhar", "depositar", "evoluir", "expor", "conceder", "comparar",
        "pontuar", "armar", "confirmar", "redirecionar",
    ),
    nouns={
        **{w: "aliado" for w in ("aliado", "aliados", "aliada", "aliadas")},
        **{w: "inimigo" for w in ("inimigo", "inimigos", "inimiga", "inimigas")},
        # synonyms of the core's words (the lemma is the core's: every rule that reads it reads them)
        **{w: "oponente" for w in ("rival", "rivais")},              # two players: the rival is the opponent
        "campo": "cena",                                             # "em campo": in play
        **{w: "card" for w in ("cartas",)},
        **{w: "evolução" for w in ("evolução", "evoluções")},
        **{w: "execução" for w in ("execução", "execuções")},
        **{w: "fixação" for w in ("fixação", "fixações")},
        **{w: "canalização" for w in ("canalização", "canalizações")},
        **{w: w for w in ("fé", "essência", "banco", "rastro", "fundo", "insígnia", "proteção",
                          "capacidade", "limite", "bloqueio", "consumo", "vínculo", "espaço", "placar",
                          "vulnerabilidade", "patamar", "despertar", "conversão", "imunidade", "busca",
                          "depósito", "gatilho", "meta", "reposição", "bônus", "sucessor", "antecessor")},
        "fim": "final",                                              # "até o fim do turno" is the core's "final"
    },
    no_plural=frozenset({"fé", "placar", "bônus"}),
    adjectives={
        **{w: "inimigo" for w in ("inimigo", "inimigos", "inimiga", "inimigas")},
        **{w: "aliado" for w in ("aliado", "aliados", "aliada", "aliadas")},
        **{w: "vulnerável" for w in ("vulnerável", "vulneráveis")},
        **{w: "disponível" for w in ("disponível", "disponíveis")},
        **{w: "âmbar" for w in ("âmbar",)},
    },
    inflected_adjectives=("pronto", "gratuito", "obrigatório", "opcional", "evoluído", "fixado", "gasto",
                          "preparado", "destruído", "consumido", "bloqueado", "vazio", "cheio"),
)

LEXICON: Lexicon = extended("sky-world", TABLES)
