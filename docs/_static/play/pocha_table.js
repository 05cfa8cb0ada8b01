// The Pocha table of the Play page: the person in seat 0 against the
// library's HeuristicBot (pocha_web.py does the game; this draws it).
import { LANG, cardName, el, suitName } from "./runtime.js";
import { CardTable, joinNames, refused, select } from "./table.js";

const T = {
  en: {
    options: "Options", game: "Game", players: "Players", speed: "Bots' speed", newGame: "New game",
    short: "Short: 6 rounds", classic: "Classic: 1 to 10 and back",
    up_down: "Up and down", full: "Full: with auctions and blind rounds",
    slow: "Slow", normal: "Normal", fast: "Fast", instant: "Instant",
    you: "You", bot: (n) => `Bot ${n}`, and: "and",
    bidShort: "bid", wonShort: "won", points: "points",
    seat: "Player", bid: "Bid", won: "Tricks", score: "Points", totalCol: "Total",
    round: (i, n) => `Round ${i} of ${n}`, cards: (n) => (n === 1 ? "1 card" : `${n} cards`),
    trump: "Trump", noTrump: "not named yet", turnedUp: "turned up", dealer: "dealer",
    auction: "auction round: the highest call names trump",
    blind: "blind round: you see every card but your own",
    yourBid: "Your turn: how many tricks will you take? Choose a bid.",
    yourCall: "Your turn in the auction: call a number of tricks to name trump, or pass.",
    yourTrump: "You won the auction: name trump.",
    yourCard: "Your turn: play a card.",
    waiting: (who) => `${who} to move…`,
    table: "On the table", lastTrick: (who) => `Last trick, won by ${who}`, empty: "nothing yet",
    hand: "Your hand", hidden: "Your card, hidden in a blind round",
    notAllowed: (what) => `Not allowed (${what}).`, bidName: (n) => `bid ${n}`, pass: "Pass", call: (n) => `Call ${n}`,
    over: "Game over.", winner: (names) => `Winner: ${names}.`, ready: (s) => `Ready in ${s} s.`,
    sheet: "Score sheet", r: "Round", cardsCol: "Cards", visibleCards: "Cards you see",
    sheetNote: "Each cell: bid / tricks won: points. a: auction round, b: blind round.",
    log: "What happened", summary: (n) => `Round ${n}: the result`, finalSummary: "The final result",
    notYourTurn: "Wait for your turn.", moves: "Your choices",
    // What happened, as the log says it.
    saidBid: (who, n) => `${who} ${who === "You" ? "bid" : "bids"} ${n}.`,
    saidCall: (who, n) => `${who} ${who === "You" ? "call" : "calls"} ${n}.`,
    saidPass: (who) => `${who} ${who === "You" ? "pass" : "passes"}.`,
    saidTrump: (who, suit) => `${who} ${who === "You" ? "name" : "names"} ${suit} trump.`,
    saidPlay: (who, card) => `${who} ${who === "You" ? "play" : "plays"} the ${card}.`,
    saidAuction: (who, n, passed) => `${who} won the auction with ${n}${passed ? `; ${passed} passed` : ""}.`,
    saidTrick: (who) => `${who} ${who === "You" ? "win" : "wins"} the trick.`,
    saidRound: (n, parts) => `Round ${n} over. ${parts}.`,
    saidSeat: (who, bid, won, points) => `${who}: bid ${bid}, took ${won}, ${points >= 0 ? "+" : ""}${points}`,
    saidNewRound: (i, cards, trump) => `Round ${i}: ${cards}${trump ? `, ${trump} trump` : ""}.`,
  },
  es: {
    options: "Opciones", game: "Partida", players: "Jugadores", speed: "Velocidad de los bots", newGame: "Partida nueva",
    short: "Corta: 6 rondas", classic: "Clásica: de 1 a 10 y vuelta",
    up_down: "Subir y bajar", full: "Completa: con subastadas e indias",
    slow: "Lenta", normal: "Normal", fast: "Rápida", instant: "Al instante",
    you: "Tú", bot: (n) => `Bot ${n}`, and: "y",
    bidShort: "pide", wonShort: "lleva", points: "puntos",
    seat: "Jugador", bid: "Pide", won: "Bazas", score: "Puntos", totalCol: "Total",
    round: (i, n) => `Ronda ${i} de ${n}`, cards: (n) => (n === 1 ? "1 carta" : `${n} cartas`),
    trump: "Triunfo", noTrump: "sin decidir", turnedUp: "pinta", dealer: "reparte",
    auction: "subastada: quien más puja elige el triunfo",
    blind: "india: ves todas las cartas menos la tuya",
    yourBid: "Te toca pedir: ¿cuántas bazas vas a hacer?",
    yourCall: "Te toca en la subasta: puja un número de bazas para elegir el triunfo, o pasa.",
    yourTrump: "Has ganado la subasta: elige el triunfo.",
    yourCard: "Te toca: juega una carta.",
    waiting: (who) => `Juega ${who}…`,
    table: "En la mesa", lastTrick: (who) => `Última baza, para ${who}`, empty: "nada todavía",
    hand: "Tu mano", hidden: "Tu carta, oculta en la india",
    notAllowed: (what) => `No se puede (${what}).`, bidName: (n) => `pedir ${n}`, pass: "Paso", call: (n) => `Pujo ${n}`,
    over: "Fin de la partida.", winner: (names) => `Gana: ${names}.`, ready: (s) => `Listo en ${s} s.`,
    sheet: "Hoja de puntos", r: "Ronda", cardsCol: "Cartas", visibleCards: "Cartas que ves",
    sheetNote: "Cada casilla: pedidas / hechas: puntos. a: subastada, b: india.",
    log: "Lo que ha pasado", summary: (n) => `Ronda ${n}: el resultado`, finalSummary: "El resultado final",
    notYourTurn: "Espera a tu turno.", moves: "Tus opciones",
    saidBid: (who, n) => `${who} ${who === "Tú" ? "pides" : "pide"} ${n}.`,
    saidCall: (who, n) => `${who} ${who === "Tú" ? "pujas" : "puja"} ${n}.`,
    saidPass: (who) => `${who} ${who === "Tú" ? "pasas" : "pasa"}.`,
    saidTrump: (who, suit) => `${who} ${who === "Tú" ? "eliges" : "elige"} triunfo: ${suit}.`,
    saidPlay: (who, card) => `${who} ${who === "Tú" ? "juegas" : "juega"} ${theCard(card)}.`,
    saidAuction: (who, n, passed) => `${who === "Tú" ? "Ganas" : `Gana ${who}`} la subasta con ${n}${passed ? `; ${passed} ${passed.includes(" y ") ? "pasan" : "pasa"}` : ""}.`,
    saidTrick: (who) => (who === "Tú" ? "Te llevas la baza." : `${who} se lleva la baza.`),
    saidRound: (n, parts) => `Fin de la ronda ${n}. ${parts}.`,
    saidSeat: (who, bid, won, points) => `${who}: ${bid} pedidas, ${won} hechas, ${points >= 0 ? "+" : ""}${points}`,
    saidNewRound: (i, cards, trump) => `Ronda ${i}: ${cards}${trump ? `, triunfo ${trump}` : ""}.`,
  },
}[LANG];

