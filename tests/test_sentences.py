"""Sentence forms (docs/language.md, "Sentences"): each parses, binds, means what it says and renders back
to itself; each has a bad-input twin that fails with a located diagnostic.

The table below has one row per form of the grammar: the form, a sentence using it, and a word of the
form with a misspelling of it for the bad-input test.
"""

from __future__ import annotations

import pytest

from cardscript.compiler.ast import Clause, EffectParagraph, KeywordLine, Procedure
from cardscript.compiler.pipeline import CompiledCard, compile_source
from cardscript.compiler.render import render_node
from cardscript.core.source import SourceFile

FORMS: list[tuple[str, str, str | None, str | None]] = [
    # (id, text, key word to misspell, misspelling)
    ("damage", "Rasgar causa 1 ponto de dano no alvo.", "causa", "kausa"),
    ("piercing damage", "Rasgar causa 2 pontos de dano penetrante no personagem alvo.", "penetrante", "penetrantte"),
    ("damage to several targets", "Rasgar causa 1 ponto de dano a cada um de até três alvos diferentes.", "diferentes", "diferentis"),
    ("quantity with X", "Rasgar causa X+2 pontos de dano no alvo. X é igual ao número de cards que o alvo estiver carregando.", "igual", "iqual"),
    ("draw", "Compre dois cards.", "Compre", "Compri"),
    ("discard then draw", "Compre um card e então descarte um card.", "descarte", "descartte"),
    ("incapacitate with stage", "Incapacite o alvo em {1} ou {2}.", "Incapacite", "Incapacit"),
    ("trigger: quando", "Quando este cenário entrar em cena, compre um card.", "entrar", "entrarr"),
    ("trigger: toda vez que", "Toda vez que o alvo usar uma ação neste turno, Rasgar causa 2 pontos de dano no alvo.", "usar", "uzar"),
    ("trigger: start of phase", "No início de sua Fase de Contagem Regressiva, coloque o card do topo de seu deck em seus recursos.", "coloque", "coluque"),
    ("condition: se", "Se este personagem tiver {AG}, ele ganha Escudo +1.", "tiver", "tivver"),
    ("condition: enquanto", "Enquanto você controlar um personagem vilão, este personagem ganha {VO}.", "controlar", "kontrolar"),
    ("optional and if done", "Você pode descartar um card. Se o fizer, compre dois cards.", "fizer", "fiser"),
    ("window and limit", "Durante sua Fase de Preparação, uma vez por turno, você pode descarregar um card deste suporte.", "descarregar", "descaregar"),
    ("duration", "O alvo ganha Escudo -1 até o final do turno.", "final", "finall"),
    ("shield becomes", "O Escudo do alvo torna-se 0 até o final do turno.", "torna-se", "torna-sse"),
    ("search, reveal, clitics", "Procure em seu deck por um card de personagem com a afiliação Gangue da Demolição, revele-o, coloque-o em sua mão e embaralhe o seu deck.", "embaralhe", "embaralhi"),
    ("infinitive clitic", "Você pode escolher um card de habilidade dali e colocá-lo nos recursos de seu dono.", "dono", "donno"),
    ("clause-level ou", "Rasgar causa 1 ponto de dano no alvo, ou Rasgar causa 3 pontos de dano em um personagem alvo que esteja no estágio {0}.", "esteja", "estteja"),
    ("trailing condition", "Rasgar causa 2 pontos de dano penetrante no alvo, se o alvo for um personagem com {LA}.", "for", "forr"),
    ("relative: que você controla", "Os personagens com a afiliação Gangue da Demolição que você controla ganham Escudo +2.", "ganham", "ganhamm"),
    ("relative: a não ser que", "Quando este suporte entrar em cena, descarregue-o e coloque-o em seus recursos a não ser que você incapacite em {1} um personagem com {GE} que você controla.", "incapacite", "incapasite"),
    ("comparison", "Você pode descartar um card de personagem com o mesmo alter ego do alvo desta ação.", "mesmo", "mesmmo"),
    ("parenthesis", "Capacite este personagem (o personagem que usou esta ação) em {1} se o alvo for um vilão.", "usou", "uzou"),
    ("static: cannot be targeted", "Este personagem não pode ser alvo de ações de {TE}.", "alvo", "alvvo"),
    ("static: may use again", "Este personagem pode usar esta ação outra vez neste turno.", "outra", "outtra"),
    ("replacement", "Se um personagem que você controla fosse receber dano, ao invés disso você pode redirecionar aquele dano para este suporte.", "redirecionar", "redirecionarr"),
    ("count of characters", "Pode haver qualquer número de personagens chamados Gangue da Demolição em cena.", "haver", "havver"),
    ("extra cost", "Descarregue um card deste personagem: Rasgar causa 1 ponto de dano penetrante no alvo.", "Descarregue", "Descaregue"),
    ("keyword prefix: Energia Cósmica", "Energia Cósmica 2 - Rasgar causa 2 pontos de dano penetrante no alvo.", "penetrante", "penetrantte"),
    ("keyword prefix: Clarividência", "Clarividência 2 - Incapacite o alvo em {1} para cada card de personagem revelado nesta ação.", "revelado", "revellado"),
    ("keyword prefix: Ação Única", "Ação Única (este personagem não pode usar mais de uma ação chamada Rasgar por turno) - Rasgar causa 1 ponto de dano no alvo.", "turno", "turnno"),
    ("keyword line", "Pelotão.", None, None),
    ("keyword with value and argument", "Liderar {1} - afiliação Gangue da Demolição.", "afiliação", "afiliaçao0"),
    ("keyword with reminder", "Prontidão - ação Rasgar (a ação indicada pode ser usada por este personagem no turno em que ele entrou em cena).", "indicada", "indicadda"),
    ("keyword line then sentence", "Liderar {1} - afiliação Gangue da Demolição. Compre um card.", "card.", "cardd."),
    ("relative: cujo", "Os personagens cujas afiliações não sejam Gangue da Demolição ganham Escudo +1.", "sejam", "sejamm"),
    ("negated modifier", "Os personagens não vilões que você controla ganham Escudo +1.", "vilões", "vilõess"),
    ("quoted sentence", 'A primeira ação que este personagem usar em cada turno terá "Compre um card." após seus outros efeitos.', "após", "apóss"),
    ("nem between verbs", "Este personagem não pode ser alvo de ações nem ser capacitado.", "capacitado", "capacitadoo"),
    ("relative: como", "Rasgar causa 4 pontos de dano penetrante distribuídos da forma como você escolher entre até dois personagens alvo.", "distribuídos", "distribuídoss"),
    ("fronted adverbial without comma", "Até o final do turno o alvo ganha Escudo -1.", "ganha", "ganhha"),
    ("comparative adjectives", "Cards de personagens com Energia Inicial maior ou igual a 6 podem ser carregados com um card a menos.", "menos", "menoss"),
    ("se possível", "Rasgar causa 2 pontos de dano no alvo, se possível.", "possível", "possívell"),
    ("clauses joined by a dash", "Compre um card - se você controlar um personagem vilão, compre dois cards.", "controlar", "controlarr"),
    ("slash coordination", "Procure em seu deck por até dois cards de personagens chamados Rasgar e/ou Gangue da Demolição.", "Procure", "Procuri"),
    ("reflexive verb", "Este personagem pode usar mais uma ação neste turno se ela se chamar Rasgar.", "chamar", "chamarr"),
    ("the same as: o mesmo de", "Este personagem pode usar mais uma ação neste turno, desde que o alvo seja o mesmo de Rasgar.", "mesmo", "mesmmo"),
    ("reciprocal: entre si", "Se você controlar três ou mais personagens com alguma afiliação em comum entre si, compre um card.", "comum", "comun"),
    ("demonstrative standing alone", "Se esta foi a segunda vez que este personagem usou esta ação neste turno, ela causa 2 pontos de dano no alvo.", "segunda", "segundda"),
    ("indirect question", "Toda vez que este personagem sofrer dano, você pode escolher quais cards serão descarregados dele.", "quais", "quaiss"),
    ("adverb after its verb", "Este personagem ganha Escudo +1 (isso vale também para os personagens que você controla).", "vale", "valle"),
    ("participle with a relative", "Descarregue três cards divididos da forma como você escolher de até dois alvos.", "divididos", "divididoss"),
    ("keyword as a characteristic", "Todos os personagens sem a característica Pelotão ganham Pelotão.", "característica", "caracteristicca"),
    ("serial comma", "Procure em seu deck por um card chamado Rasgar, um card chamado Gangue da Demolição, e um card chamado Teste.", "chamado", "chamadoo"),
    ("subordinate: quando", "Este personagem pode usar esta ação desde que ele esteja carregando um card quando for usar a ação.", "carregando", "carregandoo"),
    ("subordinate: sempre que", "Este personagem ganha Escudo +1 sempre que ele estiver carregando um card de habilidade.", "sempre", "sempree"),
    ("clauses joined by e/ou", "Rasgar causa 2 pontos de dano no alvo e/ou coloque o card do topo de seu deck em seus recursos.", "coloque", "coloqe"),
    ("lead set off by commas after e", "Compre um card e, até o final do turno, toda vez que um efeito colocar cards do topo de um deck nos recursos, aqueles cards são colocados na base do deck de seus donos ao invés disso.", "efeito", "efeitto"),
    ("parenthesis with joined clauses", "Nocauteie o alvo (descarregue o personagem nocauteado e o coloque nos prêmios de seus oponentes).", "prêmios", "prêmioss"),
    ("parenthesis with a trailing condition", "Carregue neste personagem os quatro cards do topo do seu deck (carregue todos os cards do topo de seu deck, se houver menos de quatro cards ali).", "houver", "houverr"),
    ("parenthesis opening with an adverbial", "Este personagem pode ser colocado em cena carregando uma quantidade de cards menor do que sua Energia Inicial (por exemplo, ele pode ser colocado em cena com 4 cards de seus recursos).", "quantidade", "quantidadde"),
    ("parenthesis opening with a condition", "Coloque os três cards do topo de um deck nos recursos de seu dono (se não houver cards suficientes naquele deck, coloque todos eles nos recursos).", "suficientes", "suficientess"),
    ("example in a parenthesis", "Rasgar causa 1 ponto de dano no alvo (ex.: se o alvo for um herói, ele ganha Escudo +1).", "herói", "heróii"),
    ("condition without its comma", "Se o alvo sair de cena neste turno você pode capacitar este personagem em {1}.", "capacitar", "capacitarr"),
    ("condition without its comma before a determiner", "Se o alvo sair de cena neste turno este personagem ganha Escudo +1.", "ganha", "ganhaa"),
    ("lead without its comma before an imperative", "Quando este cenário entrar em cena escolha um personagem em cena. Se o fizer capacite aquele personagem em {1}.", "capacite", "capacitte"),
    ("lead without its comma before a name", "Se o alvo tiver {AG} Rasgar causa 2 pontos de dano nele. Enquanto você controlar um personagem vilão a ação Rasgar é uma ação Imprevista.", "dano", "danno"),
    ("trigger without its comma", "Quando este personagem usar uma ação descrita em seu próprio card você pode comprar um card.", "descrita", "descritta"),
    ("keyword with a choice of values", "Liderar {1} ou {2} - afiliação Gangue da Demolição.", "afiliação", "afiliaçao0"),
    ("infinitive clause as a lead", "Após este personagem ter usado uma ação neste turno, capacite-o até ele atingir o estágio {2}.", "atingir", "atingirr"),
    ("purpose clause in a parenthesis", "Este personagem pode usar esta ação outra vez neste turno (para usar novamente a ação, você deve pagar novamente todos os seus custos).", "pagar", "pagarr"),
    ("adverbial set off by commas after se", "Se, no momento da aplicação do dano, o alvo tiver {AG}, Rasgar causa 3 pontos de dano no alvo.", "aplicação", "aplicaçãoo"),
    ("N/A: none", "Rasgar causa 2 pontos de dano no alvo (personagens com alter ego N/A não têm alter ego).", "têm", "têmm"),
    ("gerund with its clitic", "Quando você colocar este card em seus recursos vindo de sua mão ou deck, ou descarregando-o de um personagem, compre um card.", "vindo", "vindoo"),
    ("relative with two verbs", "Apenas personagens que estiverem carregando Rasgar e tenham {TE} podem usar ações de {GE}.", "tenham", "tenhamm"),
    ("participle clause", "Rasgar causa X pontos de dano no alvo. X é igual ao número de cards de habilidade Rasgar que este personagem estiver carregando multiplicado por 2.", "multiplicado", "multiplicadoo"),
    ("adverbial lead with a relative", "No início da Fase de Contagem Regressiva do jogador que controlar menos personagens em cena, aquele jogador pode comprar um card.", "controlar", "controlarr"),
    ("trigger: assim que / cada vez que", "Assim que este personagem entrar em cena, compre um card. Cada vez que ele receber dano, compre um card.", "receber", "recebber"),
    ("condition: a menos que", "A menos que você controle um personagem vilão, descarte um card. Compre um card, a menos que você controle um herói.", "controle", "controlle"),
    ("clause of time: até que / depois que", "Até que este personagem saia de cena, o alvo não pode usar ações. Depois que o alvo usar uma ação, capacite-o em {1}.", "saia", "saiia"),
    ("infinitive lead after two prepositions", "Antes de usar esta ação, você pode descartar um card.", "descartar", "descarttar"),
    ("sentence adverb as a lead", "Procure em seu deck por um card chamado Rasgar e revele-o. Depois, embaralhe o seu deck. Em seguida, compre um card.", "embaralhe", "embaralhhe"),
    ("clauses joined by a semicolon", "Escolha um personagem em cena; aquele personagem perde {VO} até o final do turno.", "perde", "perdde"),
    ("relative: onde", "Este personagem ganha Escudo +X, onde X é o número de personagens vilões em cena.", "vilões", "vilõess"),
    ("condition: caso faça", "Você pode descartar um card de sua mão. Caso faça isso, compre dois cards.", "faça", "faaça"),
    ("infinitive lead after a locution", "Em vez de comprar um card, você pode carregar um card neste personagem.", "carregar", "carregarr"),
    ("more verb forms: haja, quiser", "Caso não haja personagens vilões em cena, Rasgar causa 3 pontos de dano divididos como você quiser entre até três alvos.", "quiser", "quisser"),
    ("name joined by a contraction", "Procure em seu deck por um card de cenário chamado Caça aos Renegados ou Gangue da Demolição.", "cenário", "cenárioo"),
    ("adverb between auxiliary and infinitive", "Este personagem não pode mais usar ações neste turno. Você pode novamente usar esta ação.", "novamente", "novamentte"),
    ("phrase set off by commas", "Todos os personagens, exceto este personagem, ganham Escudo +1. Rasgar causa, neste turno, 2 pontos de dano no alvo.", "exceto", "excetto"),
    ("adverbial with two prepositions", "Com exceção deste personagem, os personagens que você controla ganham {AG}. Além disso, compre um card.", "exceção", "exceçãoo"),
    ("contraction after an adverb", "Cards de personagens com Energia Inicial maior ou igual a 6 podem ser carregados com um card a menos ao serem colocados em cena.", "colocados", "colocadoss"),
]


