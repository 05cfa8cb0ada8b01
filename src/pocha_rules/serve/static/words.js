// The texts of the server's pages, in English and Spanish (and German for
// Poch, the German game), and the names of cards and moves in each.

const lang = document.documentElement.lang;
export const LANG = lang === "es" || lang === "de" ? lang : "en";

const SPANISH_SUITS = {
  en: { o: "coins", c: "cups", e: "swords", b: "clubs" },
  es: { o: "oros", c: "copas", e: "espadas", b: "bastos" },
  de: { o: "Münzen", c: "Becher", e: "Schwerter", b: "Stäbe" },
};
const SPANISH_RANKS = {
  en: { 1: "ace", 10: "jack", 11: "knight", 12: "king" },
  es: { 1: "as", 10: "sota", 11: "caballo", 12: "rey" },
  de: { 1: "Ass", 10: "Bube", 11: "Ritter", 12: "König" },
};
const FRENCH_SUITS = {
  en: { c: "clubs", d: "diamonds", h: "hearts", s: "spades" },
  es: { c: "tréboles", d: "diamantes", h: "corazones", s: "picas" },
  de: { c: "Kreuz", d: "Karo", h: "Herz", s: "Pik" },
};
const FRENCH_RANKS = {
  en: { J: "jack", Q: "queen", K: "king", A: "ace" },
  es: { J: "jota", Q: "dama", K: "rey", A: "as" },
  de: { J: "Bube", Q: "Dame", K: "König", A: "Ass" },
};
// An element with its attributes (`on...` ones are listeners; null ones are
// left out) and its children (null ones left out).
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

export const SYMBOL = { c: "♣", d: "♦", h: "♥", s: "♠" };

// A card's name: "king of cups" / "rey de copas" (Spanish deck: "12c");
// "queen of spades" / "Pik Dame" (French deck: "Qs").
export function cardName(text, game) {
  const suit = text.slice(-1);
  const rank = text.slice(0, -1);
  if (game === "poch") {
    const r = FRENCH_RANKS[LANG][rank] || rank;
    const s = FRENCH_SUITS[LANG][suit];
    return LANG === "de" ? `${s} ${r}` : LANG === "es" ? `${r} de ${s}` : `${r} of ${s}`;
  }
  const r = SPANISH_RANKS[LANG][rank] || rank;
  const s = SPANISH_SUITS[LANG][suit];
  return LANG === "es" ? `${r} de ${s}` : LANG === "de" ? `${s} ${r}` : `${r} of ${s}`;
}

export function suitName(suit, game) {
  return (game === "poch" ? FRENCH_SUITS : SPANISH_SUITS)[LANG][suit] || suit;
}

