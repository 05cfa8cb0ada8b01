"""The library's errors told in Spanish, from their codes.

Every error the library raises on bad input carries a stable ``code`` and
the ``params`` its English sentence is written from (see the docs page
"Error codes"). :func:`message` and :func:`reason` write the same facts in
Spanish, in the words a Pocha table uses (*asistir*, *fallar*, *montar*,
*baza*, *triunfo*), or give the English message back for ``lang="en"``:

>>> from pocha_rules.messages import SPANISH
>>> SPANISH["must_follow_suit"]
'hay que asistir: se salió a {led} y la mano tiene {allowed}'

Poch's codes are told in German too (``lang="de"``, :data:`GERMAN`): Poch
is a German game. An app that speaks another language keeps its own table
of the same codes, as :data:`SPANISH` does. An error without a code (raised by code outside the
library) or with a code this table does not know keeps its English message.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from contextlib import suppress
from typing import Final, Literal

from pocha_rules._common.errors import PochaError
from pocha_rules._messages_de import GERMAN as _GERMAN
from pocha_rules._messages_de import GERMAN_FRAMES, GERMAN_VERBS, GERMAN_WHAT
from pocha_rules._pocha.cards import Card
from pocha_rules._pocha.moves import parse_move
from pocha_rules._pocha.state import Phase
from pocha_rules.names import Language, card_name, move_text, phase_name

__all__ = ["GERMAN", "SPANISH", "SPANISH_FRAMES", "message", "reason", "translate"]

SPANISH_FRAMES: Final[dict[str, str]] = {
    "PochaError": "{reason}",
    "ParseError": "no se entiende {text}: {reason}",
    "InvalidRulesError": "reglas no válidas: {field}: {reason}",
    "InvalidDealError": "reparto no válido para la ronda {round_index}: {reason}",
    "IllegalMoveError": "jugada no permitida {move} del puesto {seat}: {reason}",
    "OutOfTurnError": "jugada no permitida {move} del puesto {by}: {reason}",
    "InvalidRecordError": "registro no válido en {where}: {reason}",
    "InvalidDataError": "{what} no válido en {where}: {reason}",
    "InvalidActionError": "acción no válida {action} del puesto {seat}: {reason}",
    "BatchActionError": "acción no válida {action} del puesto {seat} en la partida {game}: "
    "{reason}",
    "PositionError": "no se puede leer la posición en el carácter {character} ({field}): {reason}",
}
"""How each error class words its Spanish message around the reason."""

SPANISH: Final[dict[str, str]] = {
    "other": "{reason}",
    "out_of_turn": "le toca al puesto {seat}, no al puesto {by}",
    "suit_unknown": "se esperaba un palo: o, c, e, b u oros, copas, espadas, bastos",
    "rank_not_whole": "el número de una carta es un entero del 1 al 12",
    "card_form": "se esperaba un número del 1 al 12 seguido de o, c, e o b",
    "suit_letter_unknown": "letra de palo desconocida {letter}: usa o, c, e o b",
    "rank_unknown": "ninguna carta tiene el número {rank}: van del 1 al 12",
    "rank_not_in_deck": "no hay {rank} en la baraja de 40 cartas",
    "deck_size": "la baraja tiene 40 o 48 cartas, no {deck}",
    "tricks_not_whole": "{name} es un número entero de bazas, 0 o más",
    "tricks_form": "se esperaba un número entero de bazas, no {got}",
    "tricks_too_long": "{digits} cifras son demasiadas para un número de bazas",
    "move_form": "se esperaba 'pido N', 'juego CARTA', 'triunfo PALO', 'puja N' o 'paso'",
    "round_kind_unknown": "una ronda es 'normal', 'auction' (subastada) o 'blind' (india)",
    "round_form": "se esperaba un número de cartas y luego 'a' (subastada) o 'b' (india)",
    "cards_too_long": "{digits} cifras son demasiadas para un número de cartas",
    "players_too_few": "tiene que haber 1 jugador o más, no {got}",
    "option_choice": "tiene que ser uno de {choices}, no {got}",
    "option_too_small": "tiene que ser al menos {low}, no {got}",
    "option_too_large": "tiene que ser como mucho {high}, no {got}",
    "rank_order_not_deck": "tiene que nombrar cada número de la baraja de {deck} cartas una "
    "sola vez, no {got}",
    "round_unreadable": "no se entiende {text}: {reason}",
    "preset_unknown": "no hay un plan de rondas llamado {got}; los que hay: {presets}",
    "schedule_too_long": "un plan de rondas tiene como mucho {most} rondas",
    "schedule_empty": "una partida tiene al menos una ronda",
    "round_cards_out_of_range": "{cards} cartas: con {players} jugadores y {size} cartas, "
    "cada mano tiene de 1 a {top} cartas",
    "blind_round_cards": "en la india se reparte exactamente 1 carta",
    "players_out_of_range": "a la pocha se juega de 3 a 8 jugadores, no {got}",
    "deck_unknown": "la baraja española tiene 40 o 48 cartas, no {got}",
    "tiebreak_never_ends": "con hit_bonus y per_trick a 0 todos los totales se quedan en 0 y "
    "las rondas de desempate de una carta no acabarían nunca; usa tiebreak='shared'",
    "oh_hell_players": "al Oh Hell se juega de 3 a 8 jugadores, no {got}",
    "oh_hell_cards": "siempre se vuelve una carta para el triunfo, así que {players} "
    "jugadores tienen de 1 a {top} cartas cada uno de {deck}, no {got}",
    "not_in_hand": "{card} no está en la mano ({hand})",
    "must_follow_suit": "hay que asistir: se salió a {led} y la mano tiene {allowed}",
    "must_overruff": "hay que contrafallar: matar {best} con un triunfo más alto: {allowed}",
    "must_ruff": "no tienes {led}: hay que fallar con un triunfo ({trump}): {allowed}",
    "must_overtake": "hay que montar: matar {best} con una carta de {led} más alta: {allowed}",
    "not_legal": "aquí no se puede",
    "game_over": "la partida ha terminado",
    "not_a_move": "{got} no es una jugada",
    "wrong_phase": "ahora toca {expected}, no {move}",
    "bid_out_of_range": "en la ronda de {cards} se pide de 0 a {cards}",
    "hook": "la regla del postre: el último en pedir no puede pedir {bid}, porque las peticiones "
    "sumarían {cards}, las bazas de la ronda",
    "first_must_call": "el primero tiene que pujar un número y no puede pasar",
    "call_out_of_range": "en la ronda de {cards} se puja de 0 a {cards}",
    "call_too_low": "una puja tiene que superar la más alta hasta ahora ({highest})",
    "dealer_out_of_range": "el repartidor tiene que ser un puesto de 0 a {high}, no {got}",
    "seed_too_large": "una semilla tiene que ser menor que 2**{bits}, no {got}",
    "hands_for_players": "{hands} manos para {players} jugadores",
    "hand_size": "el puesto {seat} tiene {held} cartas; en esta ronda se reparten {cards}",
    "card_not_in_deck": "{card} no está en la baraja de esta partida",
    "card_dealt_twice": "{card} está repartida dos veces",
    "trump_card_missing": "esta ronda necesita una trump_card {where}",
    "auction_trump_card": "una subastada no tiene carta de triunfo: el que gana la subasta "
    "elige el triunfo",
    "chosen_trump_card": "se reparten todas las cartas y el repartidor elige el triunfo: "
    "no hay trump_card",
    "trump_card_in_hand": "la carta vuelta {card} tiene que salir del mazo, no de una mano",
    "shown_card_not_dealers": "la carta enseñada {card} tiene que estar en la mano del "
    "repartidor (el puesto {dealer})",
    "tag_name_blank": "el nombre de una etiqueta no está vacío ni tiene espacios en los bordes",
    "tag_name_long": "el nombre de una etiqueta tiene como mucho {most} caracteres",
    "tag_name_equals": "el nombre de una etiqueta no puede tener '='",
    "tag_name_control": "el nombre de una etiqueta no puede tener caracteres de control",
    "tag_value_long": "{length} caracteres: el valor de una etiqueta tiene como mucho {most}",
    "tag_value_control": "el valor de una etiqueta es una sola línea sin caracteres de "
    "control (tabuladores, saltos de línea...)",
    "tag_twice": "la etiqueta está dos veces",
    "tags_too_many": "un registro lleva como mucho {most} etiquetas",
    "expected_object": "se esperaba un objeto, no {got}",
    "unknown_member": "miembro desconocido",
    "missing": "falta",
    "expected_whole": "se esperaba un número entero, no {got}",
    "record_seed_too_large": "una semilla es menor que 2**{bits}, no {got}",
    "expected_flag": "se esperaba true o false, no {got}",
    "expected_list": "se esperaba una lista, no {got}",
    "expected_string": "se esperaba una cadena, no {got}",
    "string_too_long": "la cadena {got} es demasiado larga",
    "numbers_for_players": "{numbers} números para {players} jugadores",
    "score_too_large": "ninguna partida da {got} puntos",
    "not_a_record": "falta: esto no es un registro de pocha",
    "format_unknown": "se esperaba {expected}, no {got}",
    "record_version": "esta biblioteca lee registros de la versión {version}, no {got}",
    "rules_version": "la partida se jugó con la versión {got} del comportamiento de las "
    "reglas; esta biblioteca juega la versión {version}",
    "seat_out_of_range": "los puestos van de 0 a {high}, no {got}",
    "record_too_long": "{length} caracteres es más de lo que cabe en un registro ({most})",
    "json_too_deep": "el JSON tiene demasiados niveles",
    "json_invalid": "no es JSON válido: {error}",
    "no_first_deal": "el registro no tiene el reparto de la ronda 0",
    "move_after_end": "{move}: la partida ya ha terminado",
    "record_illegal_move": "el puesto {seat} no puede hacer {move}: {reason}",
    "deal_never_reached": "las jugadas acaban en la ronda {last}; este reparto es de una "
    "ronda a la que no se llega",
    "deal_missing": "la partida llega a la ronda {round} pero el registro no tiene su reparto",
    "scores_differ": "el registro dice {said} pero las jugadas dan {given}",
    "rounds_differ": "{recorded} rondas registradas, pero se terminaron {finished}",
    "file_too_long": "el fichero es más largo de lo que puede ser un registro ({most} caracteres)",
    "file_not_utf8": "el fichero no es texto UTF-8 (byte {byte})",
    "not_a_game_record": "falta: no es un registro de {game}",
    "record_is_poch": "es un registro de Poch: léalo con pocha_rules.poch.records",
    "record_is_pocha": "es un registro de Pocha: léalo con pocha_rules.records",
    "poch_no_first_deal": "el registro no tiene baraja para la mano 0",
    "poch_pack_size": "una baraja de {deck} cartas, no de {got}",
    "poch_deal_never_reached": (
        "las jugadas acaban en la mano {last}; esta baraja es de una mano a la que no se llega"
    ),
    "poch_deal_missing": "la partida llega a la mano {deal} pero el registro no tiene su baraja",
    "poch_pool_chips": "una casilla tiene 0 fichas o más, no {got}",
    "poch_chips_too_large": "ninguna partida tiene {got} fichas",
    "poch_bet_max_actions": (
        "bet_max es {bet_max}: las tablas de acciones admiten bet_max hasta {most}"
    ),
    "moves_end_early": "las jugadas acaban antes que la ronda {round}",
    "move_after_game": "una jugada después del final de la partida",
    "no_turn_for": "en la ronda no hay turno para {move}",
    "moves_missing": "no están en las jugadas todas las pujas o cartas de la ronda",
    "not_a_kind": "falta: esto no es un {what} de pocha",
    "version_unknown": "esta biblioteca lee la versión {version}, no {got}",
    "count_out_of_range": "se esperaba un número entero de 0 a {high}, no {got}",
    "entries_for_players": "{entries} entradas para {players} jugadores",
    "expected_one_of": "se esperaba uno de {names}, no {got}",
    "rules_version_only": "esta biblioteca juega la versión {version} del comportamiento de "
    "las reglas",
    "expected_call": "se esperaba una puja o un paso, no {got}",
    "to_move_null": "null exactamente cuando la partida ha terminado",
    "trump_unknown": "en la fase {phase} se sabe el triunfo",
    "auction_winner_missing": "una subastada con la subasta ya hecha tiene ganador",
    "hand_size_differs": "{cards} cartas, pero hand_sizes dice {size}",
    "hand_differs": "no es la mano visible del propio puesto",
    "deals_for_rounds": "{deals} repartos para {rounds} rondas terminadas",
    "view_value_unreachable": "ninguna partida con estas reglas da este valor "
    "con el resto de la vista",
    "view_unreachable": "las reglas no pueden llegar a esta vista ({error})",
    "move_seat_differs": "la jugada la hizo el puesto {seat}, no {got}",
    "legal_moves_differ": "no son las jugadas legales de la vista",
    "legal_actions_differ": "no son los números de acción de las jugadas legales de la vista",
    "scores_too_large": "demasiado grandes",
    "state_phase_differs": "la partida del registro está en la fase {phase}",
    "state_to_move_differs": "en la partida del registro juega {to_move}",
    "data_too_long": "{length} caracteres es más de lo que cabe",
    "events_new_game": "after no es una jugada después de before: es una partida nueva",
    "events_not_next": "after no es el estado una jugada después de before",
    "seat_taken": "el puesto {seat} está ocupado",
    "token_unknown": "ningún puesto tiene esta clave",
    "token_form": "una clave tiene de 16 a 128 caracteres de A-Z, a-z, 0-9, - y _",
    "token_missing": "una jugada necesita la clave de su puesto: quien mira no juega",
    "seat_not_yours": "esta clave es del puesto {seat}, no del puesto {got}",
    "message_too_long": "un mensaje tiene como mucho {most} bytes, no {length}",
    "message_form": "se esperaba un objeto JSON con un tipo: {types}",
    "table_unknown": "ninguna mesa tiene este identificador",
    "tables_too_many": "el servidor tiene como mucho {most} mesas sin terminar",
    "connections_too_many": "una mesa admite como mucho {most} conexiones",
    "record_hidden": "la partida no ha terminado: su registro mostraría cartas ocultas",
    "no_person_seat": "una mesa necesita al menos un puesto para una persona",
    "storage_failed": "no se pudo guardar la jugada; la mesa queda cerrada",
    "since_out_of_range": "since tiene que ser de 0 a {high}, no {got}",
    "event_unknown": "no hay ningún evento llamado {got}",
    "event_not_for_view": "un evento {kind} que no encaja en la vista ({error})",
    "expected_pair": "se esperaba un par [puesto, texto], no {got}",
    "view_compact": "falta: una vista compacta no se puede volver a leer "
    "(escríbela con su historia)",
    "round_kind_differs": "no es la clase de la ronda, {kind}",
    "view_has_history": "una vista con su historia no se pone al día con eventos: "
    "usa una vista compacta",
    "seat_must_be": "seat tiene que ser de 0 a {high}, no {got}",
    "schema_unknown": "no hay un esquema llamado {got}; los esquemas son {names}",
    "no_action_id": "no es una jugada de estas reglas: no tiene número de acción",
    "action_out_of_range": "fuera de rango: estas reglas tienen acciones de 0 a {high}",
    "action_illegal": "{move}: {reason}",
    "no_state_fits": "ningún estado de la partida encaja con esta vista: {error}",
    "count_negative": "count tiene que ser 0 o más, no {got}",
    "too_many_cards_shown": "ningún estado de la partida encaja con esta vista: el puesto "
    "{seat} enseña demasiadas cartas",
    "unseen_cannot_be_placed": "ningún estado de la partida encaja con esta vista: las "
    "cartas que no se ven no caben en ninguna mano",
    "no_move_to_make": "el puesto {seat} no tiene jugada que hacer: le toca al puesto {to_move}",
    "bots_for_players": "{bots} bots para {players} jugadores: un bot por puesto",
    "games_negative": "games tiene que ser 0 o más, no {got}",
    "samples_too_few": "samples tiene que ser un número entero, 1 o más, no {got}",
    "not_a_parameter": "no es un parámetro de {game}",
    "auto_yes_no": "tiene que ser 'auto', 'yes' o 'no', no {got}",
    "rank_order_text": "tiene que ser 'default' o números separados por espacios, no {got}",
    "resample_at_deal": "resample_from_infostate necesita un nodo de decisión, no un reparto",
    "agent_must_act": "el agente al que le toca tiene que jugar",
    "policy_illegal": "la política no eligió ninguna de las jugadas legales",
    "match_no_bots": "un enfrentamiento necesita al menos un bot",
    "match_needs_lineup": "{bots} bots para {seats} puestos: da una alineación",
    "lineup_size": "la alineación nombra {seats} puestos y las reglas tienen {players}",
    "lineup_unknown_bot": "la alineación nombra {name}, que no es ninguno de los bots",
    "bot_without_seat": "el bot {name} no tiene puesto en la alineación",
    "games_not_sets": "games tiene que ser un múltiplo positivo de {size}, las partidas de "
    "una serie (cada bot en cada puesto), no {got}",
    "seats_shape": "seats tiene que ser un puesto, o uno por partida, de forma ({games},); "
    "tiene forma {shape}",
    "actions_shape": "actions tiene que tener una acción por partida, de forma ({games},); "
    "tiene forma {shape}",
    "batch_over": "todas las partidas del lote han terminado: reset() reparte otras nuevas",
    "batch_not_recorded": "este lote no registra sus partidas: usa record=True",
    "game_out_of_range": "game tiene que ser de 0 a {high}, no {got}",
    "batch_round": "ronda {round}: {reason}",
    "seed_negative": "seed tiene que ser 0 o más, no {got}",
    "batch_games_not_recorded": "las partidas no se registraron: simúlalas con record=True",
    "chunk_too_small": "chunk tiene que ser 1 o más, no {got}",
    "results_differ": "las jugadas de las rondas terminadas no dan sus resultados",
    "calls_differ": "no son las pujas de las jugadas de la ronda",
    "played_differ": "no son las cartas de las jugadas de la ronda",
    "trick_differs": "no son las últimas cartas jugadas",
    "bids_differ": "no son las peticiones de las jugadas de la ronda",
    "totals_differ": "no son los totales de las rondas terminadas",
    # Poch (pocha_rules.poch)
    "poch_suit_unknown": "se esperaba un palo: c, d, h, s o clubs, diamonds, hearts, spades",
    "poch_rank_not_whole": "el rango de una carta es un número entero del 2 al 14",
    "poch_deck_size": "las barajas tienen 32 o 52 cartas, no {deck}",
    "poch_card_form": "se esperaba un rango (2-10, J, Q, K, A) seguido de c, d, h o s",
    "poch_suit_letter_unknown": "letra de palo desconocida {letter}: usa c, d, h o s",
    "poch_rank_not_in_deck": "no hay {rank} en una baraja de {deck} cartas",
    "poch_chips_not_whole": "{name} es un número entero de fichas, 1 o más",
    "poch_chips_form": "{verb} lleva un número entero de fichas, no {got}",
    "poch_chips_too_few": "{verb} lleva al menos 1 ficha",
    "poch_move_form": "se esperaba pass, open N, match, close, reopen N o play CARTA",
    "poch_deck_too_small": "faltan cartas para {players} jugadores",
    "poch_deals_needed": 'end="deals" necesita el número de manos',
    "poch_deals_unused": 'solo se usa con end="deals", no con end={end}',
    "poch_bust_needs_out": (
        'end="bust" necesita insolvency="out" (con deudas nadie se queda sin fichas)'
    ),
    "poch_unlimited_needs_out": (
        'sin límite (None) necesita insolvency="out", donde los saldos acaban los envites'
    ),
    "poch_chips_below_dressing": (
        'con insolvency="out" tiene que pagar al menos una vez el tablero '
        "({dressing} fichas), no {got}"
    ),
    "poch_deal_card_unreadable": "carta {position}: {reason}",
    "poch_deal_card_not_in_pack": "la carta {position} no está en la baraja de {deck} cartas",
    "poch_deal_card_twice": "la carta {position} aparece dos veces",
    "poch_deal_size": "un orden tiene cada carta de la baraja una vez: {deck} cartas, no {got}",
    "poch_balances_size": "balances tiene que dar las fichas de {players} puestos, no {got}",
    "poch_balance_negative": (
        'balances[{seat}] es {got}: con insolvency="out" ningún saldo es negativo'
    ),
    "poch_pool_unknown": "pools: no hay casilla {got} con estas reglas; casillas: {pools}",
    "poch_pool_negative": "pools[{name}] no puede ser negativo, no {got}",
    "poch_hand_card_unreadable": "{where}: {reason}",
    "poch_hand_missing": "hands: el puesto {seat} juega y no tiene cartas",
    "poch_hand_size": "hands: el puesto {seat} tiene que tener 5 cartas, no {got}",
    "poch_dealt_twice": "{card} se reparte dos veces",
    "poch_rounds_over": "ya hubo {limit} rondas de envites: el mano solo puede cerrar",
    "poch_opener_decides": (
        "los demás ya contestaron: el mano, el puesto {opener}, cierra o reabre"
    ),
    "poch_opened_already": "el puesto {opener} ya abrió: iguala o pasa",
    "poch_no_combination": (
        "el puesto {seat} no tiene combinación (al menos una pareja) y solo puede pasar"
    ),
    "poch_nothing_to_match": "nadie ha abierto: no hay nada que igualar",
    "poch_match_cost": "igualar cuesta {owed} fichas y el puesto {seat} tiene {balance}",
    "poch_not_the_opener": "solo el mano cierra o reabre, cuando los demás han contestado",
    "poch_betting_not_over": "los envites no han terminado: las cartas se juegan después",
    "poch_no_chips": "un puesto sin fichas no puede hacer {verb}",
    "poch_bet_over_balance": "un puesto puede hacer {verb} con su saldo como mucho, {cap} fichas",
    "poch_bet_range": "un puesto puede hacer {verb} con 1 a {bet_max} fichas",
    "poch_betting_over": "los envites han terminado: juega una carta",
    "poch_must_follow": (
        "el puesto {seat} tiene {due}, la carta que sigue a {last}, y tiene que jugarla"
    ),
    "poch_not_in_hand": "el puesto {seat} no tiene {card}",
    "poch_sample_over": "la partida ha terminado: no queda nada oculto que muestrear",
    "poch_sample_overfull": (
        "ningún estado encaja con esta vista: se conocen más cartas que huecos"
    ),
    "poch_sample_not_found": (
        "no se encontró un estado que encaje con esta vista en {attempts} intentos"
    ),
    "schedule_number_too_large": "{got} no es un número de cartas",
    "state_text_too_long": "{length} caracteres es más de lo que cabe en el texto de un estado",
    "state_text_not_json": "no es un texto {format} (el JSON que escribe PochaState.serialize): "
    "{error}",
    "format_expected": "se esperaba {expected}, no {got}",
    "version_read": "esta biblioteca lee la versión {version}, no {got}",
    "rules_version_unknown": "esta biblioteca juega la versión {version} de las reglas, no {got}",
    "action_id_expected": "se esperaba un número de acción, no {got}",
    "state_of_other_rules": "el texto es un estado de otras reglas que las de esta partida "
    "(deserialize_game_and_state carga la partida de las reglas del texto)",
    "history_after_end": "la partida ha terminado: no puede venir ninguna acción más",
    "decision_out_of_range": "fuera de rango: {game} tiene decisiones de 0 a {high} "
    "(num_distinct_actions() - 1)",
    "chance_dealer_out_of_range": "no es un resultado de este nodo de azar: el primer "
    "repartidor es un puesto, de 0 a {high}",
    "chance_card_out_of_range": "no es un resultado de este nodo de azar: una carta repartida "
    "es un número de jugada, de 0 a {high}",
    "chance_place_out_of_range": "no es un resultado de este nodo de azar: una carta repartida "
    "es su puesto en el orden de las cartas de la baraja, de 0 a {high}",
    "chance_id_out_of_range": "fuera de rango: las cartas se reparten con números de 0 a {high}",
    "chance_card_dealt": "no es un resultado de este nodo de azar: {card} ya está repartida",
    "observer_params": "{game} no admite parámetros de observación, no {got}",
    "observer_type": "{game} no tiene observador de {type}: observa lo que ve un puesto, con "
    "o sin memoria perfecta (public_info=True, private_info=SINGLE_PLAYER)",
    "step_before_reset": "step() antes del primer reset(): llama a reset() para repartir "
    "una partida",
    "step_after_end": "step() con el episodio ya terminado: llama a reset() para repartir "
    "otra partida",
    "seats_ragged": "seats tiene que ser un puesto, o uno por partida, de forma ({games},); "
    "es una secuencia de secuencias de distintas longitudes",
    "actions_ragged": "actions tiene que tener una acción por partida, de forma ({games},); "
    "es una secuencia de secuencias de distintas longitudes",
    "batch_seed_too_large": "seed tiene que ser menor que 2**{bits} (lo que cabe en un "
    "registro), no {got}",
    "bot_failed": "el bot {bot} del puesto {seat} en la partida {game} del enfrentamiento "
    "(semilla del reparto {deal_seed}) {reason}",
    "engine_command_empty": "la orden de un motor está vacía",
    "engine_setup": "el motor {name} no puede jugar: {reason}",
    "engine_no_bot_for_game": "no hay bot para jugar al {game}",
    "time_limit_not_positive": "time_limit tiene que ser más de 0 segundos, no {got}",
    "engine_message_not_object": "se esperaba un objeto JSON, no {got}",
    "engine_turn_before_game": "un turno antes de ninguna partida",
    "engine_message_unknown": "tipo de mensaje desconocido {got}",
    "ratings_players": "la clasificación necesita dos jugadores o más con nombres distintos, "
    "no {got}",
    "ratings_self_pair": "un resultado enfrenta a {name} consigo mismo",
    "ratings_negative": "un resultado de {first} contra {second} tiene una cuenta negativa",
    "ratings_unknown_player": "un resultado nombra a {name}, que no es ninguno de los jugadores",
    "bot_fault": "{reason}",
    "object_expected": "se esperaba un objeto, no {got}",
    "strings_expected": "se esperaban cadenas, no {got}",
    "tournament_bots": "un torneo necesita dos bots o más, no {got}",
    "sets_too_few": "sets tiene que ser al menos 1, no {got}",
    "sets_too_many": "sets tiene que ser como mucho {most}, no {got}",
    "not_a_regular_file": "{path} no es un fichero normal: elige otro fichero",
    "log_format": "no es un fichero de resultados {format}",
    "log_version": "la versión {got} no es la {version}",
    "log_other_tournament": "el fichero es de otro torneo (cambian {fields})",
    "pair_expected": "se esperaban dos valores {kind}, no {got}",
    "count_expected": "se esperaba una cuenta, no {got}",
    "set_not_in_tournament": "la serie {set} de {pair} no es de este torneo ({pairs} parejas, "
    "{sets} series cada una)",
    "log_not_json": "no es JSON: {error}",
    "line_not_json": "no es JSON",
    "game_number_range": "los números de partida van de 0 a 2**62 - 1, no {got}",
    "chunk_size_too_small": "chunk_size tiene que ser 1 o más, no {got}",
    "argument_too_small": "{name} tiene que ser {least} o más, no {got}",
    "argument_too_large": "{name} tiene que ser como mucho {most}, no {got}",
    "games_count_range": "games tiene que ser un número entero de 0 a 2**62, no {got}",
    "games_too_many": "games tiene que ser como mucho 2**40 (más resultados no caben en "
    "memoria), no {got}",
    "opponent_seat_out_of_range": "los puestos de los rivales van de 0 a {high}, no {seat}",
    "vector_seeds_count": "hace falta una semilla por partida: {num_envs} semillas, no {count}",
    "opponent_unknown_bot": "{what}: bot desconocido {spec}; los nombres son {value}",
    "every_seat_an_opponent": "todos los puestos son rivales: deja al menos un puesto a un agente",
    "policy_not_an_id": "la política tiene que devolver un solo número de acción entero",
    "policy_id_out_of_range": "la política eligió un número fuera del rango de 0 a {high}",
    "policy_move_illegal": "la política eligió {move}, que aquí no se puede",
    "trained_rules": "el bot entrenado lee observaciones de {trained_size} números y "
    "{trained_actions} números de acción, como dan las reglas por defecto (4 jugadores, 40 "
    "cartas, el plan de rondas clásico); estas reglas dan {size} y {actions}",
    "single_agent_seat_range": "seat tiene que ser de 0 a {high}, no {seat}",
    "illegal_action_option": 'illegal_action tiene que ser "end" o "raise", no {illegal_action}',
    "episode_over": "el episodio ha terminado: llama a reset()",
    "opponents_seats": "opponents tiene que nombrar cada uno de los otros puestos una vez "
    "({others}), no {given}",
    "opponents_count": "opponents tiene que tener un bot por cada otro puesto "
    "({others_count}), no {opponents_count}",
    "no_learner_seat": "todos los puestos son rivales: deja al menos un puesto al que aprende",
    "num_envs_too_small": "num_envs tiene que ser 1 o más, no 0",
    "autoreset_mode_unknown": "autoreset_mode tiene que ser uno de {value}, no {mode}",
    "reset_delay_negative": "reset_delay tiene que ser 0 o más, no {reset_delay}",
    "vector_step_before_reset": "llama a reset() antes de step()",
    "vector_seats_shape": "seats tiene que ser un puesto, o uno por partida, de forma "
    "({num_envs},); tiene forma {shape}",
    "vector_seats_range": "los puestos van de 0 a {high}, no {seats}",
    "vector_not_recorded": "este entorno no registra sus partidas: usa record=True",
    "vector_game_range": "game tiene que ser de 0 a {high}, no {game}",
    "vector_record_before_reset": "llama a reset() antes de pedir un registro",
    "opponent_actions_shape": "el rival del puesto {seat} tiene que devolver {at_count} "
    "números de acción, no {dtype} de forma {shape}",
    "scores_for_players": "{scores} puntuaciones para {players} jugadores",
    "round_index_out_of_range": "round_index tiene que ser de 0 a {high}, no {got}",
    "no_tiebreak_rounds": "la partida tiene {rounds} rondas y ninguna de desempate "
    "(tiebreak={tiebreak})",
    "top_score_not_tied": "la ronda {round} sería de desempate, pero la puntuación más alta "
    "{score} no está empatada",
    "position_deal_missing": "una posición necesita el reparto de su ronda",
    "poch_names_lang_unknown": "los nombres del Poch se dan en 'en', 'de' o 'es', no {got}",
    "names_lang_unknown": "los nombres se dan en 'es' (español) o 'en' (inglés), no {got}",
    "game_unknown": "ningún juego se llama {got}; los juegos son {known}",
    "game_bot_unknown": "ningún bot incorporado se llama {got}; los bots son {known}",
    "game_lang_unknown": "las jugadas de este juego se nombran en {known}, no {got}",
    "article_unknown": "article tiene que ser 'bare', 'definite' o 'indefinite', no {got}",
    "rank_out_of_range": "los números de las cartas van del 1 al 12, no {got}",
    "scale_out_of_range": "scale tiene que ser más de 0 y como mucho 100, no {got}",
    "overlap_out_of_range": "overlap tiene que ser de 0 a 0.8, no {got}",
    "picture_lang_unknown": "los dibujos se rotulan en 'es' o 'en', no {got}",
    "record_from_position": "esta partida empezó en una posición escrita (ronda {round}): "
    "un registro guarda una partida entera desde su primera ronda",
    "rank_order_dots": "se esperaban números separados por puntos (1.3.12...), no {got}",
    "option_form": "se esperaba NOMBRE=VALOR, no {got}",
    "option_unknown": "no hay ninguna opción llamada {got}",
    "option_twice": "{option} está dos veces",
    "option_value": "{option}: {reason}",
    "position_fields": "una posición tiene {fields} campos separados por espacios ({names}); "
    "este texto tiene {got}",
    "digits_too_many": "{digits} cifras son demasiadas aquí",
    "number_too_small": "se esperaba un número desde {low}, no {got}",
    "number_out_of_range": "se esperaba un número de {low} a {high}, no {got}",
    "card_expected": "se esperaba una carta como 12o, no {got}",
    "entries_for_seats": "{entries} entradas para {seats} puestos",
    "position_too_long": "una posición tiene como mucho {most} caracteres",
    "position_is_view": "esto es lo que ve un puesto (@PUESTO), no un estado entero",
    "position_is_state": "esto es un estado entero (una semilla), no lo que ve un puesto "
    "(@PUESTO)",
    "position_game_over": "la partida ha terminado: una posición es una ronda en juego",
    "state_hand_hidden": "un estado entero enseña todas las manos ('?' tapa una en lo que "
    "ve un puesto)",
    "round_field_form": "se esperaba el número de la ronda, ':' y sus cartas (3:5a)",
    "round_beyond_game": "ninguna partida llega a la ronda {round}",
    "round_deals_other": "en la ronda {round} de estas reglas se reparte {plan}, no {got}",
    "trump_field_form": "se esperaba una carta, la letra de un palo o '-', no {got}",
    "trick_form": "se esperaba una baza: el puesto que sale, ':' y sus cartas",
    "trick_too_many_cards": "una baza tiene como mucho {cards} cartas",
    "trick_too_few_cards": "solo la última baza puede tener menos de {cards} cartas",
    "seat_plays_too_many": "el puesto {seat} juega más cartas de las que se le repartieron",
    "hand_size_after_plays": "al puesto {seat} le quedan {cards} cartas después de jugar, "
    "no {got}",
    "card_written_twice": "{card} está escrita dos veces (también en el carácter {character})",
    "turned_up_card_written": "la carta vuelta {card} está en el mazo, no en una mano ni en "
    "una baza",
    "seat_dealt_differs": "el puesto {seat} tiene {held_cards} y ha jugado {played}: en esta "
    "ronda se reparten {dealt_cards} a cada uno",
    "seat_dealt_differs_by_tricks": "el puesto {seat} tiene {held_cards} y ha jugado {played} "
    "(según los que salen en cada baza): en esta ronda se reparten {dealt_cards} a cada uno",
    "auction_not_over": "la subasta no ha terminado",
    "trump_not_chosen": "en esta ronda no se ha elegido el triunfo: escribe la carta que lo "
    "muestra",
    "bids_too_early": "todavía no hay peticiones: ahora toca {phase}",
    "bids_out_of_order": "el puesto {to_move} pide antes que el puesto {seat}",
    "cards_too_early": "todavía no hay cartas: ahora toca {phase}",
    "trick_leader_differs": "en esta baza sale el puesto {to_move}, no el puesto {seat}",
    "tricks_end_game": "estas bazas terminan la partida",
    "field_differs": "la posición a la que se llega dice aquí {should}, no {got}",
}
"""Each code's Spanish sentence, a :meth:`str.format` template of the same
params as the English one."""

GERMAN: Final[dict[str, str]] = _GERMAN
"""Each Poch code's German sentence (Poch is a German game; Pocha's codes
have none), a :meth:`str.format` template of the same params as the
English one: ``message(error, "de")`` and ``reason(error, "de")`` read it."""


def _language(lang: object) -> Language | Literal["de"]:
    if lang == "de":
        return "de"
    from pocha_rules.names import _language as checked

    return checked(lang)


def _german(code: str, params: Mapping[str, object]) -> str | None:
    template = GERMAN.get(code)
    if template is None:
        return None
    values = dict(params)
    verb = params.get("verb")
    if isinstance(verb, str):
        values["verb"] = GERMAN_VERBS.get(verb, verb)
    try:
        return template.format_map(values)
    except (KeyError, IndexError, ValueError):
        return None


def _german_message(error: PochaError, code: str, params: Mapping[str, object]) -> str:
    said = _german(code, params)
    if said is None:
        return str(error)
    if not hasattr(error, "reason"):
        return said
    frame = GERMAN_FRAMES.get(type(error).__name__, "{reason}")
    if "{where}" in frame and not params.get("where"):
        frame = frame.replace(" bei {where}", "")
    if "{seat}" in frame and params.get("seat") is None:
        frame = frame.replace(" von Platz {seat}", "")
    values = dict(params)
    move = params.get("move")
    if isinstance(move, str):
        verb, _space, rest = move.partition(" ")
        values["move"] = " ".join([GERMAN_VERBS.get(verb, verb), *([rest] if rest else [])])
    what = params.get("what")
    if isinstance(what, str):
        values["what"] = GERMAN_WHAT.get(what, what)
    try:
        return frame.format_map({**values, "reason": said})
    except (KeyError, IndexError, ValueError):
        return said


_CARD_CODES: Final = frozenset(
    {"not_in_hand", "must_follow_suit", "must_overruff", "must_ruff", "must_overtake"}
)
"""The reasons whose params name Pocha's cards by their codes."""


