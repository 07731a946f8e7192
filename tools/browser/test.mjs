// The web page in a real browser: Debian's Chromium, headless, driven by
// playwright-core (which downloads no browser). Serves the built site
// (argument 1) on localhost, then: the title screen; lesson 2 won by
// keys; a watch that shows a bump; the replay of the lesson downloaded
// from the page (written to argument 2, for `darkstar replay --verify`);
// the game saved in the browser's storage and offered again after a
// reload; a click that looks and a second that travels; a terminal's
// replay (argument 3) opened in the page and played back in sync; the A*
// page stepped to its path, its numbers held to the crate's, and its fog
// bumped into; and the page's figures (time to the title, a watched
// turn's frame). Prints what it measured; exits 1 on the first failure.
//
// usage: node test.mjs SITE_DIR REPLAY_OUT TERMINAL_REPLAY [SCREENSHOT_DIR]

import { createServer } from "node:http";
import { readFile, writeFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { chromium } from "playwright-core";

const [site, replayOut, terminalReplay, shots] = process.argv.slice(2);
if (!site || !replayOut || !terminalReplay) {
  console.error("usage: node test.mjs SITE_DIR REPLAY_OUT TERMINAL_REPLAY [SCREENSHOT_DIR]");
  process.exit(2);
}

const types = {
  ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm",
  ".css": "text/css", ".txt": "text/plain",
};
const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
  const file = join(site, path.endsWith("/") ? path + "index.html" : path);
  try {
    const body = await readFile(file);
    res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end("not found");
  }
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const url = `http://127.0.0.1:${server.address().port}/index.html`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const failures = [];
const errors = [];
let step = "start";
const figures = {};

function fail(why) {
  throw new Error(`${step}: ${why}`);
}

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });

  const rows = () => page.$$eval("#screen pre", (pres) => pres.map((p) => p.textContent));
  const screenText = async () => (await rows()).join("\n");
  async function waitFor(what, test, seconds = 10) {
    const until = Date.now() + seconds * 1000;
    for (;;) {
      const text = await screenText();
      const found = test(text);
      if (found !== null && found !== undefined && found !== false) return found;
      if (Date.now() > until) fail(`never ${what}; the screen:\n${text}`);
      await page.waitForTimeout(20);
    }
  }
  const turn = (text) => { const m = /\| turn (\d+)/.exec(text); return m ? Number(m[1]) : null; };
  async function press(key) { await page.keyboard.press(key); }
  // q, and q again if the game asks "Really quit?"; then the title.
  async function quitToTitle() {
    await press("q");
    const t = await waitFor("the quit", (t) => (t.includes("Really quit?") || t.includes("watch the monsters alone") ? t : null));
    if (t.includes("Really quit?")) await press("q");
    await waitFor("the title", (t) => t.includes("watch the monsters alone"));
  }

  step = "the title screen";
  await page.goto(url);
  await waitFor("the title", (t) => t.includes("D A R K S T A R") && t.includes("watch the monsters alone"));
  figures.first_frame_ms = await page.evaluate(() => window.darkstar.first_frame_ms());
  if (shots) await page.screenshot({ path: join(shots, "title-1280x800.png") });

  step = "lesson 2, won by keys";
  await press("2");
  await waitFor("the lesson", (t) => t.includes("Shut the door"));
  let now = await waitFor("a turn shown", turn);
  const keys = "llllCulllllbbhhhh";
  for (const [i, key] of [...keys].entries()) {
    await press(key === "C" ? "Shift+C" : key);
    if (i + 1 < keys.length) {
      const before = now;
      now = await waitFor(`the turn after ${before} (key ${i}: ${key})`, (t) => (turn(t) > before ? turn(t) : null));
    }
  }
  await waitFor("the lesson won", (t) => t.includes("You escaped"));
  if (shots) await page.screenshot({ path: join(shots, "lesson-won-1280x800.png") });

  step = "the lesson's replay, downloaded";
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
  await download.saveAs(replayOut);
  const replay = await readFile(replayOut, "utf8");
  if (!replay.startsWith("darkstar-replay")) fail(`the download is not a replay: ${replay.slice(0, 80)}`);

  step = "back to the title, the lesson marked won";
  await page.focus("#screen");
  await press("q");
  await waitFor("the lesson marked won", (t) => t.split("\n").some((r) => r.includes("Shut a door on those that cannot open one.") && r.includes("won")));

  step = "a new run, saved in the browser, offered after a reload";
  await press("n");
  await waitFor("the run", (t) => turn(t) !== null && t.includes("depth 1"));

  step = "a click looks at a square, a second travels there";
  const at = await page.evaluate(() => {
    const screen = document.getElementById("screen");
    const pres = [...screen.querySelectorAll("pre")];
    // The @ on the map (not the side panel's "@ you").
    const isMe = (t, i) => t[i] === "@" && t.slice(i, i + 5).join("") !== "@ you";
    const row = pres.findIndex((p) => [...p.textContent].some((_, i, t) => isMe(t, i)));
    const pre = pres[row];
    const text = [...pre.textContent];
    const col = text.findIndex((_, i) => isMe(text, i));
    const box = pre.getBoundingClientRect();
    const cw = box.width / text.length;
    // The nearest floor square along the row, two or more to either side.
    const to = [col + 2, col - 2, col + 3, col - 3].find((c) => ".,:=".includes(text[c] ?? "#"));
    return { x: box.left + (to + 0.5) * cw, y: box.top + box.height / 2, from: col, to };
  });
  if (at.to === undefined) fail("no floor beside @ to click");
  const beforeClick = turn(await screenText());
  await page.mouse.click(at.x, at.y);
  await waitFor("the look of the square clicked", (t) => t.includes("look at ("));
  await page.mouse.click(at.x, at.y);
  await waitFor("the travel there", (t) => turn(t) > beforeClick);
  await press(".");
  await waitFor("a turn played", (t) => turn(t) >= 1);
  await press(".");
  await waitFor("two turns played", (t) => turn(t) >= 2);
  await page.reload();
  await waitFor("continue offered after the reload", (t) => /> c +continue: depth 1 of a run, turn \d+/.test(t));
  await press("Enter");
  await waitFor("the run resumed", (t) => turn(t) >= 2 && t.includes("Resumed on turn"));
  await quitToTitle();
  await waitFor("continue offered", (t) => t.includes("continue:"));

  step = "a watch that shows a bump";
  await press("w");
  await waitFor("the watch", (t) => t.includes("bumps"));
  // Faster (from 2 to 50 turns a second): each frame plays a turn or
  // none, and the figure is that frame's time.
  for (let i = 0; i < 4; i++) await press("+");
  await waitFor("a bump", (t) => /bumps into a wall at/.test(t), 60);
  if (shots) await page.screenshot({ path: join(shots, "watch-1280x800.png") });
  // 200 turns of the opening level: a game ends when all are home (78
  // turns on seed 1), and `n` watches the next seed.
  const until = Date.now() + 120000;
  while ((await page.evaluate(() => window.darkstar.turn_frame_times().length)) < 200) {
    if (Date.now() > until) fail("200 watched turns never came");
    if ((await screenText()).includes("n: the next seed")) await press("n");
    await page.waitForTimeout(200);
  }
  const times = await page.evaluate(() => Array.from(window.darkstar.turn_frame_times()).slice(0, 200));
  times.sort((a, b) => a - b);
  figures.watched_turn_median_ms = times[100];
  figures.watched_turn_max_ms = times[199];
  if (figures.watched_turn_median_ms > 16) fail(`a watched turn's median frame is ${figures.watched_turn_median_ms} ms, over 16`);
  if (shots) {
    await page.setViewportSize({ width: 800, height: 600 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(shots, "watch-800x600.png") });
  }
  await quitToTitle();

  step = "a terminal's replay opened in the page, played back in sync";
  await page.setInputFiles("#open", terminalReplay);
  await waitFor("the playback", (t) => turn(t) !== null);
  await page.focus("#screen");
  for (let i = 0; i < 9; i++) await press("+");
  await waitFor("the replay's end, in sync", (t) => t.includes("End of the replay: in sync"), 60);
  if (shots) await page.screenshot({ path: join(shots, "playback-800x600.png") });

  step = "the A* page stepped to its path";
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url.replace("index.html", "astar.html"));
  const lessonRows = () => page.$$eval("#astar pre", (pres) => pres.map((p) => p.textContent));
  const lessonWait = async (what, test) => {
    const until = Date.now() + 10000;
    for (;;) {
      const rows = await lessonRows();
      if (test(rows.join("\n"))) return rows;
      if (Date.now() > until) fail(`never ${what}; the screen:\n${rows.join("\n")}`);
      await page.waitForTimeout(20);
    }
  };
  await lessonWait("the lesson", (t) => t.includes("A* for beginners") && t.includes("open list (1)"));
  await page.focus("#astar");
  await press("n");
  await lessonWait("the first expansion", (t) => t.includes("expansion 1/"));
  for (let i = 0; i < 60; i++) {
    const t = (await lessonRows()).join("\n");
    if (t.includes("the search stops.")) break;
    await press("n");
    await page.waitForTimeout(30);
  }
  const lesson = await lessonWait("the path", (t) => t.includes("the search stops."));
  if (shots) await page.screenshot({ path: join(shots, "astar-1280x800.png") });
  // Each square is a box of 8 x 3 characters from column 1, row 2: F and
  // the parent's arrow, G, H. Square (1,1), a diagonal from the start:
  const [x, y] = [1, 1];
  const box = [0, 1, 2].map((k) => [...lesson[2 + 3 * y + k]].slice(1 + 8 * x, 9 + 8 * x).join(""));
  const shown = box.map((line) => Number(/^[FGH]\s*(\d+)/.exec(line)?.[1]));
  const crate = Array.from(await page.evaluate(([x, y]) => window.darkstar.astar_cell(x, y), [x, y])).map(Math.round);
  figures.astar_square_1_1 = { shown: box, crate };
  if (crate.length !== 3 || shown.join() !== crate.join()) fail(`square (1,1) shows ${JSON.stringify(box)}; the crate's F, G, H: ${crate}`);

  step = "the A* page with fog: a bump, then a new plan";
  // A wall in the fog on the path's first step east of the wall: the
  // cursor starts on S (2,2); the path goes round the wall through (3,0)
  // or (3,4); hide both, walk, bump.
  for (const k of ["k", "k", "l", "f", "j", "j", "j", "j", "f"]) await press(k);
  await press("Enter");
  await press("m");
  await lessonWait("a bump", (t) => t.includes("Bump:") && t.includes("bumps 1"));
  await press("Enter");
  await lessonWait("the new plan's path", (t) => t.includes("bumps 1") && t.includes("the search stops."));

  step = "the A* page by touch: a square tapped twice is a wall";
  const touch = await browser.newContext({ viewport: { width: 800, height: 600 }, hasTouch: true });
  const phone = await touch.newPage();
  phone.on("pageerror", (e) => errors.push(String(e)));
  await phone.goto(url.replace("index.html", "astar.html"));
  await phone.waitForFunction(() => document.querySelectorAll("#astar pre").length > 10);
  // Square (5,0): its box's middle, from column 1 + 8 * 5, row 2 + 1.
  const spot = await phone.evaluate(() => {
    const pre = document.querySelectorAll("#astar pre")[3];
    const box = pre.getBoundingClientRect();
    const cw = box.width / [...pre.textContent].length;
    return { x: box.left + (1 + 8 * 5 + 3) * cw, y: box.top + box.height / 2 };
  });
  await phone.touchscreen.tap(spot.x, spot.y);
  await phone.touchscreen.tap(spot.x, spot.y);
  const walled = Date.now() + 5000;
  for (;;) {
    const row = await phone.evaluate(() => document.querySelectorAll("#astar pre")[3].textContent);
    if ([...row].slice(41, 49).join("") === "########") break;
    if (Date.now() > walled) fail(`square (5,0) tapped twice is no wall: ${row}`);
    await phone.waitForTimeout(20);
  }
  if (shots) await phone.screenshot({ path: join(shots, "astar-800x600.png") });
} catch (e) {
  failures.push(String(e.message ?? e));
} finally {
  await browser.close();
  server.close();
}
if (errors.length) failures.push(`the page logged errors:\n${errors.join("\n")}`);
console.log(JSON.stringify(figures));
if (failures.length) {
  console.error(`browser test failed: ${failures.join("\n")}`);
  process.exit(1);
}
console.log("browser test: passed");