// A Spanish card's name with its article: "el as de oros", "la sota de copas".
function theCard(name) {
  const lower = name.charAt(0).toLowerCase() + name.slice(1);
  return (lower.startsWith("sota") ? "la " : "el ") + lower;
}

export class PochaTable extends CardTable {
  constructor(root, web, faces, switcher) {
    super();
    this.root = root;
    this.switcher = switcher;
    this.web = web;
    this.faces = faces;
    this.generation = 0;
    this.busy = false;
    this.since = 0;
    this.view = null;
    this.lastRound = null;
    this.build();
  }

  get words() {
    return T;
  }

  // A finished trick or round stays a while before the next card.
  wait(view, pace) {
    const kinds = view.events.map((e) => e.type);
    return kinds.includes("round") ? pace.round : kinds.includes("trick") ? pace.trick : pace.move;
  }

  refusal(choice) {
    const reason = LANG === "es" ? choice.reason_es : choice.reason;
    const what = choice.kind === "play" ? cardName(choice.card) : choice.kind === "bid" ? T.bidName(choice.tricks) : choice.kind;
    return refused(what, reason, T.notAllowed);
  }

  name(seat) {
    return seat === 0 ? T.you : T.bot(seat);
  }

  build() {
    const choices = [
      select("play-game", T.game, ["short", "classic", "up_down", "full"].map((g) => [g, T[g]]), "short"),
      select("play-players", T.players, [3, 4, 5, 6].map((n) => [String(n), String(n)]), "4"),
      select("play-speed", T.speed, ["slow", "normal", "fast", "instant"].map((s) => [s, T[s]]), "normal"),
    ];
    this.sheet = el("div", { class: "pocha-sheet-box" });
    this.assemble(T, choices, [], this.sheet);
  }