const ALL = {
  en: {
    title: "Play with friends", create: "Set up a table", game: "Game", preset: "Rules", players: "Players",
    seat: (n) => `Seat ${n}`, person: "a person", bot: (name) => `bot (${name})`, make: "Make the table",
    links: "Send each friend their seat's link; keep yours. Anyone with the spectators' link can watch.",
    spectators: "Spectators", open: "Open", record: "The game's record (when it is over)",
    presets: { short: "Short", classic: "Classic", up_down: "Up and down", up_down_auction: "Up and down, with auctions", full: "Full", long: "Two rounds" },
    player: (n) => `Player ${n}`, you: "You", botSeat: (n, name) => `Bot ${n} (${name})`,
    connected: "here", away: "not here", watching: (n) => (n === 1 ? "1 spectator" : `${n} spectators`),
    joined: (who) => `${who} joined the table.`, left: (who) => `${who} left the table.`,
    yourTurn: "Your turn.", waiting: (who) => `${who} to move…`, over: "Game over.", spectator: "You are watching.",
    connecting: "Connecting…", lost: "Connection lost: reconnecting…", download: "Download the record",
    hand: "Your hand", table: "On the table", log: "What happened", moves: "Your choices",
    round: (name, kind) => `Round ${name}${kind === "auction" ? " (auction)" : kind === "blind" ? " (blind)" : ""}`,
    trump: "Trump", none: "not named yet", dealer: "deals", bid: "bid", won: "won", points: "points",
    pool: { ace: "Ace", king: "King", queen: "Queen", jack: "Jack", ten: "Ten", marriage: "Marriage", sequence: "Sequence", poch: "Poch", centre: "Centre" },
    deal: (n) => `Deal ${n + 1}`, chips: "chips", stake: "bet", stock: "stock", pools: "The board",
    trick: (who) => `${who} took the trick.`, roundOver: (totals) => `Round over. Totals: ${totals}.`,
    gameOver: (totals) => `Game over. Final: ${totals}.`, dealOver: (totals) => `Deal over. Chips: ${totals}.`,
    auctionWon: (who, n) => `${who} won the auction with ${n}.`, trumpNamed: (who, suit) => `${who} named ${suit} trump.`,
    newRound: (name) => `Round ${name} dealt.`,
  },
  es: {
    title: "Juega con amigos", create: "Prepara una mesa", game: "Juego", preset: "Reglas", players: "Jugadores",
    seat: (n) => `Puesto ${n}`, person: "una persona", bot: (name) => `bot (${name})`, make: "Crear la mesa",
    links: "Manda a cada amigo el enlace de su puesto; guarda el tuyo. Con el enlace de espectadores se puede mirar.",
    spectators: "Espectadores", open: "Abrir", record: "El registro de la partida (cuando termine)",
    presets: { short: "Corta", classic: "Clásica", up_down: "Subir y bajar", up_down_auction: "Subir y bajar, con subastadas", full: "Completa", long: "Dos vueltas" },
    player: (n) => `Jugador ${n}`, you: "Tú", botSeat: (n, name) => `Bot ${n} (${name})`,
    connected: "conectado", away: "ausente", watching: (n) => (n === 1 ? "1 espectador" : `${n} espectadores`),
    joined: (who) => `${who} se ha sentado a la mesa.`, left: (who) => `${who} se ha ido de la mesa.`,
    yourTurn: "Te toca.", waiting: (who) => `Juega ${who}…`, over: "Fin de la partida.", spectator: "Estás mirando.",
    connecting: "Conectando…", lost: "Se perdió la conexión: reconectando…", download: "Descargar el registro",
    hand: "Tu mano", table: "En la mesa", log: "Qué ha pasado", moves: "Tus opciones",
    round: (name, kind) => `Ronda ${name}${kind === "auction" ? " (subastada)" : kind === "blind" ? " (india)" : ""}`,
    trump: "Triunfo", none: "sin decidir", dealer: "reparte", bid: "pide", won: "lleva", points: "puntos",
    pool: { ace: "As", king: "Rey", queen: "Dama", jack: "Jota", ten: "Diez", marriage: "Matrimonio", sequence: "Escalera", poch: "Poch", centre: "Centro" },
    deal: (n) => `Mano ${n + 1}`, chips: "fichas", stake: "apuesta", stock: "mazo", pools: "El tablero",
    trick: (who, own) => (own ? "Te llevas la baza." : `${who} se lleva la baza.`), roundOver: (totals) => `Fin de la ronda. Totales: ${totals}.`,
    gameOver: (totals) => `Fin de la partida. Resultado: ${totals}.`, dealOver: (totals) => `Fin de la mano. Fichas: ${totals}.`,
    auctionWon: (who, n) => `${who} gana la subasta con ${n}.`, trumpNamed: (who, suit) => `${who} elige ${suit} de triunfo.`,
    newRound: (name) => `Se reparte la ronda ${name}.`,
  },
  de: {
    title: "Mit Freunden spielen", create: "Einen Tisch einrichten", game: "Spiel", preset: "Regeln", players: "Spieler",
    seat: (n) => `Platz ${n}`, person: "ein Mensch", bot: (name) => `Bot (${name})`, make: "Tisch anlegen",
    links: "Schicke jedem Freund den Link seines Platzes; behalte deinen. Mit dem Zuschauer-Link kann man zusehen.",
    spectators: "Zuschauer", open: "Öffnen", record: "Das Protokoll des Spiels (wenn es vorbei ist)",
    presets: { short: "Kurz", classic: "Klassisch", up_down: "Auf und ab", up_down_auction: "Auf und ab, mit Versteigerung", full: "Voll", long: "Zwei Runden" },
    player: (n) => `Spieler ${n}`, you: "Du", botSeat: (n, name) => `Bot ${n} (${name})`,
    connected: "da", away: "nicht da", watching: (n) => (n === 1 ? "1 Zuschauer" : `${n} Zuschauer`),
    joined: (who) => `${who} hat sich an den Tisch gesetzt.`, left: (who) => `${who} hat den Tisch verlassen.`,
    yourTurn: "Du bist dran.", waiting: (who) => `${who} ist dran…`, over: "Spielende.", spectator: "Du siehst zu.",
    connecting: "Verbinde…", lost: "Verbindung verloren: verbinde neu…", download: "Das Protokoll herunterladen",
    hand: "Deine Karten", table: "Auf dem Tisch", log: "Was geschah", moves: "Deine Möglichkeiten",
    round: (name) => `Runde ${name}`,
    trump: "Trumpf", none: "noch offen", dealer: "gibt", bid: "sagt", won: "hat", points: "Punkte",
    pool: { ace: "Ass", king: "König", queen: "Dame", jack: "Bube", ten: "Zehn", marriage: "Mariage", sequence: "Sequenz", poch: "Poch", centre: "Mitte" },
    deal: (n) => `Spiel ${n + 1}`, chips: "Marken", stake: "Einsatz", stock: "Talon", pools: "Das Pochbrett",
    trick: (who, own) => (own ? "Du nimmst den Stich." : `${who} nimmt den Stich.`), roundOver: (totals) => `Runde vorbei. Stand: ${totals}.`,
    gameOver: (totals) => `Spielende. Endstand: ${totals}.`, dealOver: (totals) => `Spiel vorbei. Marken: ${totals}.`,
    auctionWon: (who, n) => `${who} gewinnt die Versteigerung mit ${n}.`, trumpNamed: (who, suit) => `${who} bestimmt ${suit} als Trumpf.`,
    newRound: (name) => `Runde ${name} ist gegeben.`,
  },
};

