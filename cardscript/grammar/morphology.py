"""Portuguese inflection for the closed lexicon: the regular forms of its verbs, nouns and adjectives.

The lexicon (:mod:`cardscript.grammar.lexicon`) lists each word once, by its lemma, with the forms that are
irregular or that a card is known to print; these functions give the regular rest, so that a card of a
later collection printing another person, tense or number of a known word ("descartam", "incapacitou",
"capacitada", "alvos aleatórios", "aleatoriamente") is read without a new lexicon entry. Nothing here
guesses at unknown words: only lemmas of the lexicon are inflected.

Verb forms use the lexicon's form names: ``imp`` (imperative = present subjunctive 3sg), ``subj3s``,
``subj3p``, ``inf``, ``inf3p`` / ``fut_subj3p`` ("usarem"), ``pres3s``, ``pres3p``, ``past3s``,
``past3p``, ``impf3s``, ``impf3p``, ``impf_subj3s``, ``impf_subj3p``, ``fut3s``, ``fut3p``, ``cond3s``,
``cond3p``, ``part`` / ``part_f`` / ``part_p`` / ``part_fp``, ``ger``. The future subjunctive 3sg is the
infinitive's spelling ("quando ... entrar"), which the lexer reads either way.
"""

from __future__ import annotations

_SUBJUNCTIVE_STEM = {
    # the spelling of a stem before the subjunctive's vowel keeps its sound: coloque, carregue, comece; conheça,
    # proteja; distinga, atinja
    "ar": (("c", "qu"), ("g", "gu"), ("ç", "c")),
    "er": (("c", "ç"), ("g", "j")),
    "ir": (("gu", "g"), ("c", "ç"), ("g", "j")),
}


def _subjunctive_stem(stem: str, ending: str) -> str:
    for old, new in _SUBJUNCTIVE_STEM[ending]:
        if stem.endswith(old):
            return stem[: -len(old)] + new
    return stem


def conjugate(lemma: str) -> dict[str, str]:
    """The regular forms of a verb (``colocar``, ``escolher``, ``dividir``, ``incluir``, ``nocautear``);
    empty for a lemma that is not an infinitive of a regular conjugation."""
    ending = lemma[-2:]
    stem = lemma[:-2]
    if ending not in _SUBJUNCTIVE_STEM or len(stem) < 2 or not lemma.isalpha():
        return {}
    sub = _subjunctive_stem(stem, ending)
    forms = {"inf": lemma, "fut3s": lemma + "á", "fut3p": lemma + "ão", "cond3s": lemma + "ia",
             "cond3p": lemma + "iam"}
    if ending == "ar":
        if stem.endswith("e"):                         # nocautear: nocauteia, nocauteie
            pres, subj = stem + "ia", stem + "ie"
        else:
            pres, subj = stem + "a", sub + "e"
        forms.update(pres3s=pres, pres3p=pres + "m", imp=subj, subj3s=subj, subj3p=subj + "m",
                     past3s=stem + "ou", past3p=stem + "aram", impf3s=stem + "ava", impf3p=stem + "avam",
                     impf_subj3s=stem + "asse", impf_subj3p=stem + "assem", inf3p=lemma + "em",
                     fut_subj3p=lemma + "em", part=stem + "ado", part_f=stem + "ada", part_p=stem + "ados",
                     part_fp=stem + "adas", ger=stem + "ando")
    elif ending == "er":
        forms.update(pres3s=stem + "e", pres3p=stem + "em", imp=sub + "a", subj3s=sub + "a", subj3p=sub + "am",
                     past3s=stem + "eu", past3p=stem + "eram", impf3s=stem + "ia", impf3p=stem + "iam",
                     impf_subj3s=stem + "esse", impf_subj3p=stem + "essem", inf3p=lemma + "em",
                     fut_subj3p=lemma + "em", part=stem + "ido", part_f=stem + "ida", part_p=stem + "idos",
                     part_fp=stem + "idas", ger=stem + "endo")
    elif stem.endswith("u") and not stem.endswith(("gu", "qu")):   # incluir: inclui, incluem, incluído
        forms.update(pres3s=stem + "i", pres3p=stem + "em", imp=stem + "a", subj3s=stem + "a", subj3p=stem + "am",
                     past3s=stem + "iu", past3p=stem + "íram", impf3s=stem + "ía", impf3p=stem + "íam",
                     impf_subj3s=stem + "ísse", impf_subj3p=stem + "íssem", inf3p=stem + "írem",
                     fut_subj3p=stem + "írem", part=stem + "ído", part_f=stem + "ída", part_p=stem + "ídos",
                     part_fp=stem + "ídas", ger=stem + "indo")
    else:
        pres = stem if stem.endswith("z") else stem + "e"              # reduzir: reduz
        forms.update(pres3s=pres, pres3p=stem + "em", imp=sub + "a", subj3s=sub + "a", subj3p=sub + "am",
                     past3s=stem + "iu", past3p=stem + "iram", impf3s=stem + "ia", impf3p=stem + "iam",
                     impf_subj3s=stem + "isse", impf_subj3p=stem + "issem", inf3p=lemma + "em",
                     fut_subj3p=lemma + "em", part=stem + "ido", part_f=stem + "ida", part_p=stem + "idos",
                     part_fp=stem + "idas", ger=stem + "indo")
    return forms


_PLURAL_ENDINGS = (
    # (singular ending, plural ending), the first that fits
    ("ão", "ões"), ("al", "ais"), ("el", "éis"), ("ol", "óis"), ("ul", "uis"), ("il", "is"), ("m", "ns"),
    ("r", "res"), ("z", "zes"), ("ês", "eses"),
)
_INVARIABLE = ("s", "x")


def plural(word: str) -> str:
    """The regular plural of a noun or adjective (``ação`` -> ``ações``, ``final`` -> ``finais``, ``jogador``
    -> ``jogadores``, ``item`` -> ``itens``, ``possível`` -> ``possíveis``); the word itself if invariable."""
    if word.endswith("vel"):
        return word[:-3] + "veis"                   # possível -> possíveis (unstressed -el)
    for singular, many in _PLURAL_ENDINGS:
        if word.endswith(singular):
            return word[: -len(singular)] + many
    if word.endswith(_INVARIABLE):
        return word
    return word + "s"


def adjective_forms(adjective: str) -> tuple[str, ...]:
    """An adjective's gender and number forms: ``aleatório`` -> aleatória, aleatórios, aleatórias; ``comum`` ->
    comuns; ``adicional`` -> adicionais."""
    if adjective.endswith("o"):
        fem = adjective[:-1] + "a"
        return adjective, fem, adjective + "s", fem + "s"
    return adjective, plural(adjective)


_UNACCENT = str.maketrans("áéíóúâêôà", "aeiouaeoa")


def adverb(adjective: str) -> str:
    """The adverb in -mente of an adjective, on its feminine form, without its written accent: aleatório ->
    aleatoriamente, possível -> possivelmente, imediato -> imediatamente."""
    fem = adjective[:-1] + "a" if adjective.endswith("o") else adjective
    return fem.translate(_UNACCENT) + "mente"
