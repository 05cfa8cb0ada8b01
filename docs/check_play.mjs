// The browser half of docs/check_play.py: drives the Play page and the
// explorer in headless Chromium (playwright-core, with the system's
// Chromium), through the pages' own controls, and writes what the pages
// showed as JSON. docs/check_play.py serves the site, makes the positions,
// runs this script and compares its findings with the library under CPython.
//
//   node docs/check_play.mjs BASE_URL POSITIONS.json OUT.json BROWSER [SHOTS_DIR]

import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";

const [base, positionsFile, outFile, executablePath, shots] = process.argv.slice(2);
const positions = JSON.parse(readFileSync(positionsFile, "utf8"));
const report = { games: [], explorer: [], scans: [], errors: [] };

const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
});

async function newPage(viewport = { width: 1200, height: 1000 }) {
  const page = await browser.newPage({ viewport });
  page.on("pageerror", (error) => report.errors.push(String(error)));
  page.on("console", (m) => { if (m.type() === "error") report.errors.push(m.text()); });
  // Nothing from outside the site: every other request fails the check.
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(base) || url.startsWith("data:")) return route.continue();
    report.errors.push(`request outside the site: ${url}`);
    return route.abort();
  });
  return page;
}

const READY = '#play-hand button[data-legal="1"], #play-moves button[data-legal="1"], #play-status[data-phase="over"]';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const AXE = readFileSync(new URL("../node_modules/axe-core/axe.min.js", import.meta.url), "utf8");

// The accessibility scan (axe-core) of the whole page as it stands: its
// serious and critical violations, each with the elements at fault.
async function scan(page, where) {
  if (!(await page.evaluate(() => typeof window.axe !== "undefined"))) await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(async () => {
    const found = await window.axe.run(document, { resultTypes: ["violations"] });
    return found.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  });
  const bad = result.filter((v) => v.impact === "serious" || v.impact === "critical");
  report.scans.push({ where, violations: result.length, serious: bad.length, ids: result.map((v) => `${v.id} (${v.impact})`) });
  for (const v of bad) report.errors.push(`accessibility, ${where}: ${v.id} (${v.impact}): ${v.help}: ${v.nodes.join("; ")}`);
}

async function shot(page, name, size) {
  if (!shots) return;
  const now = page.viewportSize();
  if (size) await page.setViewportSize(size);
  await page.screenshot({ path: `${shots}/${name}.png` });
  if (size) await page.setViewportSize(now);
}

async function options(page, open) {
  await page.evaluate((open) => { const d = document.getElementById("play-options"); if (d) d.open = open; }, open);
}

