// The browser half of docs/check_serve.py: people at one table of a real
// `pocha serve`, each in a browser context of their own (headless Chromium
// through playwright-core), playing a whole game through the page's
// buttons; a spectator watching; a link with a wrong token; one player who
// leaves in the middle and comes back with the same link. Writes what the
// pages showed as JSON (and screenshots).
//
//   node docs/check_serve.mjs CONFIG.json OUT.json BROWSER SHOTS_DIR

import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";

const [configFile, outFile, executablePath, shots] = process.argv.slice(2);
const config = JSON.parse(readFileSync(configFile, "utf8"));
const report = { tables: [], errors: [] };

const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
});

async function open(url, lang, name) {
  const context = await browser.newContext({ viewport: { width: 900, height: 640 }, locale: lang });
  const page = await context.newPage();
  page.on("pageerror", (error) => report.errors.push(`${name}: ${error}`));
  page.on("console", (m) => { if (m.type() === "error" && !m.text().includes("WebSocket")) report.errors.push(`${name}: ${m.text()}`); });
  await page.goto(url);
  return { context, page, name, url, lang };
}

const READY = '#serve-status[data-phase]:not([data-phase="connecting"]):not([data-phase="reconnecting"])';
const moves = (page) => page.getAttribute("#serve-status", "data-moves").then(Number);
const shot = (page, name) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
const viewOf = (page) => page.evaluate(() => JSON.stringify(window.pochaServe.view));

// Wait until every page follows `n` moves.
async function caughtUp(people, n) {
  for (const p of people) {
    await p.page.waitForFunction((n) => Number(document.querySelector("#serve-status").dataset.moves) >= n, n, { timeout: 20000 });
  }
}

