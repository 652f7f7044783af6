"""Issue 10, part 6: seeded fuzzing of every input a user gives the toolchain, bounded in time (~20 s in all).

Cards, decks and keyword files of the library mutated at random (and their bytes broken), corpus records with
fields of the wrong JSON type: each is read without an exception or a CS900, every diagnostic located inside
the text and bounded (tests/fuzz_oracles.py says what is checked). The runs are derandomised (the same cases
every time); ``bench/fuzz_inputs.py`` runs many more, and docs/reliability.md has its figures.
"""

from __future__ import annotations

import random

import pytest
from fuzz_oracles import TARGETS, check_card, check_corpus, corpus_records
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

EXAMPLES = {"card": 60, "deck": 40, "keyword": 60, "corpus": 40}


def _settings(n: int) -> settings:
    return settings(max_examples=n, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("target", list(TARGETS))
def test_mutated_inputs_never_raise(target: str) -> None:
    make, check = TARGETS[target]
    if target == "corpus" and not corpus_records():
        pytest.skip("no corpus at ../shared/corpus")

    @_settings(EXAMPLES[target])
    @given(st.randoms(use_true_random=False))
    def run(rnd: random.Random) -> None:
        check(make(rnd))

    run()


@_settings(60)
@given(st.binary(max_size=300))
def test_arbitrary_bytes_as_a_card_or_a_corpus(data: bytes) -> None:
    check_card(data)
    check_corpus(data)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                    max_leaves=8)
FIELDS = ["code", "collection", "name", "version", "alter_ego", "type", "alignments", "affiliations", "powers",
          "initial_energy", "addition_value", "shield", "action", "permanent_text", "ev_text", "rarity"]


@_settings(60)
@given(st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=len(FIELDS)))
def test_records_with_fields_of_any_type(record: dict[str, object]) -> None:
    import json

    check_corpus(json.dumps(record).encode())


COMMANDS = {"card": [["check"], ["render"], ["explain"]], "deck": [["deck", "check"]],
            "corpus": [["corpus"], ["translate"], ["rulings"]]}


@pytest.mark.parametrize("kind", list(COMMANDS))
def test_every_command_answers_a_mutated_file_with_its_exit_code(kind: str, tmp_path_factory: pytest.TempPathFactory,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The whole command, from the file on disk: exit 0, 1 or 2, never an internal error or a traceback."""
    from cardscript.cli import main

    make, _ = TARGETS[kind]
    folder = tmp_path_factory.mktemp(kind)

    @_settings(12)
    @given(st.randoms(use_true_random=False))
    def run(rnd: random.Random) -> None:
        path = folder / f"input.{kind}"
        path.write_bytes(make(rnd))
        for command in COMMANDS[kind]:
            code = main([*command, str(path)])
            captured = capsys.readouterr()
            assert code in (0, 1, 2)
            assert "internal error" not in captured.err and "Traceback" not in captured.err + captured.out
            assert "CS900" not in captured.out

    run()
