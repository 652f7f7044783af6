"""The compiled-card cache (issue 12.1: ``cardscript.compiler.cache``): a warm compile gives exactly what a cold one
gives; a stale entry is never read (the card's text, the names in scope, the prelude, the compiler's version are
in the key); a corrupt, truncated or foreign entry is compiled again and rewritten, never a crash and never code
run; ``--no-cache`` writes nothing; the cache is pruned, oldest-used first, to its bound. And start-up (12.3):
``cardscript --help`` and ``--version`` load no compiler, a warm ``check`` no Lark nor jinja2."""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardscript
from cardscript import cli
from cardscript.compiler import pipeline
from cardscript.compiler.cache import CardBuild, compile_cards, keys, set_enabled
from cardscript.compiler.cache.codec import BadEntry, decode, encode
from cardscript.compiler.cache.store import DEFAULT_SIZE, SIZE_ENV, Store, size_limit
from cardscript.compiler.files import library_path, prelude_path
from cardscript.compiler.prelude import PRELUDE_ENV, forget_prelude
from cardscript.grammar.lark_cache import lark_cache_name

ROOT = Path(__file__).resolve().parent.parent
CARDS = ("bsum/capitao-america-v1.card", "bsum/fogo-cruzado-v1.card", "bsum/dente-de-sabre-v1.card")


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The cache turned on, in a folder of this test's."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("CARDSCRIPT_CACHE_DIR", str(folder))
    monkeypatch.delenv("CARDSCRIPT_NO_CACHE", raising=False)
    set_enabled(True)
    yield folder
    set_enabled(True)


@pytest.fixture
def library(tmp_path: Path) -> Path:
    """Three bundled cards copied into a folder of their own."""
    folder = tmp_path / "cards"
    folder.mkdir()
    for rel in CARDS:
        shutil.copy(library_path() / rel, folder / Path(rel).name)
    return folder


