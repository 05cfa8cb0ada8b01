// The server's first page: set up a table (the game, its rules, the number
// of players, who plays each seat) and get a link for each person's seat
// and one for spectators.
import { T, el } from "./words.js";

const root = document.getElementById("pocha-serve");
const options = JSON.parse(root.dataset.options);

function labelled(id, label, control) {
  return el("p", {}, el("label", { for: id }, label, " "), control);
}

const game = el("select", { id: "serve-game" }, el("option", { value: "pocha" }, "Pocha"), el("option", { value: "poch" }, "Poch"));
const preset = el("select", { id: "serve-preset" });
const players = el("select", { id: "serve-players" });
const seats = el("div", { id: "serve-seat-choices" });
const made = el("div", { id: "serve-made" });
const message = el("p", { class: "pocha-error", id: "serve-message", role: "alert" });

function refresh() {
  const which = game.value;
  preset.replaceChildren(...options.presets[which].map((name) => el("option", { value: name }, T.presets[name] || name)));
  const [low, high] = options.players[which];
  const was = Number(players.value) || 4;
  players.replaceChildren();
  for (let n = low; n <= high; n += 1) players.append(el("option", { value: String(n), selected: n === Math.min(Math.max(was, low), high) ? "" : null }, String(n)));
  seatChoices();
}

function seatChoices() {
  const n = Number(players.value);
  seats.replaceChildren();
  for (let seat = 0; seat < n; seat += 1) {
    const choice = el("select", { id: `serve-seat-${seat}` }, el("option", { value: "" }, T.person), ...options.bots.map((bot) => el("option", { value: bot }, T.bot(bot))));
    seats.append(labelled(`serve-seat-${seat}`, T.seat(seat), choice));
  }
}

async function create(event) {
  event.preventDefault();
  message.textContent = "";
  const n = Number(players.value);
  const bots = [];
  for (let seat = 0; seat < n; seat += 1) bots.push(document.getElementById(`serve-seat-${seat}`).value || null);
  const body = JSON.stringify({ game: game.value, preset: preset.value, players: n, bots });
  const answer = await fetch(`/api/tables?lang=${document.documentElement.lang}`, { method: "POST", body, headers: { "Content-Type": "application/json" } });
  const data = await answer.json();
  if (!answer.ok) {
    message.textContent = data.error.message;
    return;
  }
  const list = el("ul", { class: "serve-links" });
  for (const seat of data.seats) {
    if (!seat.link) continue;
    list.append(el("li", {}, `${T.seat(seat.seat)}: `, el("a", { href: seat.link, "data-seat": String(seat.seat), class: "serve-seat-link" }, seat.link)));
  }
  list.append(el("li", {}, `${T.spectators}: `, el("a", { href: data.spectator, id: "serve-spectator-link" }, data.spectator)));
  made.replaceChildren(el("p", {}, T.links), list, el("p", {}, el("a", { href: data.record }, T.record)));
  made.dataset.table = data.id;
}

game.addEventListener("change", refresh);
players.addEventListener("change", seatChoices);
root.replaceChildren(
  el("h1", {}, T.title),
  el("form", { id: "serve-create", onsubmit: create },
    el("h2", {}, T.create),
    labelled("serve-game", T.game, game), labelled("serve-preset", T.preset, preset), labelled("serve-players", T.players, players),
    seats, el("button", { type: "submit", id: "serve-make" }, T.make)),
  message, made,
);
refresh();