  newGame() {
    this.drawn = null;
    this.lastRound = null;
    const game = document.getElementById("play-game").value;
    this.begin(game, Number(document.getElementById("play-players").value));
  }


  // A view from Python: say what happened, then draw the board.
  say(event) {
    const who = event.seat === undefined ? null : this.name(event.seat);
    if (event.type === "move") {
      if (event.kind === "play") return this.log.add(T.saidPlay(who, cardName(event.card)));
      if (event.kind === "bid") return this.log.add(T.saidBid(who, event.tricks));
      if (event.kind === "call") return this.log.add(T.saidCall(who, event.tricks));
      if (event.kind === "pass") return this.log.add(T.saidPass(who));
      return this.log.add(T.saidTrump(who, suitName(event.suit)));
    }
    if (event.type === "auction") {
      const passed = joinNames(event.passed.map((s) => this.name(s)), T.and);
      return this.log.add(T.saidAuction(this.name(event.winner), event.call, passed), "news");
    }
    if (event.type === "trick") return this.log.add(T.saidTrick(this.name(event.winner)), "news");
    if (event.type === "round") {
      this.lastRound = event;
      const parts = event.bids.map((bid, s) => T.saidSeat(this.name(s), bid, event.won[s], event.scores[s])).join("; ");
      return this.log.add(T.saidRound(event.number, parts), "round");
    }
    if (event.type === "over") return this.log.add(`${T.over} ${T.winner(event.winners.map((s) => this.name(s)).join(", "))}`, "round");
  }

  prompt(view) {
    if (view.over) return `${T.over} ${T.winner(view.winners.map((s) => this.name(s)).join(", "))}`;
    if (view.to_move !== 0) return T.waiting(this.name(view.to_move));
    return { bid: T.yourBid, auction: T.yourCall, choose_trump: T.yourTrump, play: T.yourCard }[view.phase] || "";
  }

  face(card, tag = "span") {
    const node = el(tag, { class: "pocha-face", "data-card": card, "data-key": card });
    node.innerHTML = this.faces[card];
    const svg = node.querySelector("svg");
    if (tag === "button") {
      svg.setAttribute("aria-hidden", "true");
      svg.setAttribute("focusable", "false");
      svg.querySelector("title")?.remove();
    }
    return node;
  }

  drawTable(view) {
    const before = this.drawn;
    this.drawn = view;
    if (!view.over && (!before || before.round !== view.round)) {
      this.log.add(T.saidNewRound(view.round + 1, T.cards(view.cards), view.trump ? suitName(view.trump) : null), "round");
    }
    const info = [T.round(view.round + 1, Math.max(view.rounds, view.round + 1)), T.cards(view.cards)];
    const trump = view.trump ? `${T.trump}: ${suitName(view.trump)}` : view.kind === "auction" ? `${T.trump}: ${T.noTrump}` : null;
    if (trump) info.push(trump);
    this.info.replaceChildren(
      info.join(" · "),
      view.trump_card ? el("span", { class: "pocha-turned" }, ` (${T.turnedUp}: `, this.face(view.trump_card), ")") : "",
      view.kind === "auction" && !view.over ? el("span", { class: "pocha-kind" }, ` · ${T.auction}`) : "",
      view.kind === "blind" && !view.over ? el("span", { class: "pocha-kind" }, ` · ${T.blind}`) : "",
    );
    this.renderSeats(view);
    this.renderTrick(view);
    this.renderSummary(view);
  }