PREFIX = ("Personagem: Teste V1\nAfiliações: Gangue da Demolição\nEnergia inicial: 3\nEscudo: 1\n\n"
          "Ação: Rasgar\n  Custo: {1}\n  ")
TEXT_LINE = 8


def _compile(text: str) -> CompiledCard:
    return compile_source(SourceFile("t.card", PREFIX + text + "\n"))


@pytest.mark.parametrize(("form", "text", "word", "typo"), FORMS, ids=[f[0] for f in FORMS])
def test_form_parses_binds_and_renders_back(form: str, text: str, word: str | None, typo: str | None) -> None:
    card = _compile(text)
    assert card.bound, [d.message for d in card.diagnostics]
    assert not [d for d in card.diagnostics if d.severity.value == "error"]
    assert card.action is not None
    (para,) = card.action.paragraphs
    assert render_node(para) == text


@pytest.mark.parametrize(("form", "text", "word", "typo"), [f for f in FORMS if f[2]], ids=[f[0] for f in FORMS if f[2]])
def test_form_with_a_misspelt_word_is_located(form: str, text: str, word: str, typo: str) -> None:
    bad = text.replace(word, typo, 1)
    card = _compile(bad)
    errors = [d for d in card.diagnostics if d.code == "CS100"]
    assert errors, [d.code for d in card.diagnostics]
    line, col = errors[0].location()
    assert line == TEXT_LINE
    offset = len("  ") + bad.index(typo) + 1
    assert errors[0].hint
    if col > offset + len(typo):  # read as a name (capitalised): the diagnostic says so at the failure point
        assert f"'{typo}' was read as a name" in errors[0].hint and f"'{word}'" in errors[0].hint
    if typo[:1].islower():        # an unknown lower-case word is named, with the closest word of the language
        assert errors[0].hint == f"did you mean '{word.rstrip('.')}'?" or word.rstrip(".") in errors[0].hint