def _card_names(text: str) -> str | None:
    """``"1e, 12e"`` (or ``"1e 12e"``) as a player says it (*el as de espadas y el rey de
    espadas*), or None where a part is not a card's code."""
    try:
        names = [
            card_name(Card.parse(code), "es", article="definite")
            for code in re.split(r",?\s+", text.strip())
        ]
    except ValueError:
        return None
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} y {names[-1]}"


def _values(params: Mapping[str, object], code: str = "") -> dict[str, object]:
    """The params, with each nested reason (``NAME`` beside ``NAME_code``
    and ``NAME_params``) in Spanish, the phase a move came at the wrong
    time in named in Spanish, and the cards of a refused card named."""
    values = dict(params)
    if code in _CARD_CODES:
        for key in ("card", "best", "allowed", "hand"):
            text = params.get(key)
            named = _card_names(text) if isinstance(text, str) else None
            if named is not None:
                values[key] = named
    for key, value in params.items():
        if key.endswith("_code") and isinstance(value, str):
            name = key[: -len("_code")]
            nested = params.get(f"{name}_params")
            if name in params and isinstance(nested, Mapping):
                text = _spanish(value, nested)
                if text is not None:
                    values[name] = text
    move = params.get("move")
    if isinstance(move, str):  # a move's text, in the reader's words
        with suppress(PochaError):
            values["move"] = move_text(parse_move(move), "es")
    phase = params.get("phase")
    if isinstance(phase, str) and "expected" in params:
        with suppress(ValueError):
            values["expected"] = phase_name(Phase(phase), "es")
    return values