@pytest.fixture
def compiled(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the card files actually compiled (the cache missed), in order."""
    seen: list[str] = []
    real = pipeline.compile_read

    def counting(src: object, read: object, scope: object) -> object:
        seen.append(Path(src.path).name)             # type: ignore[attr-defined]
        return real(src, read, scope)                 # type: ignore[arg-type]

    monkeypatch.setattr(pipeline, "compile_read", counting)
    return seen


def uncached(paths: list[str | Path]) -> list[CardBuild]:
    set_enabled(False)
    try:
        return compile_cards(paths)
    finally:
        set_enabled(True)


def entries(folder: Path) -> list[Path]:
    """The entries of the cache (not the memo of the compiler's version, nor the size last listed)."""
    root = folder / "compiled"
    return sorted(p for p in root.rglob("*") if p.is_file() and p.parent != root and p.parent.name != "versions")


# ---------------------------------------------------------------------------------------------------------
# warm = cold


def test_a_warm_check_prints_exactly_what_a_cold_one_prints(cache: Path, compiled: list[str],
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """The bundled library, checked cold, warm and with --no-cache (text, and --strict as JSON): the same output,
    the same exit code; the warm run compiles nothing."""
    runs: list[tuple[int, str]] = []
    for argv in (["check"], ["check"], ["check", "--no-cache"]):
        code = cli.main(argv)
        runs.append((code, capsys.readouterr().out))
    assert len(compiled) == 2 * len(pipeline.card_files([library_path()]))    # the cold run and --no-cache
    assert runs[0] == runs[1] == runs[2]
    assert "checked " in runs[0][1]
    strict = [(cli.main(["check", "--strict", "--format", "json"]), capsys.readouterr().out) for _ in range(2)]
    assert strict[0] == strict[1]
    assert '"CS261"' in strict[0][1]


def test_warm_builds_equal_cold_builds_and_the_compiler_s(cache: Path, library: Path, compiled: list[str]) -> None:
    """Every field of every build (diagnostics, flags, the lowered CardDef) is the same from the cache; and the same
    as the compiler's own compile_paths + lowering."""
    cold = compile_cards([library])
    compiled.clear()
    warm = compile_cards([library])
    assert compiled == []
    assert cold == warm == uncached([library])
    by_pipeline = pipeline.compile_paths([library])
    assert [b.diagnostics for b in warm] == [tuple(c.diagnostics) for c in by_pipeline]
    assert all(b.definition is not None for b in warm)
    assert [b.definition is None for b in compile_cards([library], definitions=False)] == [True] * len(CARDS)


# ---------------------------------------------------------------------------------------------------------
# never stale


def test_editing_a_card_recompiles_that_card_alone(cache: Path, library: Path, compiled: list[str]) -> None:
    compile_cards([library])
    assert len(compiled) == len(CARDS)
    compiled.clear()
    card = library / "fogo-cruzado-v1.card"
    card.write_text(card.read_text(encoding="utf-8").replace("compre um card", "compre dois cards"), encoding="utf-8")
    after = compile_cards([library])
    assert compiled == ["fogo-cruzado-v1.card"]
    assert after == uncached([library])
    (edited,) = [b for b in after if b.path.endswith("fogo-cruzado-v1.card")]
    assert "dois" in edited.source.text


def test_a_changed_name_recompiles_every_card_in_its_scope(cache: Path, library: Path, compiled: list[str]) -> None:
    """A header's name is in every card's scope (it may be named in their text): all of them compile again."""
    compile_cards([library])
    compiled.clear()
    card = library / "dente-de-sabre-v1.card"
    card.write_text(card.read_text(encoding="utf-8").replace("Ação: Dilacerar", "Ação: Rasgar Tudo")
                    .replace("Dilacerar causa", "Rasgar Tudo causa"), encoding="utf-8")
    after = compile_cards([library])
    assert sorted(compiled) == sorted(Path(c).name for c in CARDS)
    assert after == uncached([library])
    compiled.clear()
    compile_cards([library])
    assert compiled == []


def test_names_given_besides_are_in_the_key(cache: Path, library: Path, compiled: list[str]) -> None:
    from cardscript.grammar.names import NameRegistry

    compile_cards([library])
    compiled.clear()
    extra = NameRegistry()
    extra.add("card", "Senhor Destino")
    compile_cards([library], extra)
    assert len(compiled) == len(CARDS)


def test_a_changed_prelude_recompiles(cache: Path, library: Path, compiled: list[str], tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    prelude = tmp_path / "prelude"
    shutil.copytree(prelude_path(), prelude)
    monkeypatch.setenv(PRELUDE_ENV, str(prelude))
    forget_prelude()
    try:
        compile_cards([library])
        compiled.clear()
        compile_cards([library])
        assert compiled == []
        liderar = prelude / "liderar.kw"
        liderar.write_text(liderar.read_text(encoding="utf-8") + "\n", encoding="utf-8")
        forget_prelude()
        compile_cards([library])
        assert len(compiled) == len(CARDS)
    finally:
        monkeypatch.delenv(PRELUDE_ENV)
        forget_prelude()


def test_the_compiler_s_version_is_every_file_of_the_compiler_and_the_grammar(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An edited source (same size, same name) is another version; the memo by file times never hides an edit and
    a damaged memo is recomputed."""
    package = tmp_path / "pkg"
    (package / "compiler").mkdir(parents=True)
    (package / "grammar").mkdir()
    (package / "__init__.py").write_text("")
    source = package / "compiler" / "lower.py"
    source.write_text("A = 1\n")
    (package / "grammar" / "sentences.lark").write_text("start: WORD\n")
    memo = tmp_path / "memo"
    memo.mkdir()
    monkeypatch.setattr(cardscript, "__file__", str(package / "__init__.py"))
    keys.compiler_digest.cache_clear()
    try:
        first = keys.compiler_digest(memo)
        assert first == keys.compiler_digest.__wrapped__(None)      # the memo gives what the files give
        source.write_text("A = 2\n")
        os.utime(source, ns=(time.time_ns(), time.time_ns() + 10_000_000))
        keys.compiler_digest.cache_clear()
        second = keys.compiler_digest(memo)
        assert second != first
        for kept in memo.iterdir():
            kept.write_text("not a digest")
        keys.compiler_digest.cache_clear()
        assert keys.compiler_digest(memo) == second
        (package / "grammar" / "sentences.lark").write_text("start: NAME\n")
        keys.compiler_digest.cache_clear()
        assert keys.compiler_digest(None) not in (first, second)
    finally:
        keys.compiler_digest.cache_clear()


def test_the_header_facts_give_the_names_the_headers_give() -> None:
    raws = [r for r, _ in map(pipeline.read_header, (s for s in map(pipeline.read_source,
            pipeline.card_files([library_path()])) if not isinstance(s, pipeline.Diagnostic))) if r is not None]
    by_facts = keys.names_from_facts(keys.header_facts(r) for r in raws)
    assert by_facts.by_kind == pipeline.names_from_headers(raws).by_kind
    assert keys.scope_digest(by_facts) == keys.scope_digest(pipeline.names_from_headers(raws))


# ---------------------------------------------------------------------------------------------------------
# bad entries


def _damage(data: bytes, how: str, noise: bytes) -> bytes:
    if how == "random":
        return noise
    if how == "truncate":
        return data[: len(noise) % max(len(data), 1)]
    if how == "flip":
        at = int.from_bytes(noise[:4].ljust(4, b"\0"), "little") % max(len(data), 1)
        return data[:at] + bytes([data[at] ^ 0xFF]) + data[at + 1:] if data else noise
    return data + noise                                                      # "append"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(how=st.sampled_from(("random", "truncate", "flip", "append")), noise=st.binary(min_size=1, max_size=400))
def test_damaged_entries_are_compiled_again_and_rewritten(cache: Path, library: Path, how: str,
                                                         noise: bytes) -> None:
    reference = uncached([library])
    compile_cards([library])
    for entry in entries(cache):
        entry.write_bytes(_damage(entry.read_bytes(), how, noise))
    assert compile_cards([library]) == reference
    for entry in entries(cache):                                             # each rewritten: it reads again
        decode(entry.name, entry.read_bytes())
    assert compile_cards([library]) == reference


class _Evil:
    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.system, ("touch pwned",))


def test_a_foreign_pickle_is_no_entry_and_runs_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(BadEntry):
        decode("k", encode("k", _Evil()))
    assert not (tmp_path / "pwned").exists()
    with pytest.raises(BadEntry):                          # a function of cardscript's is no class either
        decode("k", encode("k", pipeline.card_files))
    with pytest.raises(BadEntry):                          # an entry moved under another key
        decode("other", encode("k", (1, 2)))
    assert decode("k", encode("k", (1, 2))) == (1, 2)
    raw = pickle.dumps((1,))
    with pytest.raises(BadEntry):                          # a plain pickle, no frame
        decode("k", raw)


def test_a_cache_folder_that_cannot_be_written_is_no_cache(tmp_path: Path, library: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("CARDSCRIPT_CACHE_DIR", str(blocker))
    monkeypatch.delenv("CARDSCRIPT_NO_CACHE", raising=False)
    assert compile_cards([library]) == uncached([library])


# ---------------------------------------------------------------------------------------------------------
# --no-cache, the size bound


def test_no_cache_neither_reads_nor_writes(cache: Path, library: Path, compiled: list[str],
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["check", "--no-cache", str(library)]) == 0
    assert not entries(cache)
    cli.main(["check", str(library)])
    written = entries(cache)
    assert written
    compiled.clear()
    cli.main(["check", "--no-cache", str(library)])
    assert len(compiled) == len(CARDS)                     # not read either
    assert entries(cache) == written
    compiled.clear()
    cli.main(["check", str(library)])                      # --no-cache was for that command only
    assert compiled == []
    capsys.readouterr()


def test_pruning_removes_the_oldest_used_first(tmp_path: Path) -> None:
    store = Store(tmp_path)
    now = time.time()
    for n in range(5):
        key = f"{n:02d}" + "ab" * 19
        store.put(key, bytes(100))
        os.utime(tmp_path / key[:2] / key, (now - 10_000 + n * 100, now - 10_000 + n * 100))
    assert store.get("00" + "ab" * 19) is not None          # used now: the youngest
    assert store.prune(limit=350) == 3                      # down to 80% of the bound: two entries left
    left = sorted(p.name[:2] for _, _, p in store.entries())
    assert left == ["00", "04"]
    assert store.prune(limit=10_000) == 0
    store.put("05" + "ab" * 19, bytes(100))
    assert store.prune(limit=250) == 1                      # the size kept (200) + written (100) passes 250
    assert sorted(p.name[:2] for _, _, p in store.entries()) == ["00", "05"]


def test_the_size_bound_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for text, size in (("10M", 10 * 1024 ** 2), ("2g", 2 * 1024 ** 3), ("4096", 4096), ("512KiB", 512 * 1024),
                        ("lots", DEFAULT_SIZE), ("", DEFAULT_SIZE)):
        monkeypatch.setenv(SIZE_ENV, text)
        assert size_limit() == size


def test_a_small_bound_keeps_the_cache_small(cache: Path, library: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SIZE_ENV, "4K")
    assert compile_cards([library]) == uncached([library])
    assert sum(p.stat().st_size for p in entries(cache)) <= 4 * 1024


# ---------------------------------------------------------------------------------------------------------
# the grammar's tables; start-up


def test_the_lark_tables_are_keyed_by_lark_s_version_and_the_grammar() -> None:
    import lark

    name = lark_cache_name("sentences", "start: A\n", {"parser": "lalr"})
    assert f"lark{lark.__version__}" in name
    assert name != lark_cache_name("sentences", "start: B\n", {"parser": "lalr"})
    assert name != lark_cache_name("sentences", "start: A\n", {"parser": "lalr", "strict": True})


def _imported(args: list[str], env: dict[str, str] | None = None) -> set[str]:
    """The modules ``python -X importtime -m cardscript ARGS`` imports."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "cardscript", *args], capture_output=True,
                          text=True, cwd=ROOT, env=env, check=False)
    assert done.returncode in (0, 1), done.stderr[-2000:]
    return {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}


def _heavy(modules: set[str], prefixes: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if m.startswith(prefixes))


@pytest.mark.parametrize("flag", ["--help", "--version"])
def test_help_and_version_load_no_compiler(flag: str) -> None:
    modules = _imported([flag])
    assert "cardscript.cli" in modules
    assert _heavy(modules, ("cardscript.compiler", "cardscript.games.battle_scenes.runtime", "cardscript.grammar",
                            "lark", "jinja2")) == []


def test_the_help_lists_every_command_and_each_command_parses_alone(capsys: pytest.CaptureFixture[str]) -> None:
    """Only the command named is registered (start-up), yet the top-level help and errors know them all."""
    from cardscript.tools import COMMANDS

    names = [cli.command_name(c) for c in COMMANDS]
    for argv in (["--help"], ["--help", "check"]):
        assert cli.main(argv) == 0
        listed = capsys.readouterr().out
        assert all(name in listed for name in names)
    assert cli.main(["chek"]) == 2
    assert "invalid choice" in capsys.readouterr().err
    assert cli.main(["check", "--help"]) == 0
    assert "--no-cache" in capsys.readouterr().out
    assert cli.build_parser(["check"]).parse_args(["check", "--strict"]).strict


def test_version_says_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"cardscript {cardscript.__version__}"


def test_a_warm_check_imports_neither_lark_nor_jinja2(tmp_path: Path, library: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "CARDSCRIPT_NO_CACHE"}
    env["CARDSCRIPT_CACHE_DIR"] = str(tmp_path / "cache")
    cold = _imported(["check", str(library)], env)
    assert "lark" in cold                                   # the cold run compiled
    warm = _imported(["check", str(library)], env)
    assert _heavy(warm, ("lark", "jinja2", "cardscript.grammar.parser", "cardscript.compiler.pipeline")) == []
