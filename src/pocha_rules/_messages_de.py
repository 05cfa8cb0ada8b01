"""The library's errors about Poch told in German, from their codes: the
table :mod:`pocha_rules.messages` reads for ``lang="de"``.

Poch is a German game, so its refusals and its record errors have German
sentences, in the words a Poch table uses (*pochen*, *halten*,
*passen*, *aufdecken*, *Marken*, *Fach*, *Trumpf*; the glossary of the
German rules page). Pocha's codes have
none: an error without a German sentence keeps its English message. The
codes of reading JSON data, which both games share, have German sentences
for Poch's views.
"""

from __future__ import annotations

from typing import Final

__all__ = ["GERMAN", "GERMAN_FRAMES", "GERMAN_VERBS", "GERMAN_WHAT"]

GERMAN_FRAMES: Final[dict[str, str]] = {
    "PochaError": "{reason}",
    "ParseError": "{text} ist nicht lesbar: {reason}",
    "InvalidRulesError": "ungültige Regeln: {field}: {reason}",
    "IllegalMoveError": "unzulässiger Zug {move} von Platz {seat}: {reason}",
    "OutOfTurnError": "unzulässiger Zug {move} von Platz {by}: {reason}",
    "InvalidRecordError": "ungültige Aufzeichnung bei {where}: {reason}",
    "InvalidActionError": "ungültige Aktion {action} von Platz {seat}: {reason}",
    "InvalidDataError": "{what} ungültig bei {where}: {reason}",
}
"""How each error class words its German message around the reason."""

GERMAN_VERBS: Final[dict[str, str]] = {
    "pass": "passen",
    "open": "pochen",
    "match": "halten",
    "close": "aufdecken",
    "reopen": "nachpochen",
    "play": "spielen",
}
"""Poch's moves by their English verb (the first word of a move's text),
in German: what a German player types, and how a reason names them."""

GERMAN_WHAT: Final[dict[str, str]] = {"view": "Sicht", "state": "Spielstand"}
"""What data an :class:`~pocha_rules.InvalidDataError` refuses, in German."""

