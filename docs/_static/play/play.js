// The Play page: a game against the library's HeuristicBot, in the browser.
import { LANG, cardFace, cardName, el, loadPocha, missingRuntime, suitName, timings } from "./runtime.js";

const T = {
  en: {
    loading: "Loading Python and the rules…",
    game: "Game", players: "Players", speed: "Bots' speed", newGame: "New game",
    short: "Short (6 rounds: one auction, one blind)", classic: "Classic (1 to the largest hand and back)",
    up_down: "Up and down", full: "Full (with auctions and blind rounds)",
    normal: "Normal", fast: "Fast", instant: "Instant",
    you: "You", bot: (n) => `Bot ${n}`,
    seat: "Player", bid: "Bid", won: "Tricks", score: "Points",
    round: (i, n) => `Round ${i} of ${n}`, cards: (n) => (n === 1 ? "1 card" : `${n} cards`),
    trump: "Trump", turnedUp: "turned up", dealer: "dealer",
    auction: "auction round (subastada): the highest call names trump",
    blind: "blind round (india): you see every card but your own",
    yourBid: "Your bid: how many tricks will you take?",
    yourCall: "The auction: call a number of tricks to name trump, or pass.",
    yourTrump: "You won the auction: name trump.",
    yourCard: "Your turn: click a card to play it.",
    waiting: (who) => `${who} to move…`,
    table: "On the table", lastTrick: (who) => `Last trick, won by ${who}`,
    hand: "Your hand", hidden: "your card (hidden in a blind round)",
    notAllowed: (what) => `Not allowed (${what}).`, bidName: (n) => `bid ${n}`, pass: "Pass", call: (n) => `Call ${n}`,
    over: "Game over.", winner: (names) => `Winner: ${names}.`, ready: (s) => `Ready in ${s} s.`,
    sheet: "Score sheet", r: "Round", cardsCol: "Cards", total: "Total", visibleCards: "Cards you see",
    sheetNote: "Each cell: bid / tricks won: points. a: auction round, b: blind round.",
  },
  es: {
    loading: "Cargando Python y las reglas…",
    game: "Partida", players: "Jugadores", speed: "Velocidad de los bots", newGame: "Partida nueva",
    short: "Corta (6 rondas: una subastada, una india)", classic: "Clásica (de 1 a la mano más grande y vuelta)",
    up_down: "Subir y bajar", full: "Completa (con subastadas e indias)",
    normal: "Normal", fast: "Rápida", instant: "Al instante",
    you: "Tú", bot: (n) => `Bot ${n}`,
    seat: "Jugador", bid: "Pide", won: "Bazas", score: "Puntos",
    round: (i, n) => `Ronda ${i} de ${n}`, cards: (n) => (n === 1 ? "1 carta" : `${n} cartas`),
    trump: "Triunfo", turnedUp: "pinta", dealer: "reparte",
    auction: "subastada: quien más puja elige el triunfo",
    blind: "india: ves todas las cartas menos la tuya",
    yourBid: "Te toca pedir: ¿cuántas bazas vas a hacer?",
    yourCall: "Subasta: puja un número de bazas para elegir el triunfo, o pasa.",
    yourTrump: "Has ganado la subasta: elige el triunfo.",
    yourCard: "Te toca: pulsa una carta para jugarla.",
    waiting: (who) => `Juega ${who}…`,
    table: "En la mesa", lastTrick: (who) => `Última baza, para ${who}`,
    hand: "Tu mano", hidden: "tu carta (oculta en la india)",
    notAllowed: (what) => `No se puede (${what}).`, bidName: (n) => `pedir ${n}`, pass: "Paso", call: (n) => `Pujo ${n}`,
    over: "Fin de la partida.", winner: (names) => `Gana: ${names}.`, ready: (s) => `Listo en ${s} s.`,
    sheet: "Hoja de puntos", r: "Ronda", cardsCol: "Cartas", total: "Total", visibleCards: "Cartas que ves",
    sheetNote: "Cada casilla: pedidas / hechas: puntos. a: subastada, b: india.",
  },
}[LANG];

const DELAYS = { normal: [700, 1400], fast: [120, 400], instant: [0, 0] };

const root = document.getElementById("pocha-play");
let web = null;
let busy = false;
let message = "";
let generation = 0;

function name(seat) {
  return seat === 0 ? T.you : T.bot(seat);
}

function select(id, options, value) {
  return el("select", { id }, ...options.map(([v, label]) => el("option", { value: v, selected: v === value ? "" : null }, label)));
}

