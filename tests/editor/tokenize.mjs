// Tokenizes files with a TextMate grammar through vscode-textmate (the tokenizer VS Code uses) and prints, for
// each file, each line's tokens as [text, scopes]: node tokenize.mjs NODE_MODULES GRAMMAR FILE...
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import path from "node:path";

const [modules, grammarPath, ...files] = process.argv.slice(2);
const require = createRequire(path.join(modules, "x.js"));
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const wasm = readFileSync(path.join(modules, "vscode-oniguruma", "release", "onig.wasm")).buffer;
await oniguruma.loadWASM(wasm);
const registry = new vsctm.Registry({
  onigLib: Promise.resolve({
    createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
    createOnigString: (s) => new oniguruma.OnigString(s),
  }),
  loadGrammar: async () => vsctm.parseRawGrammar(readFileSync(grammarPath, "utf-8"), grammarPath),
});
const grammar = await registry.loadGrammar("source.cardscript");
const out = {};
for (const file of files) {
  let stack = vsctm.INITIAL;
  out[file] = readFileSync(file, "utf-8").split(/\r?\n/).map((line) => {
    const result = grammar.tokenizeLine(line, stack);
    stack = result.ruleStack;
    return result.tokens.map((t) => [line.substring(t.startIndex, t.endIndex), t.scopes]);
  });
}
console.log(JSON.stringify(out));