  renderSeats(view) {
    const items = [];
    for (let seat = 0; seat < view.players; seat++) {
      const bid = view.bids[seat];
      const hand = view.hands[seat];
      const blind = view.kind === "blind" && !view.over && seat !== 0 && hand;
      items.push(el(
        "li", { class: "pocha-seat" + (seat === view.to_move ? " pocha-to-move" : ""), "data-seat": seat, "aria-current": seat === view.to_move ? "true" : null },
        el("span", { class: "pocha-seat-name" }, this.name(seat) + (seat === view.dealer ? ` (${T.dealer})` : "")),
        el("span", { class: "pocha-seat-bid" }, `${T.bidShort} `, el("b", { class: "pocha-bid" }, bid === null ? "–" : String(bid)), ` · ${T.wonShort} `, el("b", {}, String(view.won[seat]))),
        el("span", {}, `${T.points}: `, el("b", { class: "pocha-score" }, String(view.scores[seat]))),
        blind ? el("span", { class: "pocha-seat-cards" }, ...hand.map((c) => this.face(c))) : "",
      ));
    }
    this.seats.replaceChildren(...items);
  }

  renderTrick(view) {
    const showLast = view.trick.length === 0 && view.last_trick.length > 0;
    const cards = showLast ? view.last_trick : view.trick;
    const caption = showLast ? T.lastTrick(this.name(view.last_winner)) : T.table;
    const row = cards.map((p) => el(
      "figure", { class: showLast && p.seat === view.last_winner ? "pocha-winner" : "" },
      this.face(p.card), el("figcaption", {}, this.name(p.seat)),
    ));
    this.trick.className = "pocha-trick" + (showLast ? " pocha-last" : "");
    this.trick.replaceChildren(
      el("h2", { class: "pocha-caption" }, caption),
      el("div", { class: "pocha-row" }, ...(row.length ? row : [el("em", {}, T.empty)])),
    );
  }

  // The last round's result, shown while the next round is bid (and at
  // the end of the game).
  renderSummary(view) {
    const r = this.lastRound;
    const bidding = view.over || (view.trick.length === 0 && view.won.every((w) => w === 0) && view.phase !== "play");
    if (!r || !bidding) {
      this.summary.replaceChildren();
      this.summary.hidden = true;
      return;
    }
    this.summary.hidden = false;
    const head = el("tr", {}, ...[T.seat, T.bid, T.won, T.score, T.totalCol].map((h) => el("th", { scope: "col" }, h)));
    const rows = r.bids.map((bid, s) => el(
      "tr", { class: bid === r.won[s] ? "pocha-hit" : "pocha-miss" },
      el("th", { scope: "row" }, this.name(s)), el("td", {}, String(bid)), el("td", {}, String(r.won[s])),
      el("td", {}, `${r.scores[s] >= 0 ? "+" : ""}${r.scores[s]}`), el("td", {}, String(r.totals[s])),
    ));
    const caption = view.over ? T.finalSummary : T.summary(r.number);
    // On a phone the same in one line (the score sheet below has it all).
    const line = r.scores.map((points, s) => `${this.name(s)} ${points >= 0 ? "+" : ""}${points}`).join(", ");
    this.summary.replaceChildren(
      el("table", {}, el("caption", {}, caption), el("thead", {}, head), el("tbody", {}, ...rows)),
      el("p", { class: "pocha-summary-line" }, el("b", {}, `${caption}: `), line),
    );
  }

