// A table of the server, in the browser: the seat's link carries its token
// after "#token=" (a spectator's link has none). The page connects over a
// websocket, says who it is, and from then on keeps its view current from
// the events of each move (view.js), says each move in the log, shows who
// is connected and whose turn it is, and sends the person's moves. When
// the connection drops it connects again, and is sent the current view.
import { updateView } from "./view.js";
import { LANG, SYMBOL, T, cardName, describe, el, moveLabel, suitName } from "./words.js";

const root = document.getElementById("pocha-serve");
const tid = location.pathname.split("/").filter(Boolean).pop();
const token = new URLSearchParams(location.hash.slice(1)).get("token");

const state = { view: null, game: null, seat: null, moves: 0, presence: null, socket: null, ref: 0, faces: {}, refused: false, lastTrick: null };
// For the browser check (docs/check_serve.py), which compares the view kept
// here with the one the server sends a seat that connects afresh.
window.pochaServe = state;

const parts = {
  info: el("p", { class: "pocha-info", id: "serve-info" }),
  seats: el("ul", { class: "pocha-seats", id: "serve-seats" }),
  board: el("div", { class: "pocha-pools", id: "serve-pools" }),
  trick: el("div", { class: "pocha-trick", id: "serve-trick" }),
  status: el("p", { class: "pocha-status", id: "serve-status", role: "status", "data-phase": "connecting" }, T.connecting),
  message: el("p", { class: "pocha-error", id: "serve-message", role: "alert" }),
  moves: el("div", { class: "pocha-moves", id: "serve-moves", role: "group", "aria-label": T.moves }),
  hand: el("div", { class: "pocha-row pocha-hand-row", id: "serve-hand", role: "group", "aria-label": T.hand }),
  log: el("div", { class: "pocha-log", id: "serve-log", role: "log", "aria-live": "polite", "aria-label": T.log, tabindex: "0" }),
  footer: el("p", { class: "pocha-footer", id: "serve-footer" }),
};
root.replaceChildren(
  el("div", { class: "pocha-board" },
    el("div", { class: "pocha-felt" }, parts.info, parts.board, parts.seats, parts.trick),
    parts.status, parts.message, parts.moves,
    el("div", { class: "pocha-hand" }, el("h2", { class: "pocha-caption" }, T.hand), parts.hand),
    el("h2", { class: "pocha-caption" }, T.log), parts.log, parts.footer),
);

function say(text, kind = "") {
  parts.log.append(el("p", { class: kind ? `pocha-log-${kind}` : "" }, text));
  while (parts.log.childElementCount > 300) parts.log.firstElementChild.remove();
  parts.log.scrollTop = parts.log.scrollHeight;
}

function who(seat) {
  if (seat === state.seat) return T.you;
  const bot = state.presence && state.presence.seats[seat].bot;
  return bot ? T.botSeat(seat, bot) : T.player(seat);
}

// A card as a picture (Pocha: the library's own drawing) or as text (Poch);
// `extra` classes beside the card's own.
function face(card, tag = "span", attributes = {}, extra = "") {
  const name = cardName(card, state.game);
  if (state.game === "pocha" && state.faces[card]) {
    const node = el(tag, { ...attributes, class: `pocha-face ${extra}`.trim(), title: name });
    node.innerHTML = state.faces[card];
    node.append(el("span", { class: "pocha-sr" }, name));
    return node;
  }
  const suit = card.slice(-1);
  const red = state.game === "poch" && (suit === "h" || suit === "d");
  return el(tag, { ...attributes, class: `poch-card${red ? " poch-red" : ""} ${extra}`.trim(), title: name },
    el("span", { "aria-hidden": "true" }, state.game === "poch" ? `${card.slice(0, -1)}${SYMBOL[suit]}` : card),
    el("span", { class: "pocha-sr" }, name));
}

function totals(list) {
  return list.map((n, seat) => `${who(seat)} ${n}`).join(", ");
}

