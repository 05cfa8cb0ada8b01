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

function apply(view, event) {
  const kind = event.event;
  if (view.schema === "poch-view") {
    if (kind === "changed") Object.assign(view, clone(event.view));
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
