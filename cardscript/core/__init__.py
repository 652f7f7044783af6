"""The language core's base, used by every layer (grammar, compiler, runtime, tools) and by every game pack:
source files and spans, the diagnostics registry and its rendering, the input limits, text normalisation and
folding, the per-user cache folder. It imports nothing else of cardscript."""