GERMAN: Final[dict[str, str]] = {
    "other": "{reason}",
    "out_of_turn": "Platz {seat} ist am Zug, nicht Platz {by}",
    "not_legal": "hier nicht erlaubt",
    "game_over": "das Spiel ist zu Ende",
    "not_a_move": "{got} ist kein Zug",
    "digits_too_many": "{digits} Ziffern sind hier zu viele",
    "poch_suit_unknown": "erwartet wird eine Farbe: c, d, h oder s (Kreuz, Karo, Herz, Pik)",
    "poch_rank_not_whole": "der Wert einer Karte ist eine ganze Zahl von 2 bis 14",
    "poch_deck_size": "ein Spiel hat 32 oder 52 Karten, nicht {deck}",
    "poch_card_form": "erwartet wird ein Wert (2-10, J, Q, K, A) und dahinter c, d, h oder s",
    "poch_suit_letter_unknown": "unbekannter Farbbuchstabe {letter}: c, d, h oder s",
    "poch_rank_not_in_deck": "im Spiel mit {deck} Karten gibt es keine {rank}",
    "poch_chips_not_whole": "{name} ist eine ganze Zahl von Marken, 1 oder mehr",
    "poch_chips_form": "{verb} braucht eine ganze Zahl von Marken, nicht {got}",
    "poch_chips_too_few": "{verb} braucht mindestens 1 Marke",
    "poch_move_form": "erwartet wird passen, pochen N, halten, aufdecken, nachpochen N "
    "oder eine Karte",
    "poch_deck_too_small": "zu wenige Karten für {players} Spieler",
    "poch_rounds_over": "es gab schon {limit} Runden Pochen: der Eröffner kann nur aufdecken",
    "poch_opener_decides": "alle anderen haben geantwortet: der Eröffner, Platz {opener}, "
    "deckt auf oder pocht nach",
    "poch_opened_already": "Platz {opener} hat schon gepocht: halten oder passen",
    "poch_no_combination": "Platz {seat} hat keine Kombination (mindestens ein Paar) "
    "und kann nur passen",
    "poch_nothing_to_match": "niemand hat gepocht: es gibt nichts zu halten",
    "poch_match_cost": "Halten kostet {owed} Marken und Platz {seat} hat {balance}",
    "poch_not_the_opener": "nur der Eröffner deckt auf oder pocht nach, wenn alle "
    "anderen geantwortet haben",
    "poch_betting_not_over": "das Pochen ist nicht vorbei: ausgespielt wird danach",
    "poch_no_chips": "ein Platz ohne Marken kann nicht {verb}",
    "poch_bet_over_balance": "ein Platz kann höchstens mit seinem Bestand {verb}, {cap} Marken",
    "poch_bet_range": "ein Platz kann mit 1 bis {bet_max} Marken {verb}",
    "poch_betting_over": "das Pochen ist vorbei: spiele eine Karte aus",
    "poch_must_follow": "Platz {seat} hat {due}, die Karte nach {last}, und muss sie legen",
    "poch_not_in_hand": "Platz {seat} hat {card} nicht",
    "poch_no_first_deal": "die Aufzeichnung hat kein Spiel für die Runde 0",
    "poch_pack_size": "ein Spiel mit {deck} Karten, nicht {got}",
    "poch_deal_missing": "das Spiel erreicht die Runde {deal}, aber die Aufzeichnung hat "
    "kein Spiel dafür",
    "poch_pool_chips": "ein Fach hält 0 oder mehr Marken, nicht {got}",
    "poch_chips_too_large": "kein Spiel hat {got} Marken",
    "poch_deals_needed": 'end="deals" braucht die Zahl der Runden',
    "poch_deals_unused": 'gilt nur mit end="deals", nicht mit end={end}',
    "option_choice": "muss eines von {choices} sein, nicht {got}",
    "option_too_small": "muss mindestens {low} sein, nicht {got}",
    "option_too_large": "darf höchstens {high} sein, nicht {got}",
    "record_is_pocha": "das ist eine Aufzeichnung der Pocha: lies sie mit pocha_rules.records",
    "action_id_expected": "erwartet wird die Nummer einer Aktion, nicht {got}",
    "bots_for_players": "{bots} Bots für {players} Spieler: ein Bot für jeden Platz",
    "chance_card_dealt": "kein Ausgang dieses Zufallsknotens: {card} ist schon gegeben",
    "chance_dealer_out_of_range": "kein Ausgang dieses Zufallsknotens: der erste Geber ist "
    "ein Platz, 0 bis {high}",
    "chance_id_out_of_range": "außerhalb des Bereichs: Karten werden als Nummern 0 bis {high} "
    "gegeben",
    "chance_place_out_of_range": "kein Ausgang dieses Zufallsknotens: eine gegebene Karte ist "
    "ihr Platz in der Reihenfolge der Karten, 0 bis {high}",
    "count_negative": "die Anzahl ist 0 oder mehr, nicht {got}",
    "event_unknown": "es gibt kein Ereignis namens {got}",
    "events_not_next": "after ist nicht der Stand einen Zug nach before",
    "move_after_end": "{move}: das Spiel ist schon zu Ende",
    "no_action_id": "kein Zug dieser Regeln: er hat keine Nummer",
    "no_move_to_make": "Platz {seat} ist nicht am Zug: Platz {to_move} ist am Zug",
    "not_a_game_record": "fehlt: das ist keine Aufzeichnung von {game}",
    "numbers_for_players": "{numbers} Zahlen für {players} Spieler",
    "poch_balance_negative": 'balances[{seat}] ist {got}: mit insolvency="out" ist kein '
    "Bestand negativ",
    "poch_balances_size": "balances gibt die Marken von {players} Plätzen an, nicht {got}",
    "poch_bet_max_actions": "bet_max ist {bet_max}: die Aktionstabellen reichen bis bet_max "
    "{most}",
    "poch_bust_needs_out": 'end="bust" braucht insolvency="out" (mit Schulden ist niemand '
    "je pleite)",
    "poch_chips_below_dressing": 'mit insolvency="out" mindestens ein Besetzen des Bretts '
    "({dressing} Marken), nicht {got}",
    "poch_deal_card_not_in_pack": "die Karte {position} ist nicht im Spiel mit {deck} Karten",
    "poch_deal_card_twice": "die Karte {position} kommt zweimal vor",
    "poch_deal_card_unreadable": "Karte {position}: {reason}",
    "poch_deal_never_reached": "die Züge enden in Runde {last}; diese Karten sind für eine "
    "Runde, die nie erreicht wird",
    "poch_deal_size": "eine Reihenfolge hält jede Karte des Spiels einmal: {deck} Karten, "
    "nicht {got}",
    "poch_dealt_twice": "{card} ist zweimal gegeben",
    "poch_hand_card_unreadable": "{where}: {reason}",
    "poch_hand_missing": "hands: Platz {seat} ist im Spiel und hat keine Karten",
    "poch_hand_size": "hands: Platz {seat} muss 5 Karten halten, nicht {got}",
    "poch_names_lang_unknown": "die Namen des Poch gibt es auf 'en', 'de' oder 'es', nicht {got}",
    "poch_pool_negative": "pools[{name}] darf nicht negativ sein, nicht {got}",
    "poch_pool_unknown": "pools: kein Fach namens {got} unter diesen Regeln; Fächer: {pools}",
    "poch_sample_not_found": "in {attempts} Ziehungen fand sich kein Spielstand zu dieser Sicht",
    "poch_sample_over": "das Spiel ist zu Ende: es gibt nichts Verborgenes mehr zu ziehen",
    "poch_sample_overfull": "kein Spielstand passt zu dieser Sicht: es sind mehr Karten "
    "bekannt als Plätze",
    "poch_unlimited_needs_out": 'ohne Grenze (None) braucht es insolvency="out", wo die '
    "Bestände das Pochen begrenzen",
    "record_illegal_move": "Platz {seat} darf nicht {move}: {reason}",
    "resample_at_deal": "resample_from_infostate braucht einen Entscheidungsknoten, kein Geben",
    "scores_differ": "die Aufzeichnung sagt {said}, aber die Züge ergeben {given}",
    "seat_out_of_range": "die Plätze gehen von 0 bis {high}, nicht {got}",
    "seed_too_large": "ein Startwert ist kleiner als 2**{bits}, nicht {got}",
    # Reading a Poch view from JSON (poch.PlayerView.from_dict and from_json).
    "format_expected": "erwartet wird {expected}, nicht {got}",
    "view_value_unreachable": "kein Spiel nach diesen Regeln ergibt diesen Wert mit dem "
    "Rest der Sicht",
    "view_compact": "fehlt: eine kompakte Sicht lässt sich nicht zurücklesen (mit ihrer "
    "Geschichte schreiben)",
    "hand_size_differs": "{cards} Karten, aber hand_sizes sagt {size}",
    "legal_actions_differ": "nicht die Aktionsnummern der erlaubten Züge der Sicht",
    "to_move_null": "null genau dann, wenn das Spiel zu Ende ist",
    "expected_one_of": "erwartet wird eines von {names}, nicht {got}",
    "expected_object": "erwartet wird ein Objekt, nicht {got}",
    "format_unknown": "erwartet wird {expected}, nicht {got}",
    "missing": "fehlt",
    "version_unknown": "diese Bibliothek liest Version {version}, nicht {got}",
    "count_out_of_range": "erwartet wird eine ganze Zahl von 0 bis {high}, nicht {got}",
    "entries_for_players": "{entries} Einträge für {players} Spieler",
    "expected_pair": "erwartet wird ein Paar [Platz, Text], nicht {got}",
    "expected_whole": "erwartet wird eine ganze Zahl, nicht {got}",
    "expected_list": "erwartet wird eine Liste, nicht {got}",
    "expected_string": "erwartet wird ein Text, nicht {got}",
    "expected_flag": "erwartet wird true oder false, nicht {got}",
    "unknown_member": "unbekanntes Feld",
    "data_too_long": "{length} Zeichen sind mehr, als es fassen darf",
    "json_too_deep": "das JSON ist zu tief verschachtelt",
    "json_invalid": "kein gültiges JSON: {error}",
}
"""Each Poch code's German sentence, a :meth:`str.format` template of the
same params as the English one."""
