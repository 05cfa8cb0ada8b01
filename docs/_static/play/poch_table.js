// The Poch table of the Play page: the person in seat 0 against the
// library's Poch bots (poch_web.py does the game; this draws it), in
// English, German or Spanish.
import { LANG, el } from "./runtime.js";
import { CardTable, joinNames, refused, select } from "./table.js";

const SYMBOL = { c: "♣", d: "♦", h: "♥", s: "♠" };
const LANGUAGES = [["en", "English"], ["de", "Deutsch"], ["es", "Español"]];

// A Spanish card's name with its article: "el as de picas", "la dama de corazones".
function theCard(name) {
  return (/^(dama|jota)/.test(name) ? "la " : "el ") + name;
}

// "al as de picas", "a la dama de corazones".
function toCard(name) {
  const named = theCard(name);
  return named.startsWith("el ") ? `al ${named.slice(3)}` : `a ${named}`;
}

const WORDS = {
  en: {
    options: "Options", table: "Table language", players: "Players", speed: "Bots' speed", newGame: "New game",
    slow: "Slow", normal: "Normal", fast: "Fast", instant: "Instant",
    you: "You", bot: (n) => `Bot ${n}`, and: "and",
    suits: { c: "clubs", d: "diamonds", h: "hearts", s: "spades" },
    ranks: { 11: "jack", 12: "queen", 13: "king", 14: "ace" },
    plural: { 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens", 8: "eights", 9: "nines", 10: "tens", 11: "jacks", 12: "queens", 13: "kings", 14: "aces" },
    card: (rank, suit) => `${rank} of ${suit}`,
    pools: { ace: "Ace", king: "King", queen: "Queen", jack: "Jack", ten: "Ten", marriage: "Marriage", sequence: "Sequence", poch: "Poch", centre: "Centre" },
    board: "The board", chips: (n) => (n === 1 ? "1 chip" : `${n} chips`),
    deal: (i, n) => `Deal ${i} of ${n}`, trump: "Trump", dealer: "dealer", turnedUp: "turned up",
    balance: "chips", stake: "bet", passed: "passed", opener: "opened", cardsLeft: (n) => (n === 1 ? "1 card" : `${n} cards`),
    shown: "shown", hand: "Your hand", series: "The series", stopped: "The last series, stopped", noneShed: "nothing shed yet",
    moves: "Your choices", log: "What happened", payments: "Every payment",
    pass: "Pass", open: (n) => `Open ${n}`, match: (n) => `Match (${n})`, close: "Close: show hands", reopen: (n) => `Reopen ${n}`,
    yourBet: "Your turn in the betting: open with 1 to 10 chips, match, or pass.",
    yourDecide: "You opened: close the betting (show hands) or reopen with more chips.",
    yourShed: (last) => (last ? `Your turn: play the next card after ${last}.` : "Your turn: start a series with any card."),
    waiting: (who) => `${who} to move…`,
    over: "Game over.", ranking: (list) => `Final chips: ${list}.`,
    combo: (key, r) => ({ 4: () => `quads of ${r(key[1])}`, 3: () => `trips of ${r(key[1])}`, 2: () => `two pair, ${r(key[1])} and ${r(key[2])}`, 1: () => `a pair of ${r(key[1])}` }[key[0]] || (() => "no combination"))(),
    showdown: "The showdown", dealSummary: (n) => `Deal ${n}: the result`,
    notYourTurn: "Wait for your turn.", notAllowed: (card) => `Not allowed (${card}).`,
    saidDeal: (n, dealer, trump, turnup) => `Deal ${n}: ${dealer} deals; ${turnup} turned up, ${trump} are trump.`,
    saidPass: (who) => `${who} ${who === "You" ? "pass" : "passes"}.`,
    saidOpen: (who, n) => `${who} ${who === "You" ? "open" : "opens"} the betting with ${n}.`,
    saidMatch: (who, n) => `${who} ${who === "You" ? "match" : "matches"}: ${n} into the poch pool.`,
    saidClose: (who) => `${who} ${who === "You" ? "close" : "closes"} the betting: hands are shown.`,
    saidReopen: (who, n) => `${who} ${who === "You" ? "reopen" : "reopens"} the betting with ${n} more.`,
    saidPlay: (who, card) => `${who} ${who === "You" ? "shed" : "sheds"} the ${card}.`,
    saidDress: (n, pools) => `Everyone dresses the board: ${n} in each of the ${pools} pools.`,
    saidTake: (who, pool, n) => `${who} ${who === "You" ? "take" : "takes"} the ${pool} pool: ${n}.`,
    saidShare: (who, pool, n) => `${who} ${who === "You" ? "take" : "takes"} a share of the ${pool} pool: ${n}.`,
    saidStop: (who, payers, n) => `A stop: ${payers} ${payers === "You" ? "pay" : "pay"} ${who} ${n} each.`,
    saidCards: (who, list) => `${who} went out: ${list} for the cards left in hand.`,
    paidItem: (who, n) => `${who} ${who === "You" ? "pay" : "pays"} ${n}`,
    saidNoBet: "Nobody opened: the poch pool stays for the next deal.",
    saidAlone: (who, combo) => `Everyone else passed: ${who} ${who === "You" ? "win" : "wins"} the betting uncontested (${combo}).`,
    saidShow: (who, combo) => `${who}: ${combo}`,
    saidBest: (names) => `Best combination: ${names}.`,
    saidDealEnd: (n, list) => `Deal ${n} over: ${list}.`,
    saidOver: (list) => `Game over. Final chips: ${list}.`,
    mustPlay: (card, after) => `you hold the ${card}, the card after the ${after}, and must play it`,
  },
  de: {
    options: "Optionen", table: "Sprache des Tisches", players: "Spieler", speed: "Tempo der Bots", newGame: "Neues Spiel",
    slow: "Langsam", normal: "Normal", fast: "Schnell", instant: "Sofort",
    you: "Du", bot: (n) => `Bot ${n}`, and: "und",
    suits: { c: "Kreuz", d: "Karo", h: "Herz", s: "Pik" },
    ranks: { 11: "Bube", 12: "Dame", 13: "König", 14: "Ass" },
    plural: { 2: "Zweien", 3: "Dreien", 4: "Vieren", 5: "Fünfen", 6: "Sechsen", 7: "Siebenen", 8: "Achten", 9: "Neunen", 10: "Zehnen", 11: "Buben", 12: "Damen", 13: "Könige", 14: "Asse" },
    card: (rank, suit) => `${suit} ${rank}`,
    pools: { ace: "Ass", king: "König", queen: "Dame", jack: "Bube", ten: "Zehn", marriage: "Mariage", sequence: "Sequenz", poch: "Poch", centre: "Mitte" },
    board: "Das Pochbrett", chips: (n) => (n === 1 ? "1 Marke" : `${n} Marken`),
    deal: (i, n) => `Spiel ${i} von ${n}`, trump: "Trumpf", dealer: "gibt", turnedUp: "aufgedeckt",
    balance: "Marken", stake: "Einsatz", passed: "gepasst", opener: "hat gepocht", cardsLeft: (n) => (n === 1 ? "1 Karte" : `${n} Karten`),
    shown: "gezeigt", hand: "Deine Karten", series: "Die Folge", stopped: "Die letzte Folge, gestoppt", noneShed: "noch keine",
    moves: "Deine Möglichkeiten", log: "Was geschah", payments: "Alle Zahlungen",
    pass: "Passen", open: (n) => `Pochen ${n}`, match: (n) => `Halten (${n})`, close: "Aufdecken", reopen: (n) => `Nachpochen ${n}`,
    yourBet: "Du bist dran: poche mit 1 bis 10 Marken, halte oder passe.",
    yourDecide: "Du hast gepocht: aufdecken lassen oder nachpochen.",
    yourShed: (last) => (last ? `Du bist dran: spiele die nächste Karte nach ${last}.` : "Du bist dran: beginne eine Folge mit einer beliebigen Karte."),
    waiting: (who) => `${who} ist dran…`,
    over: "Spielende.", ranking: (list) => `Marken am Ende: ${list}.`,
    combo: (key, r) => ({ 4: () => `Vierling (${r(key[1])})`, 3: () => `Drilling (${r(key[1])})`, 2: () => `zwei Paare (${r(key[1])} und ${r(key[2])})`, 1: () => `ein Paar (${r(key[1])})` }[key[0]] || (() => "nichts"))(),
    showdown: "Aufdecken", dealSummary: (n) => `Spiel ${n}: das Ergebnis`,
    notYourTurn: "Warte, bis du dran bist.", notAllowed: (card) => `Nicht erlaubt (${card}).`,
    saidDeal: (n, dealer, trump, turnup) => `Spiel ${n}: ${dealer === "Du" ? "du gibst" : `${dealer} gibt`}; aufgedeckt ${turnup}, Trumpf ist ${trump}.`,
    saidPass: (who) => `${who} ${who === "Du" ? "passt" : "passt"}.`,
    saidOpen: (who, n) => `${who} ${who === "Du" ? "pochst" : "pocht"} mit ${n}.`,
    saidMatch: (who, n) => `${who} ${who === "Du" ? "hältst" : "hält"}: ${n} in den Poch.`,
    saidClose: (who) => `${who} ${who === "Du" ? "lässt" : "lässt"} aufdecken.`,
    saidReopen: (who, n) => `${who} ${who === "Du" ? "pochst" : "pocht"} nach: ${n} mehr.`,
    saidPlay: (who, card) => `${who} ${who === "Du" ? "spielst" : "spielt"} ${card}.`,
    saidDress: (n, pools) => `Alle besetzen das Brett: ${n} in jedes der ${pools} Fächer.`,
    saidTake: (who, pool, n) => `${who} ${who === "Du" ? "nimmst" : "nimmt"} das Fach ${pool}: ${n}.`,
    saidShare: (who, pool, n) => `${who} ${who === "Du" ? "bekommst" : "bekommt"} einen Teil des Fachs ${pool}: ${n}.`,
    saidStop: (who, payers, n) => `Stopper: ${payers} ${payers === "Du" ? "zahlst" : "zahlen"} ${who === "Du" ? "dir" : who} je ${n}.`,
    saidCards: (who, list) => `${who} ${who === "Du" ? "bist" : "ist"} fertig: ${list} für die Karten auf der Hand.`,
    paidItem: (who, n) => `${who} ${who === "Du" ? "zahlst" : "zahlt"} ${n}`,
    saidNoBet: "Niemand hat gepocht: der Poch bleibt für das nächste Spiel.",
    saidAlone: (who, combo) => `Alle anderen haben gepasst: ${who} ${who === "Du" ? "gewinnst" : "gewinnt"} den Poch (${combo}).`,
    saidShow: (who, combo) => `${who}: ${combo}`,
    saidBest: (names) => `Beste Kombination: ${names}.`,
    saidDealEnd: (n, list) => `Spiel ${n} zu Ende: ${list}.`,
    saidOver: (list) => `Spielende. Marken am Ende: ${list}.`,
    mustPlay: (card, after) => `du hast ${card}, die Karte nach ${after}, und musst sie spielen`,
  },
  es: {
    options: "Opciones", table: "Idioma de la mesa", players: "Jugadores", speed: "Velocidad de los bots", newGame: "Partida nueva",
    slow: "Lenta", normal: "Normal", fast: "Rápida", instant: "Al instante",
    you: "Tú", bot: (n) => `Bot ${n}`, and: "y",
    suits: { c: "tréboles", d: "diamantes", h: "corazones", s: "picas" },
    ranks: { 11: "jota", 12: "dama", 13: "rey", 14: "as" },
    plural: { 2: "doses", 3: "treses", 4: "cuatros", 5: "cincos", 6: "seises", 7: "sietes", 8: "ochos", 9: "nueves", 10: "dieces", 11: "jotas", 12: "damas", 13: "reyes", 14: "ases" },
    card: (rank, suit) => `${rank} de ${suit}`,
    pools: { ace: "as", king: "rey", queen: "dama", jack: "jota", ten: "diez", marriage: "matrimonio", sequence: "secuencia", poch: "envite", centre: "centro" },
    board: "El tablero", chips: (n) => (n === 1 ? "1 ficha" : `${n} fichas`),
    deal: (i, n) => `Mano ${i} de ${n}`, trump: "Triunfo", dealer: "da", turnedUp: "vuelta",
    balance: "fichas", stake: "envite", passed: "pasa", opener: "abrió", cardsLeft: (n) => (n === 1 ? "1 carta" : `${n} cartas`),
    shown: "enseñadas", hand: "Tu mano", series: "La serie", stopped: "La última serie, cerrada", noneShed: "ninguna todavía",
    moves: "Tus opciones", log: "Lo que ha pasado", payments: "Todos los pagos",
    pass: "Paso", open: (n) => `Abro ${n}`, match: (n) => `Igualo (${n})`, close: "Cierro: se enseña", reopen: (n) => `Reabro ${n}`,
    yourBet: "Te toca envidar: abre con 1 a 10 fichas, iguala o pasa.",
    yourDecide: "Abriste tú: cierra (se enseñan las manos) o reabre con más fichas.",
    yourShed: (last) => (last ? `Te toca: juega la carta siguiente a ${last}.` : "Te toca: empieza una serie con cualquier carta."),
    waiting: (who) => `Juega ${who}…`,
    over: "Fin de la partida.", ranking: (list) => `Fichas al final: ${list}.`,
    combo: (key, r) => ({ 4: () => `póker de ${r(key[1])}`, 3: () => `trío de ${r(key[1])}`, 2: () => `doble pareja, ${r(key[1])} y ${r(key[2])}`, 1: () => `pareja de ${r(key[1])}` }[key[0]] || (() => "nada"))(),
    showdown: "Se enseñan las manos", dealSummary: (n) => `Mano ${n}: el resultado`,
    notYourTurn: "Espera a tu turno.", notAllowed: (card) => `No se puede (${card}).`,
    saidDeal: (n, dealer, trump, turnup) => `Mano ${n}: ${dealer === "Tú" ? "das tú" : `da ${dealer}`}; vuelta ${theCard(turnup)}, triunfo ${trump}.`,
    saidPass: (who) => `${who} ${who === "Tú" ? "pasas" : "pasa"}.`,
    saidOpen: (who, n) => `${who} ${who === "Tú" ? "abres" : "abre"} el envite con ${n}.`,
    saidMatch: (who, n) => `${who} ${who === "Tú" ? "igualas" : "iguala"}: ${n} al envite.`,
    saidClose: (who) => `${who} ${who === "Tú" ? "cierras" : "cierra"}: se enseñan las manos.`,
    saidReopen: (who, n) => `${who} ${who === "Tú" ? "reabres" : "reabre"} con ${n} más.`,
    saidPlay: (who, card) => `${who} ${who === "Tú" ? "juegas" : "juega"} ${theCard(card)}.`,
    saidDress: (n, pools) => `Todos visten el tablero: ${n} en cada una de las ${pools} casillas.`,
    saidTake: (who, pool, n) => `${who} ${who === "Tú" ? "te llevas" : "se lleva"} la casilla ${pool}: ${n}.`,
    saidShare: (who, pool, n) => `${who} ${who === "Tú" ? "te llevas" : "se lleva"} parte de la casilla ${pool}: ${n}.`,
    saidStop: (who, payers, n) => `Final de serie: ${payers} ${payers === "Tú" ? "pagas" : "pagan"} a ${who === "Tú" ? "ti" : who} ${n} cada uno.`,
    saidCards: (who, list) => `${who} ${who === "Tú" ? "te quedas" : "se queda"} sin cartas: ${list} por las cartas que quedan.`,
    paidItem: (who, n) => `${who} ${who === "Tú" ? "pagas" : "paga"} ${n}`,
    saidNoBet: "Nadie abrió: el envite queda para la mano siguiente.",
    saidAlone: (who, combo) => `Los demás pasan: ${who} ${who === "Tú" ? "ganas" : "gana"} el envite sin enseñar (${combo}).`,
    saidShow: (who, combo) => `${who}: ${combo}`,
    saidBest: (names) => `Mejor combinación: ${names}.`,
    saidDealEnd: (n, list) => `Fin de la mano ${n}: ${list}.`,
    saidOver: (list) => `Fin de la partida. Fichas al final: ${list}.`,
    mustPlay: (card, after) => `tienes ${theCard(card)}, la siguiente ${toCard(after)}, y hay que jugarla`,
  },
};

export class PochTable extends CardTable {
  constructor(root, web, switcher) {
    super();
    this.root = root;
    this.switcher = switcher;
    this.optionsOpen = false;
    this.web = web;
    this.lang = LANG === "es" ? "es" : "en";
    this.generation = 0;
    this.busy = false;
    this.since = 0;
    this.view = null;
    this.showdown = null;
    this.lastDeal = null;
    this.ledger = [];
    this.build();
  }

  get T() {
    return WORDS[this.lang];
  }

  get words() {
    return this.T;
  }

  // A stop, the showdown or the end of a deal stays a while.
  wait(view, pace) {
    const kinds = view.events.map((e) => (e.type === "pay" ? e.reason : e.type));
    return kinds.includes("deal_end") ? pace.round : kinds.includes("stop") || kinds.includes("showdown") ? pace.trick : pace.move;
  }

  refusal(choice) {
    return refused(this.cardName(choice.card), this.reason(choice.reason), this.T.notAllowed);
  }

  name(seat) {
    if (typeof seat !== "number") return this.T.pools[seat] || seat;
    return seat === 0 ? this.T.you : this.T.bot(seat);
  }

  rankName(rank) {
    return this.T.ranks[rank] || String(rank);
  }

  cardName(text) {
    const rank = { J: 11, Q: 12, K: 13, A: 14 }[text.slice(0, -1)] || Number(text.slice(0, -1));
    return this.T.card(this.rankName(rank), this.T.suits[text.slice(-1)]);
  }

  // The library's reason for refusing a card, in the table's language.
  reason(text) {
    const found = /holds (\S+), the card after (\S+), and must play it/.exec(text || "");
    return found ? this.T.mustPlay(this.cardName(found[1]), this.cardName(found[2])) : text;
  }

  combo(key) {
    return this.T.combo(key, (rank) => this.T.plural[rank]);
  }

  build() {
    const T = this.T;
    const speed = document.getElementById("play-speed")?.value || "normal";
    const choices = [
      select("play-lang", T.table, LANGUAGES, this.lang, (e) => { this.lang = e.target.value; this.optionsOpen = true; this.build(); this.newGame(); }),
      select("play-players", T.players, [3, 4, 5, 6].map((n) => [String(n), String(n)]), String(this.view?.players || 4)),
      select("play-speed", T.speed, ["slow", "normal", "fast", "instant"].map((s) => [s, T[s]]), speed),
    ];
    this.pools = el("ul", { class: "poch-pools", id: "play-pools", "aria-label": T.board });
    this.payments = el("div", { class: "pocha-sheet-box", id: "play-payments" });
    this.assemble(T, choices, [this.pools], this.payments, { class: "pocha-board poch-board", lang: this.lang });
  }

  newGame() {
    this.showdown = null;
    this.lastDeal = null;
    this.ledger = [];
    this.begin(Number(document.getElementById("play-players").value));
  }


  chipsList(list) {
    return list.map((n, s) => `${this.name(s)} ${n > 0 ? "+" : ""}${n}`).join(", ");
  }

  say(event, view) {
    const T = this.T;
    const who = event.seat === undefined ? null : this.name(event.seat);
    const log = (text, kind) => this.log.add(text, kind);
    if (event.type === "deal") {
      this.showdown = null;
      return log(T.saidDeal(event.number + 1, this.name(event.dealer), T.suits[event.trump], this.cardName(event.turnup)), "round");
    }
    if (event.type === "move") {
      if (event.bet) this.ledger.push(`${this.name(event.seat)} → ${T.pools.poch}: ${T.chips(event.bet)}`);
      if (event.kind === "pass") return log(T.saidPass(who));
      if (event.kind === "open") return log(T.saidOpen(who, T.chips(event.chips)));
      if (event.kind === "match") return log(T.saidMatch(who, T.chips(event.bet)));
      if (event.kind === "close") return log(T.saidClose(who));
      if (event.kind === "reopen") return log(T.saidReopen(who, T.chips(event.chips)));
      return log(T.saidPlay(who, this.cardName(event.card)));
    }
    if (event.type === "pay") {
      for (const [payer, payee, chips] of event.items) this.ledger.push(`${this.name(payer)} → ${this.name(payee)}: ${T.chips(chips)}`);
      const payee = this.name(event.payee);
      if (event.reason === "dressing") {
        const pools = new Set(event.items.map((i) => i[1]));
        return log(T.saidDress(T.chips(event.items[0][2]), pools.size));
      }
      if (event.reason === "trump_pool" || event.reason === "poch" || event.reason === "centre") {
        for (const [payer, , chips] of event.items) log(T.saidTake(payee, this.name(payer), T.chips(chips)), "news");
        return;
      }
      if (event.reason === "board") {
        for (const [payer, , chips] of event.items) log(T.saidShare(payee, this.name(payer), T.chips(chips)));
        return;
      }
      if (event.reason === "stop") {
        const payers = joinNames(event.items.map((i) => this.name(i[0])), T.and);
        return log(T.saidStop(payee, payers, T.chips(event.items[0][2])), "news");
      }
      const list = event.items.map(([payer, , chips]) => T.paidItem(this.name(payer), T.chips(chips))).join(", ");
      return log(T.saidCards(payee, list), "news");
    }
    if (event.type === "showdown") {
      this.showdown = event;
      if (event.outcome === "no_bet") return log(T.saidNoBet, "news");
      if (event.outcome === "alone") {
        const hand = event.hands[0];
        return log(T.saidAlone(this.name(hand.seat), this.combo(hand.combination)), "news");
      }
      for (const hand of event.hands) log(T.saidShow(this.name(hand.seat), this.combo(hand.combination)));
      return log(T.saidBest(joinNames(event.winners.map((s) => this.name(s)), T.and)), "news");
    }
    if (event.type === "deal_end") {
      this.lastDeal = event;
      return log(T.saidDealEnd(event.number + 1, this.chipsList(event.changes)), "round");
    }
    if (event.type === "over") {
      return log(T.saidOver(event.balances.map((n, s) => `${this.name(s)} ${n}`).join(", ")), "round");
    }
  }

  prompt(view) {
    const T = this.T;
    if (view.over) return `${T.over} ${T.ranking(view.balances.map((n, s) => `${this.name(s)} ${n}`).join(", "))}`;
    if (view.to_move !== 0) return T.waiting(this.name(view.to_move));
    if (view.phase === "betting") return T.yourBet;
    if (view.phase === "deciding") return T.yourDecide;
    return T.yourShed(view.last_card ? this.cardName(view.last_card) : null);
  }

  face(card, tag = "span") {
    const rank = card.slice(0, -1);
    const suit = card.slice(-1);
    const shown = { J: this.lang === "de" ? "B" : "J", Q: this.lang === "de" ? "D" : "Q", K: this.lang === "es" ? "R" : "K", A: "A" }[rank] || rank;
    const node = el(tag, { class: `poch-card poch-suit-${suit}`, "data-card": card, "data-key": card },
      el("span", { class: "poch-rank", "aria-hidden": "true" }, shown),
      el("span", { class: "poch-symbol", "aria-hidden": "true" }, SYMBOL[suit]));
    if (tag === "span") {
      node.setAttribute("role", "img");
      node.setAttribute("aria-label", this.cardName(card));
    }
    return node;
  }

  drawTable(view) {
    const T = this.T;
    const parts = [view.over ? T.over : T.deal(view.deal + 1, view.deals)];
    if (view.trump) parts.push(`${T.trump}: ${T.suits[view.trump]}`);
    this.info.replaceChildren(
      parts.join(" · "),
      view.turnup ? el("span", { class: "pocha-turned" }, ` (${T.turnedUp}: `, this.face(view.turnup), ")") : "",
      view.dealer !== null && !view.over ? ` · ${T.dealer}: ${this.name(view.dealer)}` : "",
    );
    this.pools.replaceChildren(...view.pools.map(([pool, chips]) => el(
      "li", { class: "poch-pool", "data-pool": pool }, el("span", {}, T.pools[pool]), el("b", {}, String(chips)),
    )));
    this.renderSeats(view);
    this.renderTable(view);
    this.renderSummary(view);
  }

  renderSeats(view) {
    const T = this.T;
    const items = [];
    for (let seat = 0; seat < view.players; seat++) {
      const notes = [];
      if (view.opener === seat) notes.push(T.opener);
      else if (view.opener !== null && view.phase !== "shedding" && !view.contestants.includes(seat)) notes.push(T.passed);
      items.push(el(
        "li", { class: "pocha-seat" + (seat === view.to_move ? " pocha-to-move" : ""), "data-seat": seat, "aria-current": seat === view.to_move ? "true" : null },
        el("span", { class: "pocha-seat-name" }, this.name(seat) + (seat === view.dealer && !view.over ? ` (${T.dealer})` : "")),
        el("span", {}, `${T.balance}: `, el("b", { class: "pocha-score" }, String(view.balances[seat]))),
        el("span", { class: "pocha-seat-bid" }, view.over ? "" : `${T.stake} ${view.stakes[seat]} · ${T.cardsLeft(view.hand_sizes[seat])}${notes.length ? ` · ${notes.join(", ")}` : ""}`),
        seat !== 0 && view.shown[seat].length && !view.over ? el("span", { class: "pocha-seat-cards", "aria-label": `${T.shown}: ${view.shown[seat].map((c) => this.cardName(c)).join(", ")}`, role: "img" }, ...view.shown[seat].map((c) => this.face(c, "i"))) : "",
      ));
    }
    this.seats.replaceChildren(...items);
  }

  // The series going on (or, when a new one is to begin, the one that just
  // stopped, its stop marked): each card is the one after the card before.
  renderTable(view) {
    const T = this.T;
    const value = (text) => ({ J: 11, Q: 12, K: 13, A: 14 }[text.slice(0, -1)] || Number(text.slice(0, -1)));
    let from = view.table.length - 1;
    while (from > 0) {
      const [a, b] = [view.table[from - 1].card, view.table[from].card];
      if (a.slice(-1) !== b.slice(-1) || value(a) + 1 !== value(b)) break;
      from -= 1;
    }
    const series = view.table.slice(Math.max(0, from));
    const stopped = view.last_card === null && series.length > 0;
    const row = series.map((p, i) => el(
      "figure", { class: stopped && i === series.length - 1 ? "pocha-winner" : "" },
      this.face(p.card), el("figcaption", {}, this.name(p.seat)),
    ));
    this.trick.replaceChildren(
      el("h2", { class: "pocha-caption" }, stopped ? T.stopped : T.series),
      el("div", { class: "pocha-row" }, ...(row.length ? row : [el("em", {}, T.noneShed)])),
    );
  }

  // While betting: the last deal's result; while shedding: the showdown.
  renderSummary(view) {
    const T = this.T;
    const box = [];
    if (this.showdown && this.showdown.hands.length && view.phase === "shedding") {
      box.push(el("h2", { class: "pocha-caption" }, T.showdown), el("ul", {}, ...this.showdown.hands.map((h) => el(
        "li", { class: this.showdown.winners.includes(h.seat) ? "pocha-hit" : "" },
        `${this.name(h.seat)}: ${this.combo(h.combination)}`,
      ))));
    } else if (this.lastDeal && (view.over || view.phase !== "shedding")) {
      const d = this.lastDeal;
      box.push(el("table", {}, el("caption", {}, T.dealSummary(d.number + 1)),
        el("tbody", {}, ...d.changes.map((n, s) => el("tr", {}, el("th", { scope: "row" }, this.name(s)), el("td", {}, `${n > 0 ? "+" : ""}${n}`), el("td", {}, String(d.balances[s])))))));
      box.push(el("p", { class: "pocha-summary-line" }, el("b", {}, `${T.dealSummary(d.number + 1)}: `), this.chipsList(d.changes)));
    }
    this.summary.hidden = box.length === 0;
    this.summary.replaceChildren(...box);
  }

  renderMoves(view) {
    const T = this.T;
    if (view.over || view.to_move !== 0 || view.phase === "shedding") {
      this.moves.replaceChildren();
      this.moves.hidden = true;
      return;
    }
    this.moves.hidden = false;
    const need = Math.max(0, view.level - view.stakes[0]);
    this.moves.replaceChildren(...view.moves.map((m, index) => {
      const label = { pass: T.pass, match: T.match(need), close: T.close }[m.kind] || (m.kind === "open" ? T.open(m.chips) : T.reopen(m.chips));
      const key = m.kind + (m.chips ?? "");
      return el("button", { type: "button", class: "pocha-move", "data-move": key, "data-key": key, "data-legal": "1", onclick: () => this.human(index) }, label);
    }));
  }

  renderHand(view) {
    const mine = view.phase === "shedding" && view.to_move === 0 && !view.over;
    const moves = mine ? view.moves : [];
    this.handBox.hidden = view.over;
    this.handRow.replaceChildren(...(view.over ? [] : view.hand).map((card) => {
      const index = moves.findIndex((m) => m.card === card);
      const m = moves[index];
      return this.cardButton(this.face(card, "button"), this.cardName(card), m, index, m ? this.reason(m.reason) : null);
    }));
  }

  drawRecord() {
    const T = this.T;
    const open = this.payments.querySelector("details")?.open ?? false;
    this.payments.replaceChildren(el(
      "details", { class: "pocha-sheet", open: open ? "" : null }, el("summary", {}, `${T.payments} (${this.ledger.length})`),
      el("div", { class: "pocha-scroll", tabindex: "0", role: "region", "aria-label": T.payments },
        el("ol", {}, ...this.ledger.map((line) => el("li", {}, line)))),
    ));
  }
}