// What happened, in the log.
function tell(event) {
  const game = state.game;
  switch (event.event) {
    case "move": say(describe(who(event.seat), event.move, game, event.seat === state.seat)); break;
    case "trick_won": say(T.trick(who(event.seat), event.seat === state.seat), "result"); state.lastTrick = event; break;
    case "round_ended": say(T.roundOver(totals(event.totals)), "result"); break;
    case "round_started": say(T.newRound(event.round)); state.lastTrick = null; break;
    case "auction_won": say(T.auctionWon(who(event.seat), event.tricks)); break;
    case "trump_named": say(T.trumpNamed(who(event.seat ?? state.view.auction_winner), suitName(event.suit, game))); break;
    case "deal_ended": say(T.dealOver(totals(event.balances)), "result"); break;
    case "game_over": say(T.gameOver(totals(event.scores || event.balances || [])), "result"); break;
    default: break;
  }
}

function drawSeats(view) {
  const n = view.hand_sizes.length;
  parts.seats.replaceChildren();
  for (let seat = 0; seat < n; seat += 1) {
    const p = state.presence ? state.presence.seats[seat] : { bot: null, connected: 0 };
    const here = p.bot || p.connected > 0;
    const lines = [el("span", { class: "pocha-seat-name" }, who(seat))];
    if (!p.bot) lines.push(el("span", { class: here ? "serve-here" : "serve-away" }, here ? T.connected : T.away));
    if (state.game === "pocha") {
      const bid = view.bids[seat];
      lines.push(el("span", {}, `${T.bid} ${bid === null ? "–" : bid} · ${T.won} ${view.tricks_won[seat]}`));
      lines.push(el("span", {}, `${view.scores[seat]} ${T.points}`));
      const seen = view.visible_hands[seat];
      if (seen && seat !== state.seat) lines.push(el("span", { class: "pocha-seat-cards" }, ...seen.map((c) => face(c))));
      if (seat === view.dealer) lines.push(el("span", {}, T.dealer));
    } else {
      lines.push(el("span", {}, `${view.balances[seat]} ${T.chips} · ${T.stake} ${view.stakes[seat]}`));
      lines.push(el("span", {}, `${view.hand_sizes[seat]} ▮`));
      if (view.shown[seat].length) lines.push(el("span", { class: "pocha-seat-cards" }, ...view.shown[seat].map((c) => face(c))));
      if (seat === view.dealer) lines.push(el("span", {}, T.dealer));
    }
    const classes = ["pocha-seat"];
    if (seat === view.to_move) classes.push("pocha-to-move");
    parts.seats.append(el("li", { class: classes.join(" "), "data-seat": String(seat), "data-connected": String(p.connected), "data-bot": p.bot || "" }, ...lines));
  }
}

function drawInfo(view) {
  if (state.game === "pocha") {
    const trump = view.trump ? suitName(view.trump, "pocha") : T.none;
    parts.info.replaceChildren(`${T.round(view.round, view.round_kind)} · ${T.trump}: ${trump} `);
    if (view.trump_card) parts.info.append(face(view.trump_card));
    parts.board.replaceChildren();
    const shown = view.trick.length ? view.trick : state.lastTrick ? state.lastTrick.cards : [];
    parts.trick.replaceChildren(el("h2", { class: "pocha-caption" }, T.table),
      el("div", { class: "pocha-row" }, ...shown.map(([seat, card]) => el("figure", {}, face(card), el("figcaption", {}, who(seat))))));
  } else {
    const trump = view.trump ? suitName(view.trump, "poch") : T.none;
    parts.info.replaceChildren(`${T.deal(view.deal_number)} · ${T.trump}: ${trump} `, view.turnup ? face(view.turnup) : "", ` · ${T.stock} ${view.stock_size}`);
    parts.board.replaceChildren(el("h2", { class: "pocha-caption" }, T.pools),
      el("ul", { class: "pocha-pool-list" }, ...Object.entries(view.pools).map(([pool, chips]) => el("li", {}, `${T.pool[pool] || pool}: ${chips}`))));
    parts.trick.replaceChildren(el("h2", { class: "pocha-caption" }, T.table),
      el("div", { class: "pocha-row" }, ...view.table.map(([seat, card]) => el("figure", {}, face(card), el("figcaption", {}, who(seat))))));
  }
}