# a keyword line that ends its paragraph may be printed without its period ("Aprimoramento", BSGC): the keyword-line
# forms are read without it (test_a_keyword_line_without_its_period_is_read_as_printed)
_KEYWORD_LINE_FORMS = {"keyword line", "keyword with value and argument", "keyword with reminder",
                       "keyword with a choice of values"}
_ENDS_WITH_SENTENCE = [f for f in FORMS if f[0] not in _KEYWORD_LINE_FORMS]
# the forms whose last words the lexer reads only with the period after them (its one-word lookahead at the end of
# the paragraph: a trailing "a menos que" clause, a reflexive verb before a name): without it they still end too early
_NEEDS_ITS_PERIOD = {"reflexive verb", "lead without its comma before a name", "condition: a menos que"}
_READ_WITHOUT_PERIOD = [f for f in _ENDS_WITH_SENTENCE if f[0] not in _NEEDS_ITS_PERIOD]


@pytest.mark.parametrize(("form", "text", "word", "typo"), _READ_WITHOUT_PERIOD, ids=[f[0] for f in _READ_WITHOUT_PERIOD])
def test_form_without_its_final_period_is_read_as_printed(form: str, text: str, word: str | None,
                                                          typo: str | None) -> None:
    """The sentence that ends a paragraph may be printed without its period (as a keyword line may: the record of
    Esperança V1's second paragraph): it is read as with it, and renders back as printed, without it."""
    card = _compile(text[:-1])
    assert card.bound and not [d for d in card.diagnostics if d.severity.value == "error"], \
        [d.message for d in card.diagnostics]
    assert card.action is not None
    (para,) = card.action.paragraphs
    assert isinstance(para, EffectParagraph)
    assert [s.period for s in para.sentences] == [True] * (len(para.sentences) - 1) + [False]
    assert render_node(para) == text[:-1]
    with_period = _compile(text).action
    assert with_period is not None
    (full,) = with_period.paragraphs
    assert isinstance(full, EffectParagraph) and len(full.sentences) == len(para.sentences)


