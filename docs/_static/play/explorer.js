// The "What may I play?" explorer: set a position up by clicking, and see
// which cards of the hand may be played, with the library's reason for each
// card that may not. The answers come from pocha_web.explore (Python, the
// real library); a position typed as text needs only another Python function
// whose answer goes to show() the same way.
import { LANG, cardFace, cardName, el, loadPocha, missingRuntime, suitName } from "./runtime.js";

const T = {
  en: {
    loading: "Loading Python and the rules…", players: "Players", deck: (n) => `${n} cards`,
    trump: "Trump", put: "Clicking a card puts it", inHand: "in my hand", onTable: "on the table",
    clear: "Clear", overtake: "must overtake (montar)", ruff: "must ruff (fallar)", overruff: "must over-ruff (contrafallar)",
    table: "On the table, in the order played", hand: "My hand", empty: "(none)", led: "led",
    may: "may be played", mayNot: "may not be played", start: "Choose trump, then the cards of your hand, then the cards on the table (if any).",
    leadAny: "Nothing on the table: you lead, and may play any card.", deckLabel: "The deck: click a card",
    answer: "The answer", nth: (n) => `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n] || "th"}`,
  },
  es: {
    loading: "Cargando Python y las reglas…", players: "Jugadores", deck: (n) => `${n} cartas`,
    trump: "Triunfo", put: "Al pulsar una carta va", inHand: "a mi mano", onTable: "a la mesa",
    clear: "Vaciar", overtake: "obligación de montar", ruff: "obligación de fallar", overruff: "obligación de contrafallar",
    table: "En la mesa, en el orden jugado", hand: "Mi mano", empty: "(ninguna)", led: "salida",
    may: "se puede jugar", mayNot: "no se puede jugar", start: "Elige el triunfo, luego las cartas de tu mano y luego las de la mesa (si hay).",
    leadAny: "No hay nada en la mesa: sales tú y puedes jugar cualquier carta.", deckLabel: "La baraja: pulsa una carta",
    answer: "La respuesta", nth: (n) => `${n}.º`,
  },
}[LANG];

const RANKS = { 40: [1, 2, 3, 4, 5, 6, 7, 10, 11, 12], 48: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] };
const root = document.getElementById("pocha-explorer");
const setup = { players: 4, deck: 40, trump: "o", hand: [], table: [], must_overtake: true, must_ruff: true, must_overruff: true };
let target = "hand";
let web = null;

function radio(name, value, label, checked, onchange) {
  return el("label", {}, el("input", { type: "radio", name, value, id: `ex-${name}-${value}`, checked: checked ? "" : null, onchange }), " " + label);
}

function check(key, label) {
  return el("label", {}, el("input", { type: "checkbox", id: `ex-${key}`, checked: setup[key] ? "" : null, onchange: (e) => { setup[key] = e.target.checked; update(); } }), " " + label);
}

function toggle(card) {
  for (const where of ["hand", "table"]) {
    const at = setup[where].indexOf(card);
    if (at >= 0) {
      setup[where].splice(at, 1);
      return update();
    }
  }
  setup[target].push(card);
  update();
}

function controls() {
  const players = el("select", { id: "ex-players", onchange: (e) => { setup.players = Number(e.target.value); update(); } },
    ...[3, 4, 5, 6, 7, 8].map((n) => el("option", { value: String(n), selected: n === setup.players ? "" : null }, String(n))));
  return el("div", { class: "pocha-controls" },
    el("label", {}, T.players + " ", players),
    el("span", { class: "pocha-choices" }, ...[40, 48].map((n) => radio("deck", String(n), T.deck(n), setup.deck === n, () => { setup.deck = n; setup.hand = setup.hand.filter(ok); setup.table = setup.table.filter(ok); update(); }))),
    el("span", { class: "pocha-choices" }, T.trump + ": ", ...["o", "c", "e", "b"].map((s) => radio("trump", s, suitName(s), setup.trump === s, () => { setup.trump = s; update(); }))),
    el("div", {}, check("must_overtake", T.overtake), check("must_ruff", T.ruff), check("must_overruff", T.overruff)),
    el("div", {}, T.put + ": ", radio("target", "hand", T.inHand, true, () => { target = "hand"; }), radio("target", "table", T.onTable, false, () => { target = "table"; }),
      el("button", { type: "button", id: "ex-clear", onclick: () => { setup.hand = []; setup.table = []; update(); } }, T.clear)),
  );
}

