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
const report = { games: [], explorer: [], errors: [] };

const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
});

async function newPage() {
  const page = await browser.newPage({ viewport: { width: 1200, height: 1000 } });
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

// A whole game through the page's controls: choose the game, the bots'
// speed, start, and click one of the moves the page offers until the end.
async function playGame(lang, game, seed) {
  const page = await newPage();
  const started = Date.now();
  await page.goto(`${base}${lang === "es" ? "es/" : ""}play.html`);
  await page.waitForSelector(READY, { timeout: 120000 });
  const firstMoveMs = Date.now() - started;
  const pageReadyMs = Number(await page.getAttribute("#pocha-play", "data-ready-ms"));
  const steps = JSON.parse((await page.getAttribute("#pocha-play", "data-timings")) || "{}");
  if (shots) await page.screenshot({ path: `${shots}/play-${lang}-start.png`, fullPage: true });
  await page.selectOption("#play-game", game);
  await page.selectOption("#play-speed", "instant");
  await page.click("#play-new");
  let random = seed;
  const next = (n) => { random = (random * 1103515245 + 12345) % 2147483648; return random % n; };
  let moves = 0;
  let refusals = 0;
  let shotMid = false;
  for (;;) {
    await page.waitForSelector(READY, { timeout: 60000 });
    if (await page.$('#play-status[data-phase="over"]')) break;
    const illegal = await page.$$('#play-hand button[data-legal="0"], #play-moves button[data-legal="0"]');
    if (illegal.length && refusals < 5) {
      // A refused click: the page says why, and nothing is played.
      await illegal[0].click();
      const said = await page.textContent("#play-message");
      if (!said || said.length < 10) report.errors.push(`${lang}: no reason shown for a refused move`);
      refusals += 1;
    }
    const legal = await page.$$('#play-hand button[data-legal="1"], #play-moves button[data-legal="1"]');
    if (!shotMid && shots && moves > 6 && (await page.$('#play-hand button[data-legal="0"]'))) {
      await page.screenshot({ path: `${shots}/play-${lang}-middle.png`, fullPage: true });
      shotMid = true;
    }
    await legal[next(legal.length)].click();
    moves += 1;
  }
  if (shots) await page.screenshot({ path: `${shots}/play-${lang}-end.png`, fullPage: true });
  const status = await page.textContent("#play-status");
  const scores = await page.$$eval(".pocha-seats .pocha-score", (cells) => cells.map((c) => Number(c.textContent)));
  report.games.push({ lang, game, moves, refusals, firstMoveMs, pageReadyMs, steps, status, scores, totalMs: Date.now() - started });
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
  await playGame("en", "full", 7);
  await playGame("es", "short", 11);
  await explore("en");
  await explore("es");
} catch (error) {
  report.errors.push(`the check stopped: ${error.stack || error}`);
} finally {
  writeFileSync(outFile, JSON.stringify(report, null, 1));
  await browser.close();
}