@pytest.mark.parametrize("form", sorted(_NEEDS_ITS_PERIOD))
def test_form_whose_end_the_lexer_reads_only_with_its_period(form: str) -> None:
    (text,) = [f[1] for f in FORMS if f[0] == form]
    assert "CS101" in [d.code for d in _compile(text[:-1]).diagnostics]


def test_only_the_last_sentence_may_lack_its_period() -> None:
    """Between two sentences the period is still needed: without it the next sentence does not fit."""
    assert "CS100" in [d.code for d in _compile("Compre um card Descarte um card.").diagnostics]


@pytest.mark.parametrize("text", ["Pelotão", "Liderar {1} - afiliação Gangue da Demolição", "Liderar {1} ou {2} - "
                                  "afiliação Gangue da Demolição", "Prontidão - ação Rasgar (a ação indicada pode ser "
                                  "usada por este personagem no turno em que ele entrou em cena)"])
def test_a_keyword_line_without_its_period_is_read_as_printed(text: str) -> None:
    card = _compile(text)
    assert card.bound and card.ok, [d.message for d in card.diagnostics]
    assert card.action is not None
    (para,) = card.action.paragraphs
    assert isinstance(para, KeywordLine) and not para.period
    assert render_node(para) == text
    assert [k.name for k in card.keywords] == [text.split()[0]]
    assert "CS100" in [d.code for d in _compile(text + " Compre um card.").diagnostics]   # only at the end


