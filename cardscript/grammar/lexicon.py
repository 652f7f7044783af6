"""The closed lexicon of the card language: every ordinary word the grammar knows, with its class.

The card language is controlled Portuguese: its open classes are *names* (cards, actions, alter
egos, affiliations), read as ``NAME`` tokens; every other word must be listed here. The lexer
turns a word into the terminal of its class (``VERB``, ``NOUN``, ``DET``...) when the parser can
accept that class; structural words (``que``, ``se``, ``quando``, ``e``...) are literals of the
grammar itself. A word outside this lexicon is a diagnostic, never guessed.

Each entry records the word's lemma and features, which the compiler uses to give clauses their
meaning (a verb's lemma names its procedure) and the renderer uses to spell them back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cached_property

from cardscript.core.normalize import fold_text
from cardscript.grammar.morphology import adjective_forms, adverb, conjugate, plural


@dataclass(frozen=True)
class Word:
    """A lexicon entry: spelling, class, lemma and grammatical form."""

    spelling: str
    cls: str
    lemma: str
    form: str = ""


# verb lemma -> spellings by form. Forms: imp (imperative/subjunctive 3sg), inf, pres3s, pres3p,
# fut_subj (se/quando ... "entrar"), fut_subj3p, past3s, impf3s ("estava"), impf_subj ("fosse"),
# part (participle), ger (gerund), fut3s, fut3p, cond3s, subj3p. A regular verb also has every other form of
# its conjugation (morphology.conjugate, see REGULAR_EXCEPT); the forms written here come first.
VERBS: dict[str, dict[str, str]] = {
    "comprar": {"imp": "compre", "inf": "comprar", "pres3s": "compra", "pres3p": "compram"},
    "descartar": {"imp": "descarte", "inf": "descartar", "pres3s": "descarta", "pres3p": "descartam",
                  "part": "descartado"},
    "carregar": {"imp": "carregue", "inf": "carregar", "pres3s": "carrega", "ger": "carregando",
                 "part": "carregado", "part_f": "carregada", "part_p": "carregados"},
    "descarregar": {"imp": "descarregue", "inf": "descarregar", "pres3s": "descarrega", "part": "descarregado",
                    "part_p": "descarregados", "ger": "descarregando"},
    "incapacitar": {"imp": "incapacite", "inf": "incapacitar", "part": "incapacitado"},
    "capacitar": {"imp": "capacite", "inf": "capacitar", "part": "capacitado", "part_p": "capacitados"},
    "colocar": {"imp": "coloque", "inf": "colocar", "pres3s": "coloca", "pres3p": "colocam", "part": "colocado",
                "part_f": "colocada", "part_p": "colocados", "past3s": "colocou"},
    "recolocar": {"imp": "recoloque"},
    "procurar": {"imp": "procure", "inf": "procurar", "part": "procurado"},
    "revelar": {"imp": "revele", "inf": "revelar", "pres3s": "revela", "part": "revelado", "part_p": "revelados"},
    "embaralhar": {"imp": "embaralhe", "inf": "embaralhar"},
    "escolher": {"imp": "escolha", "inf": "escolher", "pres3s": "escolhe", "part": "escolhido",
                 "part_f": "escolhida", "part_p": "escolhidos", "part_fp": "escolhidas", "ger": "escolhendo"},
    "potencializar": {"inf": "potencializar", "part": "potencializado"},                       # Potencializar
    "separar": {"imp": "separe", "inf": "separar", "part": "separado", "part_p": "separados"},   # Clarividência
    "olhar": {"imp": "olhe", "inf": "olhar", "pres3s": "olha"},
    "permutar": {"imp": "permute", "inf": "permutar", "part": "permutado"},
    "devolver": {"imp": "devolva", "inf": "devolver", "pres3s": "devolve"},
    "causar": {"pres3s": "causa", "pres3p": "causam", "inf": "causar", "fut3s": "causará", "subj3s": "cause",
               "subj3p": "causem", "part": "causado", "past3s": "causou", "past3p": "causaram",
               "impf_subj3s": "causasse"},
    "receber": {"inf": "receber", "fut3s": "receberá", "cond3s": "receberia", "part": "recebido",
                "part_p": "recebidos"},
    "ganhar": {"pres3s": "ganha", "pres3p": "ganham"},
    "perder": {"pres3s": "perde", "pres3p": "perdem"},
    "tornar-se": {"pres3s": "torna-se", "pres3p": "tornam-se"},
    "usar": {"inf": "usar", "fut_subj3p": "usarem", "past3s": "usou", "part": "usado", "part_f": "usada",
             "part_p": "usados", "part_fp": "usadas", "ger": "usando"},
    "entrar": {"inf": "entrar", "past3s": "entrou", "part": "entrado", "past3p": "entraram"},
    "sair": {"inf": "sair", "pres3s": "sai", "pres3p": "saem", "subj3s": "saia", "subj3p": "saiam", "past3s": "saiu",
             "fut_subj3p": "saírem"},
    "controlar": {"pres3s": "controla", "pres3p": "controlam", "inf": "controlar", "fut_subj3p": "controlarem",
                  "impf_subj3s": "controlasse", "subj3p": "controlem", "part": "controlado",
                  "part_p": "controlados"},
    "chamar": {"part": "chamado", "part_f": "chamada", "part_p": "chamados", "part_fp": "chamadas", "inf": "chamar",
               "pres3s": "chama", "pres3p": "chamam", "subj3p": "chamem"},   # "se ela se chamar X", "não se chamem"
    "poder": {"pres3s": "pode", "pres3p": "podem", "fut3s": "poderá", "fut3p": "poderão", "cond3p": "poderiam",
              "fut_subj3s": "puder"},
    "ser": {"pres3s": "é", "pres3p": "são", "inf": "ser", "fut_subj3s": "for", "fut_subj3p": "forem",
            "subj3s": "seja", "subj3p": "sejam", "impf_subj3s": "fosse", "impf_subj3p": "fossem", "fut3s": "será",
            "fut3p": "serão", "cond3s": "seria", "part": "sido", "past3s": "foi", "past3p": "foram",
            "inf3p": "serem", "ger": "sendo"},
    "estar": {"pres3s": "está", "pres3p": "estão", "fut_subj3s": "estiver", "fut_subj3p": "estiverem",
              "subj3s": "esteja", "subj3p": "estejam", "inf": "estar", "impf3s": "estava", "impf3p": "estavam"},
    "ter": {"pres3s": "tem", "pres3p": "têm", "fut_subj3s": "tiver", "fut_subj3p": "tiverem", "subj3s": "tenha",
            "subj3p": "tenham", "impf_subj3s": "tivesse", "impf_subj3p": "tivessem", "fut3s": "terá",
            "fut3p": "terão", "inf": "ter", "ger": "tendo"},
    "haver": {"pres3s": "há", "fut_subj3s": "houver", "inf": "haver", "subj3s": "haja", "impf3s": "havia",
              "past3s": "houve", "fut3s": "haverá", "impf_subj3s": "houvesse"},
    "fazer": {"fut_subj3s": "fizer", "inf": "fazer", "pres3s": "faz", "pres3p": "fazem", "subj3s": "faça",
              "subj3p": "façam", "past3s": "fez", "fut3s": "fará", "part": "feito", "part_f": "feita"},
    "contar": {"pres3s": "conta", "subj3s": "conte"},
    "custar": {"pres3s": "custa", "fut3s": "custará"},
    "nocautear": {"inf": "nocautear", "part": "nocauteado", "subj3s": "nocauteie"},
    "destruir": {"inf": "destruir", "part": "destruído"},
    "redirecionar": {"inf": "redirecionar", "imp": "redirecione"},
    "jogar": {"imp": "jogue", "pres3p": "jogam"},
    "pagar": {"inf": "pagar"},
    "aumentar": {"pres3s": "aumenta"},
    "diminuir": {"pres3s": "diminui"},
    "reduzir": {"subj3s": "reduza", "subj3p": "reduzam", "inf": "reduzir", "pres3s": "reduz", "pres3p": "reduzem",
                "part": "reduzido", "part_f": "reduzida", "part_p": "reduzidos", "part_fp": "reduzidas"},
    "encontrar": {"pres3s": "encontra"},
    "valer": {"pres3p": "valem", "pres3s": "vale"},
    "modificar": {"pres3p": "modificam"},
    "executar": {"pres3p": "executam", "part_f": "executada"},
    "distribuir": {"part_p": "distribuídos"},
    "multiplicar": {"part": "multiplicado"},
    "dividir": {"part": "dividido", "part_f": "dividida", "part_p": "divididos", "part_fp": "divididas"},
    "arredondar": {"part": "arredondado"},
    "substituir": {"part": "substituído", "ger": "substituindo"},
    "atribuir": {"part_p": "atribuídos"},
    "derrotar": {"past3s": "derrotou"},
    "incluir": {"pres3s": "inclui"},
    "aplicar": {"imp": "aplique"},
    "nomear": {"imp": "nomeie"},
    "chamar_imp": {"imp": "chame"},
    "atingir": {"inf": "atingir"},
    "sofrer": {"part": "sofrido", "inf": "sofrer", "pres3s": "sofre", "pres3p": "sofrem"},
    "surgir": {"inf": "surgir"},
    "começar": {"inf": "começar"},
    "seguir": {"inf": "seguir"},
    "descrever": {"part_f": "descrita"},
    "redistribuir": {"imp": "redistribua"},
    "indicar": {"part_f": "indicada", "part_fp": "indicadas"},
    "vir": {"part_f": "vinda", "ger": "vindo", "subj3s": "venha", "subj3p": "venham"},   # "que venha a descarregar"
    "possuir": {"pres3s": "possui", "pres3p": "possuem", "inf": "possuir"},
    "evoluir": {"pres3s": "evolui", "inf": "evoluir"},                       # an EV panel's reminder
    "considerar": {"part": "considerado", "part_f": "considerada", "part_p": "considerados"},
    "excetuar": {"ger": "excetuando"},
    "antecipar": {"inf": "antecipar"},
    "dever": {"pres3s": "deve", "pres3p": "devem", "inf": "dever", "fut3s": "deverá", "fut3p": "deverão"},
    # irregular verbs of card effects known only through the forms written here
    "manter": {"inf": "manter", "pres3s": "mantém", "pres3p": "mantêm", "subj3s": "mantenha", "subj3p": "mantenham",
               "part": "mantido", "part_f": "mantida", "part_p": "mantidos", "part_fp": "mantidas", "ger": "mantendo",
               "fut3s": "manterá", "fut3p": "manterão"},
    "conter": {"inf": "conter", "pres3s": "contém", "pres3p": "contêm", "subj3s": "contenha", "subj3p": "contenham"},
    "impedir": {"inf": "impedir", "pres3s": "impede", "pres3p": "impedem", "subj3s": "impeça", "subj3p": "impeçam",
                "part": "impedido", "part_f": "impedida", "part_p": "impedidos", "part_fp": "impedidas"},
    "repetir": {"inf": "repetir", "pres3s": "repete", "pres3p": "repetem", "imp": "repita", "subj3p": "repitam"},
    "transferir": {"inf": "transferir", "pres3s": "transfere", "pres3p": "transferem", "imp": "transfira",
                   "subj3p": "transfiram", "part": "transferido", "part_p": "transferidos"},
    "querer": {"inf": "querer", "fut_subj3s": "quiser", "fut_subj3p": "quiserem", "pres3s": "quer", "pres3p": "querem",
               "subj3s": "queira", "subj3p": "queiram"},   # "divididos como você quiser"
    "ver": {"inf": "ver", "pres3s": "vê", "pres3p": "veem", "subj3s": "veja", "subj3p": "vejam", "part": "visto"},
}

# verbs whose forms are not those of their conjugation (morphology.conjugate): no forms are generated for them,
# or (a tuple) none of those forms
REGULAR_EXCEPT: dict[str, tuple[str, ...] | None] = {
    **{v: None for v in ("ser", "estar", "ter", "haver", "poder", "fazer", "vir", "sair", "tornar-se", "chamar_imp",
                         "manter", "conter", "impedir", "repetir", "transferir", "querer", "ver")},
    "perder": ("imp", "subj3s", "subj3p"),          # perca
    "valer": ("imp", "subj3s", "subj3p"),           # valha
    "seguir": ("imp", "subj3s", "subj3p"),          # siga
    "destruir": ("pres3s", "pres3p"),               # destrói, destroem
    "descrever": ("part", "part_f", "part_p", "part_fp"),   # descrito
    "pagar": ("part", "part_f", "part_p", "part_fp"),       # pago
    "ganhar": ("part", "part_f", "part_p", "part_fp"),      # ganho
}

# verbs of card effects known through their regular conjugation alone
REGULAR_VERBS = (
    "atacar", "bloquear", "proteger", "anular", "cancelar", "evitar", "ignorar", "trocar", "remover", "retirar",
    "retornar", "voltar", "mover", "mostrar", "adicionar", "somar", "dobrar", "duplicar", "copiar", "continuar",
    "deixar", "ativar", "desativar", "resolver", "afetar", "ocorrer", "acontecer", "terminar", "iniciar", "encerrar",
    "declarar", "selecionar", "recuperar", "eliminar", "vencer", "alterar", "entregar", "tirar", "esconder",
    "tratar", "funcionar", "precisar", "tentar", "decidir", "determinar", "igualar", "exceder", "superar",
    "alcançar", "chegar", "passar", "aparecer", "permanecer", "recarregar", "buscar", "utilizar", "direcionar",
    "absorver", "desencadear", "interromper", "transformar", "anexar", "virar", "liberar", "acumular", "juntar",
    "comparar", "sacrificar", "curar", "escapar", "responder", "vincular", "receber", "contar", "participar",
)

NOUNS: dict[str, str] = {
    # spelling -> lemma
    **{w: "personagem" for w in ("personagem", "personagens", "persoangem")},
    **{w: "card" for w in ("card", "cards", "carta")},
    **{w: "suporte" for w in ("suporte", "suportes")},
    **{w: "cenário" for w in ("cenário", "cenários")},
    **{w: "ação" for w in ("ação", "ações")},
    **{w: "alvo" for w in ("alvo", "alvos")},
    **{w: "jogador" for w in ("jogador", "jogadores")},
    **{w: "oponente" for w in ("oponente", "oponentes")},
    **{w: "herói" for w in ("herói", "heróis")},
    **{w: "vilão" for w in ("vilão", "vilões")},
    **{w: "dano" for w in ("dano", "danos")},
    **{w: "ponto" for w in ("ponto", "pontos")},
    **{w: "turno" for w in ("turno", "turnos")},
    **{w: "deck" for w in ("deck", "decks")},
    **{w: "mão" for w in ("mão", "mãos")},
    **{w: "efeito" for w in ("efeito", "efeitos")},
    **{w: "nome" for w in ("nome", "nomes")},
    **{w: "dono" for w in ("dono", "donos")},
    **{w: "habilidade" for w in ("habilidade", "habilidades")},
    **{w: "texto" for w in ("texto", "textos")},
    **{w: "custo" for w in ("custo", "custos")},
    **{w: "tipo" for w in ("tipo", "tipos")},
    **{w: "poder" for w in ("poder", "poderes")},
    **{w: "afiliação" for w in ("afiliação", "afiliações")},
    **{w: "vez" for w in ("vez", "vezes")},
    **{w: "cópia" for w in ("cópia", "cópias")},                       # Item Único (prelude)
    **{w: "parte" for w in ("parte",)},                               # "como parte do custo" (Energia Cósmica)
    **{w: "fase" for w in ("fase", "fases")},
    **{w: "característica" for w in ("característica", "características")},
    **{w: "momento" for w in ("momento", "momentos")},
    **{w: "seguida" for w in ("seguida",)},                            # "em seguida"
    **{w: w for w in ("dobro", "triplo")},                            # "o dobro de dano"
    **{w: "exceção" for w in ("exceção", "exceções")},                 # "com exceção deste personagem"
    **{w: "estágio" for w in ("estágios",)},
    **{w: "ego" for w in ("ego", "egos")},
    **{w: "alinhamento" for w in ("alinhamentos",)},
    **{w: w for w in ("partida", "recursos", "cena", "prêmios", "topo", "base", "escudo", "energia",
                      "alter", "alter-ego", "estágio", "etapa", "número", "valor", "controlador", "ordem",
                      "forma", "exemplo", "controle", "palavra", "quantidade", "requisito", "metade",
                      "capacitação", "incapacitação", "preparação", "combate", "contagem", "compra", "ajuste",
                      "início", "inicio", "final", "fonte", "total", "máximo", "volta", "cima", "baixo",
                      "contrário", "invés", "isso", "antecipação", "ataque", "comum", "escolha", "aplicação")},
}

# nouns known in their singular alone: the plural is regular (morphology.plural); these have none
NO_PLURAL = frozenset({"isso", "cima", "baixo", "invés", "contrário", "alter", "volta", "metade", "preparação",
                       "contagem", "combate", "antecipação", "compra", "ajuste", "início", "inicio", "final",
                       "máximo", "total", "comum", "partida", "energia", "escudo", "topo", "base", "cena", "ordem"})

ADJECTIVES: dict[str, str] = {
    **{w: w for w in ("penetrante", "inicial", "atual", "extra", "comum", "equivalente", "aleatório",
                      "possível", "iguais", "igual", "maior", "menor", "regressiva", "permanente", "permanentes",
                      "imprevista", "imprevistas", "abertas", "normal", "novo", "surpresa", "incendiário")},
    **{w: "próximo" for w in ("próximo", "próxima")},
    **{w: "primeiro" for w in ("primeiro", "primeira")},
    **{w: "segundo" for w in ("segundo", "segunda")},
    **{w: "terceiro" for w in ("terceiro", "terceira")},
    **{w: "diferente" for w in ("diferente", "diferentes")},
    **{w: "único" for w in ("único", "única")},
    **{w: "mesmo" for w in ("mesmo", "mesma", "mesmos", "mesmas")},
    **{w: "próprio" for w in ("próprio", "própria", "próprios", "próprias")},
    **{w: "restante" for w in ("restante", "restantes")},
    **{w: "respectivo" for w in ("respectiva", "respectivas")},
    **{w: "demais" for w in ("demais",)},
    **{w: "suficiente" for w in ("suficiente", "suficientes")},
}
# adjectives known by their lemma (masculine singular): their other forms and their adverb in -mente are regular
# (morphology.adjective_forms, morphology.adverb)
INFLECTED_ADJECTIVES = ("aleatório", "adicional", "anterior", "posterior", "seguinte", "último", "mínimo",
                        "inferior", "superior", "oposto", "ativo", "original", "impresso", "positivo", "negativo",
                        "total", "parcial", "imediato", "simultâneo", "exato", "direto", "normal", "permanente",
                        "igual", "equivalente", "novo", "quarto", "quinto", "independente", "respectivo", "único",
                        "diferente", "livre")

DETERMINERS: dict[str, str] = {
    **{w: "o" for w in ("o", "a", "os", "as")},
    **{w: "um" for w in ("um", "uma")},
    **{w: "este" for w in ("este", "esta", "estes", "estas")},
    **{w: "esse" for w in ("esse", "essa", "esses", "essas", "dessa", "desses")},
    **{w: "aquele" for w in ("aquele", "aquela", "aqueles", "aquelas")},
    **{w: "seu" for w in ("seu", "sua", "seus", "suas")},
    **{w: "outro" for w in ("outro", "outra", "outros", "outras")},
    **{w: "todo" for w in ("todo", "toda", "todos", "todas")},
    **{w: "ambos" for w in ("ambos", "ambas")},          # "ambos os personagens": the two named before
    **{"cada": "cada", "mais": "mais", "menos": "menos", "qualquer": "qualquer", "quaisquer": "qualquer",
       "nenhum": "nenhum", "nenhuma": "nenhum", "algum": "algum", "alguma": "algum"},
}

# relative determiners: "os personagens cujas afiliações não sejam X" (a relative clause follows)
RELATIVES: dict[str, str] = {w: "cujo" for w in ("cujo", "cuja", "cujos", "cujas")}
# ... and the interrogative determiner of an indirect question, which is read the same way: "você pode escolher
# quais cards serão descarregados dele"
RELATIVES.update({"quais": "qual"})

NUMBERS: dict[str, int] = {"dois": 2, "duas": 2, "três": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7,
                           "oito": 8, "nove": 9, "dez": 10}

PREPOSITIONS = ("em", "de", "a", "por", "para", "com", "sem", "até", "entre", "após", "durante", "sob",
                "sobre", "dentre", "antes", "depois", "exceto", "desde", "pra", "como", "além", "devido")

PRONOUNS = ("ambos", "ele", "ela", "eles", "elas", "você", "ali", "dali", "-o", "-a", "-os", "-as", "-lhe", "-se",
            "si",                          # after a preposition: "em comum entre si"
            # determiners used without a noun: "cada um de", "coloca um deles", "os demais", "todos"
            "um", "uma", "todos", "todas", "outro", "outra", "outros", "outras", "nenhum", "nenhuma", "algum",
            "alguma", "demais", "aquele", "aquela", "aqueles", "aquelas",
            # adjectives used as nouns: "o restante no topo", "em um único de seus alvos"; the lexer
            # prefers the adjective when both readings fit
            "restante", "restantes", "único", "única", "mesmo", "mesma", "mesmos", "mesmas",   # "o mesmo de X"
            # demonstratives standing for the thing named before: "Se esta foi a segunda vez que ..."
            "este", "esta", "estes", "estas",
            # the article standing for a noun before "de" / "que" (the lexer checks what follows):
            # "igual ao de um personagem", "diferente das que ele já usou"
            "o", "a", "os", "as")

ADVERBS = ("novamente", "anteriormente", "exatamente", "vice-versa", "mais", "menos", "diretamente",
           "apenas", "somente", "só")     # also pre-verbal; as ADV they restrict a quantity: "apenas 1 ponto"
PRE_VERBAL_ADVERBS = ("não", "também", "ainda", "já", "apenas", "somente", "só", "depois")
# pre-verbal adverbs that may also follow their verb ("isso vale também para ..."): the lexer prefers the
# pre-verbal reading (their ADV entry comes after the PREADV one)
POST_VERBAL_ADVERBS = ("também",)


@dataclass(frozen=True)
class WordTables:
    """A set of open-class word tables in the lexicon's own format (a game pack's words: ``VERBS``, ``NOUNS``...
    above are the core's). Function words (determiners, prepositions, pronouns, numbers) are the core's only."""

    verbs: dict[str, dict[str, str]] = field(default_factory=dict)
    regular_verbs: tuple[str, ...] = ()
    nouns: dict[str, str] = field(default_factory=dict)
    no_plural: frozenset[str] = frozenset()
    adjectives: dict[str, str] = field(default_factory=dict)
    inflected_adjectives: tuple[str, ...] = ()


CORE_TABLES = WordTables(VERBS, REGULAR_VERBS, NOUNS, NO_PLURAL, ADJECTIVES, INFLECTED_ADJECTIVES)


def _build(extra: WordTables = WordTables()) -> dict[str, list[Word]]:
    verbs = {**VERBS, **extra.verbs}
    nouns = {**NOUNS, **extra.nouns}
    adjectives = {**ADJECTIVES, **extra.adjectives}
    no_plural = NO_PLURAL | extra.no_plural
    table: dict[str, list[Word]] = {}

    def add(spelling: str, cls: str, lemma: str, form: str = "") -> None:
        table.setdefault(fold_text(spelling), []).append(Word(spelling, cls, lemma, form))

    for lemma, forms in verbs.items():
        for form, spelling in forms.items():
            add(spelling, "VERB", lemma.removesuffix("_imp"), form)
    for spelling, lemma in nouns.items():
        add(spelling, "NOUN", lemma)
    for spelling, lemma in adjectives.items():
        add(spelling, "ADJ", lemma)
    for spelling, lemma in DETERMINERS.items():
        add(spelling, "DET", lemma)
    for spelling, lemma in RELATIVES.items():
        add(spelling, "REL", lemma)
    for spelling, value in NUMBERS.items():
        add(spelling, "NUMWORD", str(value))
    for p in PREPOSITIONS:
        add(p, "PREP", p)
    for p in PRONOUNS:
        add(p, "PRON", p)
    for a in ADVERBS:
        add(a, "ADV", a)
    for a in PRE_VERBAL_ADVERBS:
        add(a, "PREADV", a)
    for a in POST_VERBAL_ADVERBS:
        add(a, "ADV", a)
    # the regular forms: never a spelling the lexicon already has as a verb or a function word (the written entry
    # stays the reading)
    taken = {k for k, entries in table.items() if any(w.cls not in ("NOUN", "ADJ") for w in entries)}

    def add_regular(spelling: str, cls: str, lemma: str, form: str = "") -> None:
        key = fold_text(spelling)
        if key not in taken and not any(w.cls == cls for w in table.get(key, ())):
            add(spelling, cls, lemma, form)

    for lemma in (*verbs, *REGULAR_VERBS, *extra.regular_verbs):
        skip = REGULAR_EXCEPT.get(lemma, ())
        if skip is None:
            continue
        for form, spelling in conjugate(lemma).items():
            if form not in skip:
                add_regular(spelling, "VERB", lemma, form)
    by_lemma: dict[str, list[str]] = {}
    for spelling, lemma in nouns.items():
        by_lemma.setdefault(lemma, []).append(spelling)
    for lemma, spellings in by_lemma.items():
        if len(spellings) == 1 and lemma not in no_plural and lemma.isalpha():
            add_regular(plural(lemma), "NOUN", lemma)
    for lemma in (*INFLECTED_ADJECTIVES, *extra.inflected_adjectives):
        for spelling in adjective_forms(lemma):
            add_regular(spelling, "ADJ", lemma)
        add_regular(adverb(lemma), "ADV", adverb(lemma))
    return table


class Lexicon:
    """One game's closed lexicon: the core's words (the tables above) and the game's own (issue 14: a game pack
    brings its vocabulary; the function words and the grammar are everyone's). ``key`` names it in caches."""

    def __init__(self, key: str, words: dict[str, list[Word]]) -> None:
        self.key = key
        self.words = words

    @cached_property
    def gerunds(self) -> frozenset[str]:
        """Folded words that are a gerund of some verb (the lexer's GER_ADV readings)."""
        return self._verbs_with(lambda form: form == "ger")

    @cached_property
    def participles(self) -> frozenset[str]:
        return self._verbs_with(lambda form: form.startswith("part"))

    @cached_property
    def imperatives(self) -> frozenset[str]:
        return self._verbs_with(lambda form: form == "imp")

    @cached_property
    def adverbs(self) -> frozenset[str]:
        return frozenset(k for k, ws in self.words.items() if any(w.cls in ("ADV", "PREADV") for w in ws)) - {"nao"}

    def _verbs_with(self, form: Callable[[str], bool]) -> frozenset[str]:
        return frozenset(k for k, ws in self.words.items() if any(w.cls == "VERB" and form(w.form) for w in ws))


