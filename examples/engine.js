#!/usr/bin/env node
// An engine of the pocha-engine protocol in JavaScript: it reads one JSON
// message per line on standard input and answers on standard output.
//
// Its play: bid what its high cards are worth, then play the lowest card
// that may be played, or the highest when it still needs tricks. Every
// legal move comes with the view, so the engine needs no rules of its own.
//
//   pocha match --engine js="node examples/engine.js" --bot random -n 40
"use strict";

const readline = require("readline");

const RANK_ORDER = [1, 3, 12, 11, 10, 7, 6, 5, 4, 2]; // strongest first
let seat = null;

function say(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

function strength(card) {
  // "12o" (or the move "play 12o") -> rank 12: a lower index in RANK_ORDER
  // is a stronger card.
  const rank = parseInt(card.replace(/^play /, ""), 10);
  const index = RANK_ORDER.indexOf(rank);
  return index < 0 ? RANK_ORDER.length : index;
}

function choose(view) {
  const moves = view.legal_moves;
  const bids = moves.filter((m) => m.startsWith("bid "));
  if (bids.length > 0) {
    // Aces and threes are likely tricks.
    const sure = (view.hand || []).filter((c) => strength(c) < 2).length;
    const want = "bid " + sure;
    if (moves.includes(want)) return want;
    return bids[0];
  }
  const cards = moves.filter((m) => /^play \d+[obce]$/.test(m));
  if (cards.length > 0) {
    const bid = view.bids[seat];
    const won = view.tricks_won[seat];
    const byStrength = cards.slice().sort((a, b) => strength(a) - strength(b));
    const needs = bid !== null && won < bid;
    return needs ? byStrength[0] : byStrength[byStrength.length - 1];
  }
  return moves[0]; // an auction call, pass, or a choice of trump
}

const input = readline.createInterface({ input: process.stdin });
input.on("line", (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  switch (message.type) {
    case "hello":
      say({ type: "ready", name: "example JavaScript engine" });
      break;
    case "game":
      seat = message.seat;
      break;
    case "turn":
      say({ type: "move", move: choose(message.view) });
      break;
    case "quit":
      process.exit(0);
  }
});