  renderMoves(view) {
    if (view.over || view.to_move !== 0 || view.phase === "play") {
      this.moves.replaceChildren();
      this.moves.hidden = true;
      return;
    }
    this.moves.hidden = false;
    this.moves.replaceChildren(...view.moves.map((m, index) => {
      let label;
      if (m.kind === "bid") label = String(m.tricks);
      else if (m.kind === "call") label = T.call(m.tricks);
      else if (m.kind === "pass") label = T.pass;
      else label = suitName(m.suit);
      const reason = LANG === "es" ? m.reason_es : m.reason;
      const key = m.kind + (m.tricks ?? m.suit ?? "");
      return el("button", {
        type: "button", class: "pocha-move" + (m.legal ? "" : " pocha-illegal"),
        "data-move": key, "data-key": key, "data-legal": m.legal ? "1" : "0",
        "aria-disabled": m.legal ? null : "true",
        "aria-label": m.kind === "bid" ? `${T.bidName(m.tricks)}${m.legal ? "" : `: ${reason}`}` : (m.legal ? null : `${label}: ${reason}`),
        title: reason, onclick: () => this.human(index),
      }, label);
    }));
  }

  renderHand(view) {
    const hand = view.hands[0];
    const mine = view.phase === "play" && view.to_move === 0 && !view.over;
    const moves = mine ? view.moves : [];
    let cards = [];
    if (view.over) {
      cards = [];
    } else if (hand === null) {
      if (mine) {
        cards = view.moves.map((m, index) => el("button", { type: "button", class: "pocha-hidden-card pocha-legal", "data-card": "hidden", "data-key": "hidden", "data-legal": "1", onclick: () => this.human(index) }, el("span", { "aria-hidden": "true" }, "?"), el("span", { class: "pocha-sr" }, T.hidden)));
      } else {
        cards = [el("span", { class: "pocha-hidden-card", role: "img", "aria-label": T.hidden }, "?")];
      }
    } else {
      cards = hand.map((card) => {
        const index = moves.findIndex((m) => m.card === card);
        const m = moves[index];
        const reason = m ? (LANG === "es" ? m.reason_es : m.reason) : null;
        return this.cardButton(this.face(card, "button"), cardName(card), m, index, reason);
      });
    }
    this.handBox.hidden = view.over;
    this.handRow.replaceChildren(...cards);
  }

  drawRecord(view) {
    if (!view.results.length) {
      this.sheet.replaceChildren();
      return;
    }
    const players = Array.from({ length: view.players }, (_, s) => s);
    const head = el("tr", {}, el("th", { scope: "col" }, T.r), el("th", { scope: "col" }, T.cardsCol), el("th", { scope: "col" }, T.trump), ...players.map((s) => el("th", { scope: "col" }, this.name(s))));
    const rows = view.results.map((r, i) => el(
      "tr", {}, el("th", { scope: "row" }, `${i + 1}`), el("td", {}, `${r.cards}${r.kind === "auction" ? "a" : r.kind === "blind" ? "b" : ""}`), el("td", {}, suitName(r.trump, true)),
      ...r.scores.map((points, s) => el("td", { class: r.bids[s] === r.won[s] ? "pocha-hit" : "pocha-miss" }, `${r.bids[s]} / ${r.won[s]}: ${points >= 0 ? "+" : ""}${points}`)),
    ));
    const totals = players.map((s) => view.results.reduce((sum, r) => sum + r.scores[s], 0));
    const foot = el("tr", { class: "pocha-total" }, el("th", { scope: "row" }, T.totalCol), el("td", {}), el("td", {}), ...totals.map((t) => el("td", {}, String(t))));
    const open = this.sheet.querySelector("details")?.open ?? view.over;
    this.sheet.replaceChildren(el(
      "details", { class: "pocha-sheet", open: open || view.over ? "" : null }, el("summary", {}, T.sheet),
      el("p", {}, T.sheetNote),
      el("div", { class: "pocha-scroll", tabindex: "0", role: "region", "aria-label": T.sheet },
        el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows), el("tfoot", {}, foot))),
    ));
  }
}
