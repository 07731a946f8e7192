// Runs the core built for wasm32 (web/, `darkstar_web.wasm`) under
// Node.js with nothing imported, and prints the digest it plays: the
// lines of `darkstar digest`. Used by tools/wasm-digest.sh.
import { readFileSync } from "node:fs";

const file = process.argv[2];
const module = await WebAssembly.compile(readFileSync(file));
const wanted = WebAssembly.Module.imports(module);
if (wanted.length > 0) {
    const names = wanted.map((i) => `${i.module}.${i.name}`).join(", ");
    console.error(`wasm-digest: ${file} imports ${names}: the core must need nothing from its host`);
    process.exit(1);
}
const { exports } = await WebAssembly.instantiate(module, {});
const started = performance.now();
const len = exports.darkstar_digest();
const seconds = (performance.now() - started) / 1000;
const text = new TextDecoder().decode(new Uint8Array(exports.memory.buffer, exports.darkstar_text(), len));
process.stdout.write(text);
console.error(`wasm-digest: ${text.split("\n").length - 1} games in ${seconds.toFixed(1)} s`);
