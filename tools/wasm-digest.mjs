// Runs the core built for wasm32 (web/, `darkstar_web.wasm`) under
// Node.js with nothing imported. Used by tools/wasm-digest.sh:
//
//   node wasm-digest.mjs MODULE digest              the digest's lines
//   node wasm-digest.mjs MODULE replay SEED TURNS   the cunning bot's replay
//   node wasm-digest.mjs MODULE verify FILE         a replay checked
//   node wasm-digest.mjs MODULE frame               the watch screen drawn
import { readFileSync } from "node:fs";

const [file, what, ...rest] = process.argv.slice(2);
const module = await WebAssembly.compile(readFileSync(file));
const wanted = WebAssembly.Module.imports(module);
if (wanted.length > 0) {
    const names = wanted.map((i) => `${i.module}.${i.name}`).join(", ");
    console.error(`wasm-digest: ${file} imports ${names}: the core must need nothing from its host`);
    process.exit(1);
}
const { exports } = await WebAssembly.instantiate(module, {});
// Read after the call: the call may have grown the memory.
const text = (len) =>
    new TextDecoder().decode(new Uint8Array(exports.memory.buffer, exports.darkstar_text(), len));
const started = performance.now();
let out;
if (what === "digest") {
    out = text(exports.darkstar_digest());
} else if (what === "replay") {
    out = text(exports.darkstar_bot_replay(Number(rest[0]), Number(rest[1])));
} else if (what === "frame") {
    out = text(exports.darkstar_watch_frame());
} else if (what === "verify") {
    const bytes = readFileSync(rest[0]);
    // Asked for first: making room may grow the memory, whose old buffer
    // is then detached.
    const at = exports.darkstar_input(bytes.length);
    new Uint8Array(exports.memory.buffer, at, bytes.length).set(bytes);
    out = text(exports.darkstar_verify()) + "\n";
} else {
    console.error(`wasm-digest: no such thing to run: ${what}`);
    process.exit(2);
}
process.stdout.write(out);
console.error(`wasm-digest: ${what} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