const VERBS = {
  en: { bid: "bids", call: "calls", pass: "passes", trump: "names trump:", play: "plays the", open: "opens with", match: "matches", reopen: "reopens with", close: "closes the betting" },
  es: { bid: "pide", call: "puja", pass: "pasa", trump: "elige triunfo:", play: "juega", open: "abre con", match: "iguala", reopen: "reabre con", close: "cierra las apuestas" },
  de: { bid: "sagt", call: "bietet", pass: "passt", trump: "bestimmt Trumpf:", play: "spielt", open: "pocht", match: "hält", reopen: "pocht nach", close: "deckt auf" },
};
// The same, said of oneself ("You bid 2", "Tú pides 2").
const OWN_VERBS = {
  en: { bid: "bid", call: "call", pass: "pass", trump: "name trump:", play: "play the", open: "open with", match: "match", reopen: "reopen with", close: "close the betting" },
  es: { bid: "pides", call: "pujas", pass: "pasas", trump: "eliges triunfo:", play: "juegas", open: "abres con", match: "igualas", reopen: "reabres con", close: "cierras las apuestas" },
  de: { bid: "sagst", call: "bietest", pass: "passt", trump: "bestimmst Trumpf:", play: "spielst", open: "pochst", match: "hältst", reopen: "pochst nach", close: "deckst auf" },
};

// "Player 2 bids 3", "Tú juegas el rey de copas": a move in words (`own`:
// the reader's own move).
export function describe(who, move, game, own = false, lang = LANG) {
  const [word, ...rest] = move.split(" ");
  const arg = rest.join(" ");
  const verb = (own ? OWN_VERBS : VERBS)[lang][word] || word;
  if (word === "play") {
    const name = cardName(arg, game);
    // Spanish names the card with its article: "la sota de oros", "el as de copas".
    const article = lang === "es" ? (/^(sota|dama|jota)/.test(name) ? "la " : "el ") : "";
    return `${who} ${verb} ${article}${name}.`;
  }
  if (word === "trump") return `${who} ${verb} ${suitName(arg, game)}.`;
  return `${who} ${verb}${arg ? ` ${arg}` : ""}.`;
}

// A move as its button says it: "Bid 2", "Pide 2".
export function moveLabel(move, game) {
  const [word, ...rest] = move.split(" ");
  const arg = rest.join(" ");
  const names = {
    en: { bid: "Bid", call: "Call", pass: "Pass", trump: "Trump", open: "Open", match: "Match", reopen: "Reopen", close: "Close" },
    es: { bid: "Pide", call: "Puja", pass: "Paso", trump: "Triunfo", open: "Abre", match: "Iguala", reopen: "Reabre", close: "Cierra" },
    de: { bid: "Sage", call: "Biete", pass: "Passen", trump: "Trumpf", open: "Pochen", match: "Halten", reopen: "Nachpochen", close: "Aufdecken" },
  }[LANG];
  if (word === "trump") return `${names.trump}: ${suitName(arg, game)}`;
  return `${names[word] || word}${arg ? ` ${arg}` : ""}`;
}

export const T = ALL[LANG];
