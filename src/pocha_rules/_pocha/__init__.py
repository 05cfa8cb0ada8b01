"""Pocha's rules core (private): cards, rules, moves, states, the engine,
scoring, and what a seat can work out from its view.

Pure code over immutable values: it imports the standard library, attrs and
:mod:`pocha_rules._common` alone, never a door above it (views, JSON, SVG,
names, records, bots, the command line). The public names live in
:mod:`pocha_rules`; docs/architecture.md draws the layers.
"""