def _spanish(code: str, params: Mapping[str, object]) -> str | None:
    template = SPANISH.get(code)
    if template is None:
        return None
    try:
        return template.format_map(_values(params, code))
    except (KeyError, IndexError, ValueError):
        return None


def _coded(thing: object, lang: str) -> tuple[str, Mapping[str, object]] | None:
    """The code and parameters ``thing`` (a reason or an error) carries, to
    be said again in ``lang``; ``None`` in English, or when it carries none.

    Raises:
        PochaError: ``lang`` is none of ``"es"``, ``"en"`` and ``"de"``.

    """
    if _language(lang) == "en":
        return None
    code, params = getattr(thing, "code", None), getattr(thing, "params", None)
    if not isinstance(code, str) or not isinstance(params, Mapping):
        return None
    return code, params


def _said(thing: object, english: str, lang: str) -> str:
    """``english`` in ``lang``, written again from ``thing``'s code and
    parameters when it carries them and ``lang`` has the sentence."""
    coded = _coded(thing, lang)
    if coded is None:
        return english
    code, params = coded
    if lang == "de":
        return _german(code, params) or english
    return _spanish(code, params) or english


def translate(text: str, lang: str = "es") -> str:
    """A reason the library gave as text (an error's ``reason``, the
    ``reason`` of a revoke in a lenient replay), in ``lang``: when it
    carries its ``code`` and ``params``, as the library's reasons do, it is
    written again from them; other text is given back as it is.

    Raises:
        PochaError: ``lang`` is none of ``"es"``, ``"en"`` and ``"de"``.

    """
    return _said(text, str(text), lang)