def test_a_keyword_with_a_choice_of_values_passes_the_choice_on() -> None:
    card = _compile("Liderar {1} ou {2} - afiliação Gangue da Demolição.")
    (use,) = card.keywords
    assert use.value == "{1} ou {2}" and use.block is not None
    assert "capacitar em {1} ou {2} um personagem" in use.text[0]


MEANINGS = [
    ("Rasgar causa 1 ponto de dano no alvo.", Procedure.DAMAGE),
    ("Compre dois cards.", Procedure.DRAW),
    ("Incapacite o alvo em {1} ou {2}.", Procedure.INCAPACITATE),
    ("Você pode descartar um card.", Procedure.DISCARD),
    ("O alvo ganha Escudo -1 até o final do turno.", Procedure.GAIN),
    ("Procure em seu deck por um card de personagem, revele-o e embaralhe o seu deck.", Procedure.SEARCH),
]


@pytest.mark.parametrize(("text", "procedure"), MEANINGS)
def test_a_clause_means_the_procedure_its_verb_names(text: str, procedure: Procedure) -> None:
    card = _compile(text)
    assert card.action is not None
    para = card.action.paragraphs[0]
    assert isinstance(para, EffectParagraph)
    clause = para.sentences[0].body.clauses[0]
    assert isinstance(clause, Clause) and clause.procedure is procedure