function ok(card) {
  return RANKS[setup.deck].includes(Number(card.slice(0, -1)));
}

function deckGrid() {
  const rows = ["o", "c", "e", "b"].map((s) =>
    el("div", { class: "pocha-row" }, ...RANKS[setup.deck].map((r) => {
      const card = `${r}${s}`;
      const face = cardFace(card, "button");
      face.type = "button";
      face.classList.add("pocha-pick");
      if (setup.hand.includes(card)) face.classList.add("pocha-in-hand");
      if (setup.table.includes(card)) face.classList.add("pocha-on-table");
      face.addEventListener("click", () => toggle(card));
      return face;
    })));
  return el("div", { class: "pocha-deck", id: "ex-deck" }, el("div", { class: "pocha-caption" }, T.deckLabel), ...rows);
}

// Show an answer of the Python side: {cards: [{card, legal, reason, reason_es}]} or {error}.
function show(answer) {
  const out = document.getElementById("ex-answer");
  if (answer.error) {
    out.replaceChildren(el("p", { class: "pocha-error", id: "ex-error" }, LANG === "es" ? answer.error_es : answer.error));
    out.dataset.state = "error";
    return;
  }
  const items = answer.cards.map((c) => {
    const reason = LANG === "es" ? c.reason_es : c.reason;
    return el("li", { class: c.legal ? "pocha-legal" : "pocha-illegal", "data-card": c.card, "data-legal": c.legal ? "1" : "0" },
      cardFace(c.card), " ", el("strong", {}, c.legal ? "✓ " + T.may : "✗ " + T.mayNot), reason ? el("span", { class: "pocha-reason" }, ": " + reason) : null);
  });
  const lead = setup.table.length === 0 ? el("p", {}, T.leadAny) : null;
  out.replaceChildren(...[el("h3", {}, T.answer), lead, el("ul", { class: "pocha-answers" }, ...items)].filter(Boolean));
  out.dataset.state = "ready";
}

function update() {
  const laid = setup.table.map((c, i) => el("figure", {}, cardFace(c), el("figcaption", {}, i === 0 ? T.led : T.nth(i + 1))));
  const board = root.querySelector(".pocha-board");
  board.replaceChildren(
    deckGrid(),
    el("div", { class: "pocha-trick", id: "ex-table" }, el("div", { class: "pocha-caption" }, T.table), el("div", { class: "pocha-row" }, ...(laid.length ? laid : [el("em", {}, T.empty)]))),
    el("div", { class: "pocha-hand", id: "ex-hand" }, el("div", { class: "pocha-caption" }, T.hand), el("div", { class: "pocha-row" }, ...(setup.hand.length ? setup.hand.map((c) => cardFace(c)) : [el("em", {}, T.empty)]))),
    el("div", { id: "ex-answer", "data-state": "waiting" }),
  );
  if (!setup.hand.length) {
    document.getElementById("ex-answer").replaceChildren(el("p", {}, T.start));
    return;
  }
  show(JSON.parse(web.explore(JSON.stringify(setup))));
}

async function main() {
  root.replaceChildren(el("p", { class: "pocha-status", "data-phase": "loading" }, T.loading));
  try {
    web = (await loadPocha()).pocha_web;
  } catch (error) {
    if (error.message === "missing-runtime") return missingRuntime(root);
    throw error;
  }
  root.replaceChildren(controls(), el("div", { class: "pocha-board" }));
  root.dataset.ready = "1";
  update();
}

main();
