// The Play page: a table of Pocha against the library's HeuristicBot, or of
// Poch against its Poch bots, in the browser (pocha_table.js, poch_table.js).
import { LANG, el, loadPocha, missingRuntime, timings } from "./runtime.js";
import { PochaTable } from "./pocha_table.js";
import { PochTable } from "./poch_table.js";

const T = {
  en: { loading: "Loading Python and the rules…", which: "Which game", ready: (s) => `Ready in ${s} s.` },
  es: { loading: "Cargando Python y las reglas…", which: "Qué juego", ready: (s) => `Listo en ${s} s.` },
}[LANG];

const root = document.getElementById("pocha-play");

async function main() {
  root.replaceChildren(el("p", { class: "pocha-status", id: "play-status", "data-phase": "loading", role: "status" }, T.loading));
  let modules;
  try {
    modules = await loadPocha();
  } catch (error) {
    if (error.message === "missing-runtime") return missingRuntime(root);
    throw error;
  }
  const faces = JSON.parse(modules.pocha_web.faces(LANG));
  const table = el("div", { class: "pocha-table" });
  const switcher = el("div", { class: "pocha-switch", role: "group", "aria-label": T.which });
  let current = null;
  const open = (game) => {
    for (const button of switcher.children) button.setAttribute("aria-pressed", String(button.dataset.game === game));
    if (current) current.generation += 1; // stops its bots
    current = game === "poch" ? new PochTable(table, modules.poch_web, switcher) : new PochaTable(table, modules.pocha_web, faces, switcher);
    root.dataset.game = game;
    current.newGame();
  };
  for (const [game, label] of [["pocha", "Pocha"], ["poch", "Poch"]]) {
    switcher.append(el("button", { type: "button", id: `play-switch-${game}`, "data-game": game, "aria-pressed": "false", onclick: () => open(game) }, label));
  }
  root.replaceChildren(table);
  const wanted = new URLSearchParams(location.search).get("game") === "poch" || location.hash === "#poch" ? "poch" : "pocha";
  open(wanted);
  // Since the page opened (the navigation's start), as the timings are.
  const seconds = (performance.now() / 1000).toFixed(1);
  root.dataset.readyMs = String(Math.round(performance.now()));
  root.dataset.timings = JSON.stringify(timings);
  root.append(el("p", { class: "pocha-timing" }, T.ready(seconds)));
}

main();
