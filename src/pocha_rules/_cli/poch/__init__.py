"""``pocha poch``: the commands of Poch, a group of their own.

Poch is a group (``pocha poch play``) rather than a ``--game poch`` switch
on Pocha's commands because the two games share the plumbing but not the
options or the screens: Poch has no schedule or presets but pools, chips
and bet limits; its table shows a board, balances and a betting round, not
bids and tricks; its records are another format. A switch would leave every
command with options that mean nothing for one of the games.

- ``play`` (:mod:`.play`): a game in the terminal, human seats against bots;
- ``simulate`` and ``match`` (:mod:`.simulate`): many bot games, a summary
  per seat, or a match with confidence intervals;
- ``validate``, ``replay`` and ``rules`` (:mod:`.records`);
- ``tournament`` (:mod:`pocha_rules._cli.tournament`): a round robin of
  bots and engines, as for Pocha.
"""
