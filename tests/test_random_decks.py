"""Random legal decks (``cardscript.games.battle_scenes.runtime.random_decks``): 40 cards, the copy limits (3; Item
Único: 1),
deterministic for a seed; the pool is a folder's executable cards, one per title."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardscript.compiler.ir import CardDef, Effect, EffectKind, Rule
from cardscript.core.source import SourceFile
from cardscript.games.battle_scenes.runtime.deck import DECK_SIZE, check_cards, check_source
from cardscript.games.battle_scenes.runtime.library import library_cards, load_library
from cardscript.games.battle_scenes.runtime.random_decks import (
    CHARACTERS,
    PoolTooSmall,
    build_deck,
    card_pool,
    deck_entries,
    random_decks,
)
from cardscript.games.battle_scenes.runtime.rules import copy_limit
from tests.card_library import write_library

ITEM_UNICO = (Effect(EffectKind.STATIC, (Rule(rule="deck_copies", value="1"),), keyword="Item Único"),)


def card(title: str, card_type: str = "Personagem", item: bool = False) -> CardDef:
    name, version = title.rsplit(" V", 1)
    return CardDef(title=title, name=name, version=int(version), card_type=card_type,
                   effects=ITEM_UNICO if item else ())


POOL = (
    [card(f"Personagem {i} V1") for i in range(9)]
    + [card(f"Evolução {i} V1", "Personagem-EV") for i in range(2)]
    + [card(f"Habilidade {i} V1", "Habilidade") for i in range(6)]
    + [card(f"Item {i} V1", "Habilidade", item=True) for i in range(5)]
    + [card(f"Cenário {i} V1", "Cenário") for i in range(3)]
    + [card(f"Suporte {i} V1", "Suporte") for i in range(2)]
)


def legal(deck: list[CardDef]) -> bool:
    counts = Counter(c.title for c in deck)
    return len(deck) == DECK_SIZE and all(counts[c.title] <= copy_limit(c)[0] for c in deck)


def test_a_random_deck_has_40_cards_within_the_copy_limits() -> None:
    deck = build_deck(POOL, random.Random(1))
    assert len(deck) == DECK_SIZE and legal(deck) and check_cards(deck) == []
    counts = Counter(c.title for c in deck)
    assert all(counts[f"Item {i} V1"] <= 1 for i in range(5)), "Item Único: at most one copy"
    assert max(counts.values()) <= 3
    assert sum(c.is_character for c in deck) == CHARACTERS, "18 of 40 characters when the pool allows it"


def test_item_unico_is_never_over_one_copy_even_when_the_pool_is_just_large_enough() -> None:
    # 13 cards of 3 copies (39) and 3 Item Único (3): 42 in all; the deck must take Item Único cards, once each
    pool = [card(f"Carta {i} V1", "Habilidade") for i in range(13)] + [
        card(f"Item {i} V1", "Habilidade", item=True) for i in range(3)]
    for seed in range(30):
        deck = build_deck(pool, random.Random(seed))
        counts = Counter(c.title for c in deck)
        assert check_cards(deck) == [] and len(deck) == 40
        assert all(counts[f"Item {i} V1"] <= 1 for i in range(3))
        assert sum(counts[f"Item {i} V1"] for i in range(3)) >= 1


def test_the_same_seed_gives_the_same_decks_whatever_the_pools_order() -> None:
    a1, b1 = random_decks(POOL, 7)
    a2, b2 = random_decks(list(reversed(POOL)), 7)
    assert [c.title for c in a1] == [c.title for c in a2] and [c.title for c in b1] == [c.title for c in b2]
    assert deck_entries(a1) != deck_entries(random_decks(POOL, 8)[0])
    assert deck_entries(a1) != deck_entries(b1), "side A and side B get different decks"


def test_a_pool_too_small_for_a_legal_deck_is_an_error() -> None:
    pool = [card(f"Carta {i} V1") for i in range(13)]                  # 39 copies at most
    with pytest.raises(PoolTooSmall, match="at most 39 cards in a deck"):
        build_deck(pool, random.Random(0))
    with pytest.raises(PoolTooSmall):
        build_deck([card(f"Item {i} V1", item=True) for i in range(39)], random.Random(0))


def test_characters_fill_what_the_other_cards_cannot_and_vice_versa() -> None:
    few_others = [card(f"Personagem {i} V1") for i in range(20)] + [card("Cenário 0 V1", "Cenário")]
    deck = build_deck(few_others, random.Random(3))
    assert sum(not c.is_character for c in deck) <= 3 and check_cards(deck) == []
    few_characters = [card("Personagem 0 V1")] + [card(f"Habilidade {i} V1", "Habilidade") for i in range(20)]
    deck = build_deck(few_characters, random.Random(3))
    assert sum(c.is_character for c in deck) <= 3 and check_cards(deck) == []


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(), keep=st.sets(st.integers(min_value=0, max_value=len(POOL) - 1), min_size=10))
def test_property_the_builder_always_returns_a_legal_deck(seed: int, keep: set[int]) -> None:
    """For any seed and any part of the pool that allows 40 cards, the deck is legal (and 40 cards)."""
    pool = [POOL[i] for i in sorted(keep)]
    if sum(copy_limit(c)[0] for c in pool) < DECK_SIZE:
        with pytest.raises(PoolTooSmall):
            build_deck(pool, random.Random(seed))
        return
    deck = build_deck(pool, random.Random(seed))
    assert legal(deck) and check_cards(deck) == []
    assert {c.title for c in deck} <= {c.title for c in pool}
    assert build_deck(pool, random.Random(seed)) == deck, "deterministic for a seed"


def test_the_pool_is_the_folders_executable_cards_one_per_title(tmp_path: Path) -> None:
    folder = write_library(tmp_path)
    (folder / "outra").mkdir()
    (folder / "outra" / "alfa-v1.card").write_text((folder / "tst" / "alfa-v1.card").read_text(encoding="utf-8"),
                                                   encoding="utf-8")
    pool = card_pool([folder])
    entries = library_cards([folder])
    assert pool.files == len(entries) == 17
    titles = [c.definition.title for c in pool.cards]
    assert titles == sorted(set(titles)), "one card per title, sorted"
    assert "Quebrado V1" not in titles, "a card that does not compile is never in a deck"
    assert all(e.executable for e in entries if e.definition is not None and e.definition.title in titles)
    executable = {e.definition.title for e in entries if e.executable and e.definition is not None}
    assert set(titles) == executable
    assert pool.path_of("Alfa V1").endswith("outra/alfa-v1.card"), "the first file by path wins"
    assert [Path(p).parent.name for p in pool.shadowed] == ["tst"]
    martelo = next(c for c in pool.cards if c.definition.title == "Martelo V1")
    assert (martelo.limit, martelo.reason) == (1, "Item Único")


def test_a_random_deck_from_a_folder_passes_the_deck_file_check(tmp_path: Path) -> None:
    """Written as a .deck file, a random deck is valid for ``cardscript deck check`` against its folder."""
    folder = write_library(tmp_path)
    pool = card_pool([folder])
    library = load_library([folder])
    for seed in range(5):
        for deck in random_decks(pool.definitions, seed):
            text = "".join(f"{n} {title}\n" for title, n in deck_entries(deck))
            report = check_source(SourceFile("random.deck", text), library)
            assert report.valid and report.size == 40, [d.message for d in report.diagnostics]
            assert Counter(c.title for c in deck)["Martelo V1"] <= 1


def test_the_bundled_library_makes_random_decks() -> None:
    pool = card_pool()
    assert pool.capacity >= DECK_SIZE
    a, b = random_decks(pool.definitions, 0)
    assert check_cards(a) == [] and check_cards(b) == []
