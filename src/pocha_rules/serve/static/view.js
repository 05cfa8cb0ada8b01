// A seat's compact view kept current from the events of each move: the
// same steps as pocha_rules.compact.update_view, written again for the
// browser (docs/check_serve.py compares the view kept here, after whole
// games, with the one the server sends a seat that connects afresh).

const clone = (value) => JSON.parse(JSON.stringify(value));

function moved(visible, seat, card) {
  const hand = visible[seat];
  if (!hand || !hand.includes(card)) return visible;
  const out = [...visible];
  out[seat] = hand.filter((c) => c !== card);
  return out;
}

// Poch's events (pocha_rules.poch.compact): each changes the members its
// name says; those of COPIED set members to the values they carry.
const COPIED = {
  betting: ["opener", "contestants", "stakes", "level", "bet_rounds"],
  dealt: ["deal_number", "dealer", "order", "out", "turnup", "trump", "stock_size", "hand_sizes", "hand"],
  trump_pools: ["takings", "shown"],
  game_over: ["out"],
  turn: ["phase", "to_move", "legal_moves", "legal_actions"],
};

function applyPoch(view, event) {
  const kind = event.event;
  const n = view.balances.length;
  if (kind === "move") {
    view.moves.push([event.seat, event.move]);
    if (event.move.startsWith("play ")) {
      const card = event.move.slice(5);
      view.table.push([event.seat, card]);
      view.last_card = card;
      view.hand_sizes[event.seat] -= 1;
      if (view.seat === event.seat) view.hand = view.hand.filter((c) => c !== card);
      view.shown[event.seat] = view.shown[event.seat].filter((c) => c !== card);
    }
  } else if (kind === "payment") {
    const payment = { payer: event.payer, payee: event.payee, chips: event.chips, reason: event.reason };
    for (const [party, sign] of [[payment.payer, -1], [payment.payee, 1]]) {
      if (typeof party === "string") view.pools[party] += sign * payment.chips;
      else view.balances[party] += sign * payment.chips;
    }
    view.payments.push(payment);
  } else if (kind === "showdown") {
    view.poch_winners = [...event.winners];
    view.shown = clone(event.shown);
  } else if (kind === "stop") {
    view.last_card = null;
  } else if (kind === "deal_ended") {
    Object.assign(view, {
      turnup: null, trump: null, stock_size: 0, hand: [], hand_sizes: Array(n).fill(0),
      shown: Array.from({ length: n }, () => []), takings: [], opener: null, contestants: [],
      stakes: Array(n).fill(0), level: 0, bet_rounds: 0, poch_winners: [], table: [],
      last_card: null, moves: [], payments: [],
    });
  } else if (COPIED[kind]) {
    for (const name of COPIED[kind]) view[name] = clone(event[name]);
    if (kind === "dealt") view.contestants = [...event.order].sort((a, b) => a - b);
  }
}

function apply(view, event) {
  const kind = event.event;
  if (view.schema === "poch-view") {
    applyPoch(view, event);
    return;
  }
  const n = view.hand_sizes.length;
  if (kind === "move") {
    const [word, rest] = [event.move.split(" ")[0], event.move.slice(event.move.indexOf(" ") + 1)];
    if (word === "bid") view.bids[event.seat] = Number(rest);
    else if (word === "call" || word === "pass") view.calls.push([event.seat, event.move]);
    else if (word === "play") {
      view.trick.push([event.seat, rest]);
      view.played.push([event.seat, rest]);
      view.hand_sizes[event.seat] -= 1;
      view.visible_hands = moved(view.visible_hands, event.seat, rest);
      if (view.seat !== null) view.hand = view.visible_hands[view.seat] || [];
    }
  } else if (kind === "auction_won") {
    view.auction_winner = event.seat;
    view.bids[event.seat] = event.tricks;
    view.bid_order = [...event.bid_order];
  } else if (kind === "trump_named") {
    view.trump = event.suit;
  } else if (kind === "trick_won") {
    view.tricks_won[event.seat] += 1;
    view.trick = [];
  } else if (kind === "round_ended") {
    view.scores = [...event.totals];
  } else if (kind === "game_over") {
    view.scores = [...event.scores];
    view.played = [];
  } else if (kind === "round_started") {
    const cards = parseInt(event.round, 10);
    Object.assign(view, {
      round_index: event.index, round: event.round, round_kind: event.round_kind,
      dealer: event.dealer, eldest: (event.dealer + 1) % n, hand_sizes: Array(n).fill(cards),
      trump: event.trump, trump_card: event.trump_card,
      trump_card_shown_by_dealer: event.trump_card_shown_by_dealer, calls: [],
      auction_winner: null, bid_order: [...event.bid_order], bids: Array(n).fill(null),
      trick: [], played: [], tricks_won: Array(n).fill(0),
    });
  } else if (kind === "hand") {
    view.visible_hands = clone(event.visible_hands);
    if (view.seat !== null) view.hand = view.visible_hands[view.seat] || [];
  } else if (kind === "turn") {
    for (const name of ["phase", "to_move", "leader", "legal_moves", "legal_actions"]) view[name] = clone(event[name]);
  }
}

// The view after `events` (a new object; `view` is left as it was).
export function updateView(view, events) {
  const out = clone(view);
  for (const event of events) apply(out, event);
  return out;
}
