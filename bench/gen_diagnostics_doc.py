"""Writes docs/diagnostics.md from the code registry: python bench/gen_diagnostics_doc.py > docs/diagnostics.md"""

from cardscript.core.diagnostics import CODES

print("# Diagnostics\n")
print("Every finding is `file:line:col: severity[CODE] message`, then the source line, a caret under the span")
print("and a hint. `cardscript check --format json|sarif` gives the same as JSON or SARIF 2.1.0;")
print("`cardscript explain CODE` prints one code's entry. One run reports every independent problem of a file: the")
print("header's and the text's (a header that does not read does not hide the text's problems), and several per")
print("paragraph -- after a failure the parser reads the paragraph again from the next sentence, up to five")
print("diagnostics a paragraph (`python bench/resume_check.py DIR`: every sentence start of the translated dev")
print("corpus parses on its own when its paragraph parses, 421 of 421, so a resumption adds no false error).")
print("Exit codes: 0 clean, 1 diagnostics, 2 usage. Generated from `cardscript/core/diagnostics.py` by")
print("`python bench/gen_diagnostics_doc.py > docs/diagnostics.md`. In SARIF each rule's `helpUri` is its row here")
print("(`diagnostics.md#cs100`, under the `Documentation` address of pyproject.toml's `[project.urls]`), and the")
print("run names the tool's version; the output validates against the SARIF 2.1.0 schema (tests/test_sarif.py).\n")
print("| code | severity | title | meaning |")
print("|---|---|---|---|")
for c in sorted(CODES.values(), key=lambda c: c.code):
    print(f"| <a id=\"{c.code.lower()}\"></a>{c.code} | {c.severity.value} | {c.title} | {c.explanation} |")