async function playTable(table) {
  const tag = table.name;
  const found = { name: tag, moves: 0, views: {}, spectator: null, logs: {}, reconnected: null, refused: null };
  // The wrong token first: refused, with the error's code and message.
  const wrong = await open(`${table.spectator}#token=${"W".repeat(32)}`, table.langs[0], `${tag} wrong token`);
  await wrong.page.waitForSelector('#serve-status[data-phase="refused"]', { timeout: 20000 });
  found.refused = {
    code: await wrong.page.getAttribute("#serve-message", "data-code"),
    message: await wrong.page.textContent("#serve-message"),
    hand: await wrong.page.$$eval("#serve-hand button", (b) => b.length),
  };
  await shot(wrong.page, `${tag}-wrong-token`);
  await wrong.context.close();

  const people = [];
  for (const [i, link] of table.links.entries()) {
    people.push(await open(link, table.langs[i % table.langs.length], `${tag} seat ${i}`));
    await people[i].page.waitForSelector(READY, { timeout: 20000 });
  }
  const spectator = await open(table.spectator, table.langs[0], `${tag} spectator`);
  await spectator.page.waitForSelector(READY, { timeout: 20000 });
  await shot(people[0].page, `${tag}-start`);
  // Everyone sees everyone joined: each seat marked connected.
  await people[0].page.waitForFunction((n) => [...document.querySelectorAll("#serve-seats li")].filter((li) => li.dataset.bot || Number(li.dataset.connected) > 0).length === n, table.links.length, { timeout: 20000 });

  let seed = table.seed;
  const next = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  let made = 0;
  for (;;) {
    const all = [...people, spectator];
    const n = await moves(people[0].page);
    await caughtUp(all, n);
    if ((await people[0].page.getAttribute("#serve-status", "data-phase")) === "over") break;
    // Whose turn it is, as every page says it.
    const toMove = await people[0].page.getAttribute("#serve-status", "data-to-move");
    for (const p of all) {
      const said = await p.page.getAttribute("#serve-status", "data-to-move");
      if (said !== toMove) report.errors.push(`${p.name}: says seat ${said} is to move, not ${toMove}`);
    }
    const mover = people[Number(toMove)];
    // By selector, not by element: a message may draw the buttons again.
    const choices = await mover.page.$$eval('#serve-hand button[data-legal="1"], #serve-moves button', (bs) => bs.map((b) => b.dataset.move));
    if (!choices.length) { report.errors.push(`${mover.name}: its turn, but no choice offered`); break; }
    // A card that may not be played is refused by the page itself (nothing sent).
    const others = people.filter((p) => p !== mover);
    if (made % 7 === 0 && (await others[0].page.$("#serve-hand button"))) {
      await others[0].page.locator("#serve-hand button").first().click({ force: true });
    }
    const move = choices[next(choices.length)];
    await mover.page.locator(`#serve-hand button[data-move="${move}"], #serve-moves button[data-move="${move}"]`).click();
    await caughtUp(all, n + 1);
    made += 1;
    if (made === 10) {
      // One player leaves and comes back with the same link: the same view.
      const gone = people[2];
      const before = await viewOf(gone.page);
      await gone.context.close();
      await people[0].page.waitForFunction(() => [...document.querySelectorAll("#serve-seats li")].some((li) => li.dataset.seat === "2" && li.dataset.connected === "0"), null, { timeout: 20000 });
      await shot(people[0].page, `${tag}-player-left`);
      people[2] = await open(gone.url, gone.lang, `${tag} seat 2 again`);
      await people[2].page.waitForSelector(READY, { timeout: 20000 });
      const after = await viewOf(people[2].page);
      if (before !== after) report.errors.push(`${tag}: seat 2's view after reconnecting differs`);
      found.reconnected = await moves(people[2].page);
      await shot(people[2].page, `${tag}-reconnected`);
    }
    if (made === 20) await shot(spectator.page, `${tag}-spectator-midway`);
    if (made >= 25 && !found.shotMidway) {
      // A seat to move with cards on the table: the picture of the docs.
      const ready = await people[0].page.$$('#serve-trick figure');
      const turn = await people[0].page.getAttribute("#serve-status", "data-to-move");
      if (ready.length >= 2 && turn === "0") {
        await shot(people[0].page, `${tag}-seat-0-midway`);
        found.shotMidway = true;
      }
    }
  }
  found.moves = await moves(people[0].page);
  for (const [i, p] of people.entries()) {
    found.views[i] = JSON.parse(await viewOf(p.page));
    found.logs[i] = await p.page.$$eval("#serve-log p", (lines) => lines.map((l) => l.textContent));
    found.record = await p.page.getAttribute("#serve-record", "href");
    await shot(p.page, `${tag}-seat-${i}-end`);
  }
  found.spectator = JSON.parse(await viewOf(spectator.page));
  found.spectatorHand = await spectator.page.$$eval("#serve-hand button", (b) => b.length);
  found.spectatorStatus = await spectator.page.textContent("#serve-status");
  await shot(spectator.page, `${tag}-spectator-end`);
  for (const p of [...people, spectator]) await p.context.close();
  report.tables.push(found);
}

// The first page sets up a table: Poch for three, a bot in seat 1; it gives
// a link for each person's seat and one for spectators.
async function setUp() {
  const origin = new URL(config.tables[0].spectator).origin;
  const first = await open(`${origin}/?lang=es`, "es", "set-up page");
  await first.page.waitForSelector("#serve-make");
  await first.page.selectOption("#serve-game", "poch");
  await first.page.selectOption("#serve-players", "3");
  await first.page.selectOption("#serve-seat-1", "heuristic");
  await first.page.click("#serve-make");
  await first.page.waitForSelector("#serve-spectator-link", { timeout: 20000 });
  report.setUp = {
    seats: await first.page.$$eval(".serve-seat-link", (links) => links.map((a) => Number(a.dataset.seat))),
    table: await first.page.getAttribute("#serve-made", "data-table"),
  };
  await shot(first.page, "set-up");
  await first.context.close();
}

try {
  await setUp();
  for (const table of config.tables) await playTable(table);
} catch (error) {
  report.errors.push(`the check stopped: ${error.stack || error}`);
} finally {
  writeFileSync(outFile, JSON.stringify(report));
  await browser.close();
}