CORE = Lexicon("core", _build())
LEXICON: dict[str, list[Word]] = CORE.words
"""The core lexicon's words (a game's lexicon adds to them: :func:`extended`)."""


def extended(key: str, tables: WordTables) -> Lexicon:
    """The core lexicon with a game's words added (the same regular forms, plurals and adverbs as the core's)."""
    return Lexicon(key, _build(tables))


_ACTIVE: list[Lexicon] = [CORE]
_ON_SWITCH: list[Callable[[Lexicon], None]] = []


def active() -> Lexicon:
    """The lexicon the words of the text being read are looked up in."""
    return _ACTIVE[0]


def on_switch(hook: Callable[[Lexicon], None]) -> None:
    """Run ``hook`` with the new lexicon whenever :func:`using` changes it (what a module keeps per word)."""
    _ON_SWITCH.append(hook)


@contextmanager
def using(lexicon: Lexicon) -> Iterator[Lexicon]:
    """Read with ``lexicon`` inside the block (a game's card); the core lexicon's reading is unchanged outside.
    A block that asks for the lexicon already in use costs nothing."""
    before = _ACTIVE[0]
    if lexicon is before:
        yield lexicon
        return
    _switch(lexicon)
    try:
        yield lexicon
    finally:
        _switch(before)


def _switch(lexicon: Lexicon) -> None:
    _ACTIVE[0] = lexicon
    for hook in _ON_SWITCH:
        hook(lexicon)


def lookup(folded_word: str) -> list[Word]:
    """All entries of a folded word in the active lexicon (empty if the word is not in the language)."""
    return _ACTIVE[0].words.get(folded_word, [])