function controls() {
  const bar = el(
    "div", { class: "pocha-controls" },
    el("label", {}, T.game + " ", select("play-game", ["short", "classic", "up_down", "full"].map((g) => [g, T[g]]), "short")),
    el("label", {}, T.players + " ", select("play-players", [3, 4, 5, 6].map((n) => [String(n), String(n)]), "4")),
    el("label", {}, T.speed + " ", select("play-speed", ["normal", "fast", "instant"].map((s) => [s, T[s]]), "normal")),
    el("button", { id: "play-new", type: "button", onclick: newGame }, T.newGame),
  );
  return bar;
}

function newGame() {
  const game = document.getElementById("play-game").value;
  const players = Number(document.getElementById("play-players").value);
  generation += 1;
  message = "";
  render(JSON.parse(web.start(game, players)));
  advance();
}

function speed() {
  return DELAYS[document.getElementById("play-speed").value];
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function advance() {
  if (busy) return;
  busy = true;
  const mine = generation;
  try {
    let view = JSON.parse(web.view());
    while (!view.over && view.to_move !== 0 && mine === generation) {
      const [move, trick] = speed();
      await sleep(view.trick.length === 0 && view.last_trick.length ? trick : move);
      if (mine !== generation) break;
      view = JSON.parse(web.step());
      render(view);
    }
  } finally {
    busy = false;
  }
}

function human(index) {
  const view = JSON.parse(web.view());
  const choice = view.moves[index];
  if (!choice.legal) {
    const reason = LANG === "es" ? choice.reason_es : choice.reason;
    const what = choice.kind === "play" ? cardName(choice.card) : choice.kind === "bid" ? T.bidName(choice.tricks) : choice.kind;
    message = `${T.notAllowed(what)} ${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`;
    render(view);
    return;
  }
  message = "";
  render(JSON.parse(web.play(index)));
  advance();
}

function seatsTable(view) {
  const head = el("tr", {}, ...[T.seat, T.bid, T.won, T.score].map((h) => el("th", {}, h)));
  const blind = view.kind === "blind" && !view.over;
  if (blind) head.append(el("th", {}, T.visibleCards));
  const rows = [];
  for (let seat = 0; seat < view.players; seat++) {
    const bid = view.bids[seat];
    const row = el(
      "tr", { class: seat === view.to_move ? "pocha-to-move" : "", "data-seat": seat },
      el("td", {}, name(seat) + (seat === view.dealer ? ` (${T.dealer})` : "")),
      el("td", { class: "pocha-bid" }, bid === null ? "·" : String(bid)),
      el("td", {}, String(view.won[seat])),
      el("td", { class: "pocha-score" }, String(view.scores[seat])),
    );
    if (blind) {
      const hand = view.hands[seat];
      row.append(el("td", {}, ...(hand ? hand.map((c) => cardFace(c)) : [seat === 0 ? T.hidden : ""])));
    }
    rows.push(row);
  }
  return el("table", { class: "pocha-seats" }, el("thead", {}, head), el("tbody", {}, ...rows));
}

function trickArea(view) {
  const showLast = view.trick.length === 0 && view.last_trick.length > 0;
  const cards = showLast ? view.last_trick : view.trick;
  const caption = showLast ? T.lastTrick(name(view.last_winner)) : T.table;
  return el(
    "div", { class: "pocha-trick" + (showLast ? " pocha-last" : ""), id: "play-trick" },
    el("div", { class: "pocha-caption" }, caption),
    el("div", { class: "pocha-row" }, ...cards.map((p) => el("figure", {}, cardFace(p.card), el("figcaption", {}, name(p.seat))))),
  );
}

function prompt(view) {
  if (view.over) {
    return `${T.over} ${T.winner(view.winners.map(name).join(", "))}`;
  }
  if (view.to_move !== 0) return T.waiting(name(view.to_move));
  return { bid: T.yourBid, auction: T.yourCall, choose_trump: T.yourTrump, play: T.yourCard }[view.phase] || "";
}

function moveButtons(view) {
  if (view.to_move !== 0 || view.phase === "play") return null;
  const buttons = view.moves.map((m, index) => {
    let label;
    if (m.kind === "bid") label = String(m.tricks);
    else if (m.kind === "call") label = T.call(m.tricks);
    else if (m.kind === "pass") label = T.pass;
    else label = suitName(m.suit);
    const reason = LANG === "es" ? m.reason_es : m.reason;
    return el("button", {
      type: "button", class: "pocha-move" + (m.legal ? "" : " pocha-illegal"),
      "data-move": m.kind + (m.tricks ?? m.suit ?? ""), "data-legal": m.legal ? "1" : "0",
      title: reason, onclick: () => human(index),
    }, label);
  });
  return el("div", { class: "pocha-moves", id: "play-moves" }, ...buttons);
}

function handArea(view) {
  const hand = view.hands[0];
  const moves = view.phase === "play" && view.to_move === 0 ? view.moves : [];
  let cards;
  if (hand === null) {
    cards = [el("span", { class: "pocha-hidden-card" }, "?")];
  } else {
    cards = hand.map((card) => {
      const index = moves.findIndex((m) => m.card === card);
      const m = moves[index];
      const face = cardFace(card, "button");
      face.type = "button";
      if (m) {
        face.classList.add(m.legal ? "pocha-legal" : "pocha-illegal");
        face.dataset.legal = m.legal ? "1" : "0";
        face.title = m.legal ? cardName(card) : `${cardName(card)}: ${LANG === "es" ? m.reason_es : m.reason}`;
        face.addEventListener("click", () => human(index));
      } else {
        face.disabled = true;
      }
      return face;
    });
  }
  if (view.phase === "play" && view.to_move === 0 && hand === null) {
    // A blind round: the card is played unseen.
    cards = view.moves.map((m, index) => el("button", { type: "button", class: "pocha-hidden-card pocha-legal", "data-card": "hidden", "data-legal": "1", onclick: () => human(index) }, "?"));
  }
  return el("div", { class: "pocha-hand", id: "play-hand" }, el("div", { class: "pocha-caption" }, T.hand), el("div", { class: "pocha-row" }, ...cards));
}

function sheet(view) {
  if (!view.results.length) return null;
  const players = Array.from({ length: view.players }, (_, s) => s);
  const head = el("tr", {}, el("th", {}, T.r), el("th", {}, T.cardsCol), el("th", {}, T.trump), ...players.map((s) => el("th", {}, name(s))));
  const rows = view.results.map((r, i) =>
    el("tr", {}, el("td", {}, `${i + 1}`), el("td", {}, `${r.cards}${r.kind === "auction" ? "a" : r.kind === "blind" ? "b" : ""}`), el("td", {}, suitName(r.trump, true)),
      ...r.scores.map((points, s) => el("td", { class: r.bids[s] === r.won[s] ? "pocha-hit" : "pocha-miss" }, `${r.bids[s]} / ${r.won[s]}: ${points >= 0 ? "+" : ""}${points}`))),
  );
  const totals = players.map((s) => view.results.reduce((sum, r) => sum + r.scores[s], 0));
  const foot = el("tr", { class: "pocha-total" }, el("th", {}, T.total), el("td", {}), el("td", {}), ...totals.map((t) => el("th", {}, String(t))));
  return el("details", { class: "pocha-sheet", open: view.over ? "" : null }, el("summary", {}, T.sheet),
    el("p", {}, T.sheetNote), el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows), el("tfoot", {}, foot)));
}