def test_search_sentence_is_three_procedures_in_order() -> None:
    card = _compile("Procure em seu deck por um card de personagem, revele-o e embaralhe o seu deck.")
    assert card.action is not None
    para = card.action.paragraphs[0]
    assert isinstance(para, EffectParagraph)
    procs = [c.procedure for c in para.sentences[0].body.clauses]
    assert procs == [Procedure.SEARCH, Procedure.REVEAL, Procedure.SHUFFLE]


def test_optional_clause_is_marked_as_a_choice() -> None:
    card = _compile("Você pode descartar um card. Se o fizer, compre dois cards.")
    assert card.action is not None
    para = card.action.paragraphs[0]
    assert isinstance(para, EffectParagraph)
    assert para.sentences[0].body.clauses[0].optional
    assert para.sentences[1].body.leads[0].kind.value == "if_done"


def test_keyword_line_is_its_own_node() -> None:
    card = _compile("Liderar {1} - afiliação Gangue da Demolição.")
    assert card.action is not None
    para = card.action.paragraphs[0]
    assert isinstance(para, KeywordLine) and para.keyword == "Liderar"


def test_extra_cost_belongs_to_its_sentence() -> None:
    card = _compile("Descarregue um card deste personagem: Rasgar causa 1 ponto de dano no alvo.")
    assert card.action is not None
    para = card.action.paragraphs[0]
    assert isinstance(para, EffectParagraph) and para.sentences[0].cost is not None
    assert para.sentences[0].cost.clauses[0].procedure is Procedure.UNLOAD


def test_unbound_reference_is_a_diagnostic() -> None:
    card = _compile("Revele aquele card.")
    diag = next(d for d in card.diagnostics if d.code == "CS200")
    assert diag.location() == (TEXT_LINE, 10)


def test_x_must_be_defined() -> None:
    assert "CS230" in [d.code for d in _compile("Compre X cards.").diagnostics]
    assert "CS230" not in [d.code for d in _compile("Compre X cards. X é igual ao número de cards em sua mão.")
                           .diagnostics]


def test_unknown_icon_is_a_diagnostic_with_a_suggestion() -> None:
    diag = next(d for d in _compile("Este personagem ganha {AGI}.").diagnostics if d.code == "CS103")
    assert diag.hint == "did you mean {AG}?"


def test_phase_names_are_checked_against_the_rules() -> None:
    bad = _compile("Durante sua Fase de Ataque, compre um card.")
    diag = next(d for d in bad.diagnostics if d.code == "CS210")
    assert diag.hint == "Etapa de Ataque is a step"
    assert "CS210" not in [d.code for d in _compile("Durante sua Fase de Preparação, compre um card.").diagnostics]


def test_unknown_affiliation_is_a_warning_with_did_you_mean() -> None:
    card = _compile("Os personagens com a afiliação Gangue da Demolicao que você controla ganham Escudo +2.")
    assert card.ok
    assert [d.code for d in card.diagnostics] == []      # accents do not matter: it is the known name
    card = _compile("Os personagens com a afiliação Gange da Demolição que você controla ganham Escudo +2.")
    diag = next(d for d in card.diagnostics if d.code == "CS220")
    assert diag.hint == "did you mean 'Gangue da Demolição'?"


def _bindings(text: str, permanent: str | None = None) -> dict[str, str]:
    body = PREFIX + text + "\n"
    if permanent is not None:
        body = body.replace("\nAção: Rasgar", f"\nTexto permanente:\n  {permanent}\n\nAção: Rasgar")
    card = compile_source(SourceFile("t.card", body))
    assert card.bound, [d.message for d in card.diagnostics]
    blocks = [b for b in (card.permanent, card.action) if b is not None]
    return {b.reference: b.target for block in blocks for b in block.bindings}


def test_the_chosen_thing_is_bound_across_paragraphs() -> None:
    b = _bindings("Rasgar causa 2 pontos de dano no personagem escolhido.",
                  permanent="Quando este personagem entrar em cena, escolha um personagem controlado por um oponente.")
    assert b["o personagem escolhido"] == "um personagem controlado"