// A whole game through the page's controls, by keyboard (focus a choice,
// press Enter), as a person who cannot use a mouse plays: choose the game,
// the bots' speed (instant), start, and play one of the moves the page
// offers until the end. Along the way: the focus stays in the hand, the log
// says what happened, unplayable cards are marked, the board fits a phone,
// and the accessibility scan finds nothing serious, at both sizes.
async function playGame(kind, lang, game, seed) {
  const page = await newPage(PHONE);
  const started = Date.now();
  const site = lang === "es" ? "es/" : "";
  await page.goto(`${base}${site}play.html${kind === "poch" ? "?game=poch" : ""}`);
  await page.waitForSelector(READY, { timeout: 120000 });
  const firstMoveMs = Date.now() - started;
  const pageReadyMs = Number(await page.getAttribute("#pocha-play", "data-ready-ms"));
  const steps = JSON.parse((await page.getAttribute("#pocha-play", "data-timings")) || "{}");
  const tag = `${kind}-${lang}`;
  // On a phone the table and the hand fit the first screen.
  const fit = await page.evaluate(() => {
    const felt = document.querySelector(".pocha-felt").getBoundingClientRect();
    const hand = document.querySelector("#play-hand").getBoundingClientRect();
    return { top: felt.top, bottom: hand.bottom, width: document.documentElement.scrollWidth };
  });
  if (fit.bottom > PHONE.height || fit.width > PHONE.width) {
    report.errors.push(`${tag}: on a phone the hand ends at ${Math.round(fit.bottom)} px (screen ${PHONE.height}), the page is ${fit.width} px wide`);
  }
  await shot(page, `${tag}-phone-start`);
  await scan(page, `${tag} phone, start`);
  await options(page, true);
  if (kind === "poch" && lang !== "es" && lang !== "en") {
    await page.selectOption("#play-lang", lang);
    await page.waitForSelector(READY, { timeout: 60000 });
  }
  if (kind === "poch" && lang === "de") await options(page, true);
  if (game) await page.selectOption("#play-game", game);
  await page.selectOption("#play-speed", "instant");
  await page.click("#play-new");
  await options(page, false);
  let random = seed;
  const next = (n) => { random = (random * 1103515245 + 12345) % 2147483648; return random % n; };
  let moves = 0;
  let refusals = 0;
  let lost = 0;
  let midway = false;
  let summaries = 0;
  let trickShown = 0;
  let largest = 0;
  let arrows = 0;
  for (;;) {
    await page.waitForSelector(READY, { timeout: 60000 });
    if (await page.$('#play-status[data-phase="over"]')) break;
    // The largest hand yet fits the phone's first screen too (scrolled to the top).
    const held = await page.$$eval("#play-hand button", (cards) => cards.length);
    if (held > largest && page.viewportSize().width === PHONE.width) {
      largest = held;
      const box = await page.evaluate(() => {
        window.scrollTo(0, 0);
        const cards = [...document.querySelectorAll("#play-hand button")].map((b) => b.getBoundingClientRect());
        return { bottom: Math.max(...cards.map((r) => r.bottom)), right: Math.max(...cards.map((r) => r.right)) };
      });
      if (box.bottom > PHONE.height || box.right > PHONE.width) {
        report.errors.push(`${tag}: on a phone a hand of ${held} cards reaches ${Math.round(box.right)}x${Math.round(box.bottom)} px (screen ${PHONE.width}x${PHONE.height})`);
      }
      if (held >= 8) await shot(page, `${tag}-phone-largest-hand`);
    }
    const marks = await page.evaluate(() => ({
      unmarked: [...document.querySelectorAll('#play-hand button[data-legal="0"], #play-moves button[data-legal="0"]')].filter((b) => b.getAttribute("aria-disabled") !== "true").length,
      summary: !document.querySelector("#play-summary").hidden,
      last: document.querySelector("#play-trick.pocha-last figure.pocha-winner") !== null,
    }));
    if (marks.unmarked) report.errors.push(`${tag}: ${marks.unmarked} unplayable choices not marked aria-disabled`);
    if (marks.summary) summaries += 1;
    if (marks.last) trickShown += 1;
    const illegal = await page.$$('#play-hand button[data-legal="0"], #play-moves button[data-legal="0"]');
    if (illegal.length && refusals < 3) {
      // A refused choice: the page says why, and nothing is played.
      await illegal[0].focus();
      await page.keyboard.press("Enter");
      const said = await page.textContent("#play-message");
      if (!said || said.length < 10) report.errors.push(`${tag}: no reason shown for a refused move`);
      refusals += 1;
    }
    if (!midway && moves > 6 && (await page.$("#play-hand button[data-legal]"))) {
      await shot(page, `${tag}-phone-middle`);
      await page.setViewportSize(DESKTOP);
      await shot(page, `${tag}-desktop-middle`);
      await scan(page, `${tag} desktop, middle`);
      await page.setViewportSize(PHONE);
      midway = true;
    }
    if (!arrows && (await page.$$("#play-hand button")).length >= 2) {
      // The arrow keys move along the hand.
      arrows = await page.evaluate(() => { document.querySelector("#play-hand button").focus(); return 1; });
      await page.keyboard.press("ArrowRight");
      const second = await page.evaluate(() => document.activeElement === document.querySelectorAll("#play-hand button")[1]);
      if (!second) report.errors.push(`${tag}: the right arrow did not move the focus along the hand`);
    }
    const legal = await page.$$('#play-hand button[data-legal="1"], #play-moves button[data-legal="1"]');
    const choice = legal[next(legal.length)];
    const card = await choice.evaluate((b) => b.closest("#play-hand") !== null);
    await choice.focus();
    await page.keyboard.press("Enter");
    moves += 1;
    if (card) {
      const inHand = await page.evaluate(() => {
        const a = document.activeElement;
        return a !== null && (a.closest("#play-hand") !== null || a.closest("#play-moves") !== null || document.querySelector("#play-hand button") === null);
      });
      if (!inHand) lost += 1;
    }
  }
  if (lost) report.errors.push(`${tag}: the focus left the hand after ${lost} of the cards played`);
  const log = await page.evaluate(() => {
    const node = document.getElementById("play-log");
    return { role: node.getAttribute("role"), live: node.getAttribute("aria-live"), lines: node.childElementCount, text: node.textContent };
  });
  if (log.role !== "log" || log.live !== "polite" || log.lines < 20) report.errors.push(`${tag}: the log is no live region or says too little (${log.lines} lines)`);
  if (kind === "pocha" && (!summaries || !trickShown)) report.errors.push(`${tag}: no round summary (${summaries}) or no last trick with its winner (${trickShown}) was shown`);
  if (kind === "poch" && !(await page.$("#play-pools li"))) report.errors.push(`${tag}: no pools on the board`);
  await options(page, false);
  await page.evaluate(() => document.querySelector(".pocha-sheet")?.setAttribute("open", ""));
  await shot(page, `${tag}-phone-end`);
  await scan(page, `${tag} phone, end`);
  // The score sheet scrolls inside its box instead of being cut off.
  const sheet = await page.evaluate(() => {
    const box = document.querySelector(".pocha-scroll");
    return box ? { overflow: getComputedStyle(box).overflowX, page: document.documentElement.scrollWidth } : null;
  });
  if (sheet && (sheet.overflow !== "auto" || sheet.page > PHONE.width)) report.errors.push(`${tag}: the sheet does not scroll in its box on a phone (${JSON.stringify(sheet)})`);
  await page.setViewportSize(DESKTOP);
  await shot(page, `${tag}-desktop-end`);
  await scan(page, `${tag} desktop, end`);
  const status = await page.textContent("#play-status");
  const scores = await page.$$eval(".pocha-seats .pocha-score", (cells) => cells.map((c) => Number(c.textContent)));
  report.games.push({ kind, lang, game: game || "poch", moves, refusals, firstMoveMs, pageReadyMs, steps, status, scores, logLines: log.lines, summaries, totalMs: Date.now() - started });
  await page.close();
}