def reason(error: PochaError, lang: str = "es") -> str:
    """Why ``error`` was raised, without its frame (``hay que asistir: ...``
    rather than ``jugada no permitida ... : hay que asistir: ...``): what a
    player is told of a refused move.

    Raises:
        TypeError: ``error`` is not a :class:`~pocha_rules.PochaError`.
        PochaError: ``lang`` is none of ``"es"``, ``"en"`` and ``"de"``.

    """
    if not isinstance(error, PochaError):
        raise TypeError(f"error must be a PochaError, got {type(error).__name__}")
    return _said(error, str(getattr(error, "reason", error)), lang)


def message(error: PochaError, lang: str = "es") -> str:
    """The whole message of ``error`` in ``lang``: its class's frame around
    its reason (``jugada no permitida juega 3o del puesto 1: hay que
    asistir...``); ``str(error)`` in English, and for an error this module
    cannot say in Spanish.

    Raises:
        TypeError: ``error`` is not a :class:`~pocha_rules.PochaError`.
        PochaError: ``lang`` is none of ``"es"``, ``"en"`` and ``"de"``.

    """
    if not isinstance(error, PochaError):
        raise TypeError(f"error must be a PochaError, got {type(error).__name__}")
    coded = _coded(error, lang)
    if coded is None:
        return str(error)
    code, params = coded
    if lang == "de":
        return _german_message(error, code, params)
    said = _spanish(code, params)
    if said is None:
        return str(error)
    frame = SPANISH_FRAMES.get(type(error).__name__, "{reason}")
    if not hasattr(error, "reason"):
        return said
    values = {**_values(params), "reason": said}
    if type(error).__name__ == "IllegalMoveError" and params.get("seat") is None:
        frame = "jugada no permitida {move} con la partida terminada: {reason}"
    if "{where}" in frame and not params.get("where"):
        frame = frame.replace(" en {where}", "")
    if "{seat}" in frame and params.get("seat") is None:
        frame = frame.replace(" del puesto {seat}", "")
    if "({field})" in frame and not params.get("field"):
        frame = frame.replace(" ({field})", "")
    try:
        return frame.format_map(values)
    except (KeyError, IndexError, ValueError):
        return said