function render(view) {
  const info = [T.round(view.round + 1, Math.max(view.rounds, view.round + 1)), T.cards(view.cards)];
  if (view.trump) {
    info.push(`${T.trump}: ${suitName(view.trump)}`);
  }
  const status = el("p", { class: "pocha-status", id: "play-status", "data-phase": view.over ? "over" : view.phase, "data-to-move": String(view.to_move) }, prompt(view));
  const header = el("p", { class: "pocha-info" }, info.join(" · "),
    view.trump_card ? el("span", {}, ` (${T.turnedUp}: `, cardFace(view.trump_card), ")") : null,
    view.kind === "auction" ? el("span", {}, ` · ${T.auction}`) : null,
    view.kind === "blind" && !view.over ? el("span", {}, ` · ${T.blind}`) : null);
  const note = message ? el("p", { class: "pocha-error", id: "play-message" }, message) : null;
  const parts = [header, seatsTable(view), trickArea(view), status, note, moveButtons(view), view.over ? null : handArea(view), sheet(view)];
  root.querySelector(".pocha-board").replaceChildren(...parts.filter(Boolean));
}

async function main() {
  root.replaceChildren(el("p", { class: "pocha-status", id: "play-status", "data-phase": "loading" }, T.loading));
  try {
    web = await loadPocha();
  } catch (error) {
    if (error.message === "missing-runtime") return missingRuntime(root);
    throw error;
  }
  root.replaceChildren(controls(), el("div", { class: "pocha-board" }));
  newGame();
  // Since the page opened (the navigation's start), as the timings are.
  const seconds = (performance.now() / 1000).toFixed(1);
  root.dataset.readyMs = String(Math.round(performance.now()));
  root.dataset.timings = JSON.stringify(timings);
  root.append(el("p", { class: "pocha-timing" }, T.ready(seconds)));
}

main();