function drawChoices(view) {
  const mine = state.seat !== null && view.to_move === state.seat;
  const legal = new Set(mine ? view.legal_moves : []);
  parts.moves.replaceChildren(...[...legal].filter((m) => !m.startsWith("play ")).map((move) => el("button", { type: "button", class: "pocha-move", "data-move": move, onclick: () => send(move) }, moveLabel(move, state.game))));
  parts.hand.replaceChildren(...(view.hand || []).map((card) => {
    const move = `play ${card}`;
    const ok = legal.has(move);
    return face(card, "button", { type: "button", "data-move": move, "data-legal": ok ? "1" : "0", "aria-disabled": ok ? null : "true", onclick: () => { if (ok) send(move); } }, ok ? "pocha-legal" : "pocha-illegal");
  }));
}

function draw() {
  const view = state.view;
  if (!view) return;
  drawInfo(view);
  drawSeats(view);
  drawChoices(view);
  const over = view.to_move === null;
  parts.status.dataset.phase = over ? "over" : view.phase;
  parts.status.dataset.toMove = String(view.to_move);
  parts.status.dataset.moves = String(state.moves);
  parts.status.textContent = over ? T.over : state.seat === null ? `${T.spectator} ${T.waiting(who(view.to_move))}` : view.to_move === state.seat ? T.yourTurn : T.waiting(who(view.to_move));
  if (over) parts.footer.replaceChildren(el("a", { href: `/api/tables/${tid}/record`, download: `${state.game}-${tid}.json`, id: "serve-record" }, T.download));
}

function send(move) {
  parts.message.textContent = "";
  state.ref += 1;
  state.socket.send(JSON.stringify({ type: "move", move, ref: state.ref }));
}

function presence(message) {
  const before = state.presence;
  state.presence = message;
  if (before) {
    message.seats.forEach((s, seat) => {
      if (s.bot) return;
      const was = before.seats[seat].connected > 0;
      const is = s.connected > 0;
      if (!was && is) say(T.joined(who(seat)), "presence");
      if (was && !is) say(T.left(who(seat)), "presence");
    });
  }
  const watching = el("span", { id: "serve-spectators" }, T.watching(message.spectators));
  parts.footer.querySelector("#serve-spectators")?.remove();
  parts.footer.prepend(watching);
}

function receive(message) {
  if (message.type === "welcome") {
    state.game = message.game;
    state.seat = message.seat;
    state.moves = message.moves;
    state.view = message.view;
    root.dataset.game = message.game;
    root.dataset.seat = String(message.seat);
  } else if (message.type === "events") {
    for (const event of message.events) tell(event);
    state.view = updateView(state.view, message.events);
    state.moves = message.moves;
  } else if (message.type === "presence") {
    presence(message);
  } else if (message.type === "error") {
    parts.message.textContent = message.message;
    parts.message.dataset.code = message.code;
    if (["token_unknown", "table_unknown", "message_form"].includes(message.code) && state.view === null) state.refused = true;
    return;
  } else {
    return;
  }
  draw();
}

async function connect() {
  if (!Object.keys(state.faces).length) {
    try {
      state.faces = await (await fetch(`/api/faces?lang=${LANG}`)).json();
    } catch (error) {
      state.faces = {};
    }
  }
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/${tid}`);
  state.socket = socket;
  socket.addEventListener("open", () => {
    const hello = { type: "hello", lang: LANG };
    if (token) hello.token = token;
    socket.send(JSON.stringify(hello));
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    if (state.refused) {
      parts.status.dataset.phase = "refused";
      parts.status.textContent = parts.message.textContent;
      return;
    }
    parts.status.dataset.phase = "reconnecting";
    parts.status.textContent = T.lost;
    state.view = null;
    setTimeout(connect, 1000);
  });
}

connect();