// The explorer: every position set up by clicking the page's controls (the
// clicks are dispatched in the page, which is quicker than moving a mouse),
// and the answer read back from the page.
async function explore(lang) {
  const page = await newPage();
  const started = Date.now();
  await page.goto(`${base}${lang === "es" ? "es/" : ""}explorer.html`);
  await page.waitForSelector("#pocha-explorer[data-ready]", { timeout: 120000 });
  const readyMs = Date.now() - started;
  const found = await page.evaluate((positions) => {
    const click = (selector) => {
      const node = document.querySelector(selector);
      if (!node) throw new Error(`no ${selector}`);
      node.click();
    };
    const answers = [];
    for (const p of positions) {
      const players = document.querySelector("#ex-players");
      players.value = String(p.players);
      players.dispatchEvent(new Event("change"));
      click(`#ex-deck-${p.deck}`);
      click("#ex-clear");
      click(`#ex-trump-${p.trump}`);
      for (const key of ["must_overtake", "must_ruff", "must_overruff"]) {
        if (document.querySelector(`#ex-${key}`).checked !== p[key]) click(`#ex-${key}`);
      }
      click("#ex-target-hand");
      for (const card of p.hand) click(`#ex-deck button[data-card="${card}"]`);
      click("#ex-target-table");
      for (const card of p.table) click(`#ex-deck button[data-card="${card}"]`);
      const out = document.querySelector("#ex-answer");
      answers.push({
        state: out.dataset.state,
        error: out.querySelector("#ex-error")?.textContent ?? null,
        cards: [...out.querySelectorAll("li[data-card]")].map((li) => ({
          card: li.dataset.card,
          legal: li.dataset.legal === "1",
          reason: li.querySelector(".pocha-reason")?.textContent.replace(/^: /, "") ?? null,
        })),
      });
    }
    return answers;
  }, positions[lang]);
  if (shots) await page.screenshot({ path: `${shots}/explorer-${lang}.png`, fullPage: true });
  report.explorer.push({ lang, readyMs, totalMs: Date.now() - started, answers: found });
  await page.close();
}

try {
  await playGame("pocha", "en", "full", 7);
  await playGame("pocha", "es", "short", 11);
  await playGame("poch", "en", null, 3);
  await playGame("poch", "de", null, 5);
  await playGame("poch", "es", null, 13);
  await explore("en");
  await explore("es");
} catch (error) {
  report.errors.push(`the check stopped: ${error.stack || error}`);
} finally {
  writeFileSync(outFile, JSON.stringify(report, null, 1));
  await browser.close();
}