def test_own_names_bind_to_the_card_and_the_action() -> None:
    b = _bindings("Rasgar causa 1 ponto de dano no alvo.")
    assert b["Rasgar"] == "this action" and b["o alvo"] == "the action's target"


def test_pronouns_bind_to_the_latest_person_like_thing() -> None:
    b = _bindings("Escolha um personagem que você controla. Capacite aquele personagem em {1}.")
    assert b["aquele personagem"] == "um personagem"


def test_x_first_used_in_what_the_player_may_do_is_chosen_by_the_player() -> None:
    assert "CS230" not in [d.code for d in _compile("Você pode descartar X cards. Se o fizer, compre X cards.")
                           .diagnostics]
    assert "CS230" in [d.code for d in _compile("Rasgar causa X pontos de dano no alvo. Você pode descartar X cards.")
                       .diagnostics]


def test_x_chosen_when_paying_an_extra_cost_is_defined() -> None:
    card = _compile("Descarregue X cards deste personagem: Rasgar causa X pontos de dano no alvo.")
    assert "CS230" not in [d.code for d in card.diagnostics]


def test_nothing_chosen_means_unbound() -> None:
    card = _compile("Rasgar causa 1 ponto de dano no personagem escolhido.")
    assert "CS200" in [d.code for d in card.diagnostics]


def test_a_pronoun_with_two_equal_candidates_in_one_clause_is_ambiguous() -> None:
    card = _compile("Quando um personagem causar dano em um personagem, ele ganha Escudo +1.")
    diag = next(d for d in card.diagnostics if d.code == "CS201")
    assert diag.severity.value == "warning" and "um personagem" in diag.message
    assert card.bound            # still read, as the latest one


def test_an_evolucao_panel_is_read_and_a_bad_one_is_a_located_diagnostic() -> None:
    head = "Personagem-EV: Teste V2\nEnergia inicial: 5\nValor de acréscimo: 2\nEscudo: 2\nEvolução: "
    good = compile_source(SourceFile("ev.card", head + "Personagem com alter ego Peter Parker\n"))
    assert good.evolution is not None and good.ok
    bad = compile_source(SourceFile("ev.card", head + "Personagem xyzzy\n"))
    diag = next(d for d in bad.diagnostics if d.code == "CS100")
    assert diag.location()[0] == 5 and "xyzzy" in diag.message


def test_a_condition_without_its_comma_is_still_a_lead_of_the_main_clause() -> None:
    card = _compile("Se o alvo sair de cena neste turno você pode capacitar este personagem em {1}.")
    assert card.action is not None
    para = card.action.paragraphs[0]
    assert isinstance(para, EffectParagraph)
    body = para.sentences[0].body
    assert [lead.kind.value for lead in body.leads] == ["condition"]
    (clause,) = body.clauses
    assert clause.procedure is Procedure.CAPACITATE and clause.optional
    assert render_node(body.leads[0]) == "se o alvo sair de cena neste turno"


@pytest.mark.parametrize(("text", "lead"), [
    ("Quando este cenário entrar em cena escolha um personagem em cena.", "quando este cenário entrar em cena"),
    ("Enquanto você controlar um personagem vilão a ação Rasgar é uma ação Imprevista.",
     "enquanto você controlar um personagem vilão"),
    ("Se o alvo sair de cena neste turno este personagem ganha Escudo +1.", "se o alvo sair de cena neste turno"),
])
def test_a_lead_without_its_comma_ends_before_the_main_clause(text: str, lead: str) -> None:
    card = _compile(text)
    assert card.action is not None
    para = card.action.paragraphs[0]
    assert isinstance(para, EffectParagraph)
    (first,) = para.sentences[0].body.leads
    assert render_node(first) == lead


def test_the_kind_of_a_lead_opened_by_a_word() -> None:
    card = _compile("Compre um card. Depois, descarte um card. Você pode descartar um card. Se o fizer, compre um card. "
                    "Então compre um card. Imediatamente, compre um card.")
    assert card.action is not None
    para = card.action.paragraphs[0]
    assert isinstance(para, EffectParagraph)
    kinds = [lead.kind.value for s in para.sentences for lead in s.body.leads]
    assert kinds == ["then", "if_done", "then", "window"]
