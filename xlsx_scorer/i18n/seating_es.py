"""Las palabras del sorteo de mesas (``xlsx-scorer seat``) en español: ``SEATING``.

>>> from xlsx_scorer.i18n import text
>>> text("es", "seat.sheet", round=3)
'Mesas R3'
"""

SEATING = {
    "roster.dropped_after": "Abandona tras la ronda",
    "roster.fixed_table": "Mesa fija",
    "roster.club": "Club",
    "event.rounds": "Rondas",
    "seat.bye": "Descanso",
    "seat.sheet": "Mesas R{round}",
    "seat.title": "Ronda {round}: mesas",
    "seat.note": "Empieza el primer asiento de cada mesa. Escribid los resultados en {sheet}.",
    "seat.table": "Mesa",
    "seat.seat": "Asiento",
    "seat.player": "Jugador",
    "seat.result": "Resultado",
    "notice.seat_summary": (
        "Ronda {round}: {players, plural, one {# jugador} other {# jugadores}} en "
        "{tables, plural, one {# mesa} other {# mesas}}, {byes, plural, =0 {sin descanso} one "
        "{# descanso} other {# descansos}}, {repeats, plural, =0 {sin rivales repetidos} one "
        "{# pareja que se repite} other {# parejas que se repiten}}."
    ),
    "notice.seat_repeat": "{players} vuelven a coincidir (vez {times}): no se encontró otra forma.",
    "notice.seat_club": (
        "{players} son del club «{club}» y comparten mesa: la lista no deja otra forma."
    ),
    "notice.seat_small_again": (
        "{player} se sienta en una mesa de 3 por {times}.ª vez antes de que todos hayan tenido una."
    ),
    "notice.seat_bye_again": (
        "{player} descansa por {times}.ª vez antes de que todos hayan descansado una."
    ),
    "notice.seat_starts": "Salidas por jugador tras esta ronda: de {low} a {high}.",
    "notice.seat_spread": (
        "Suizo: los jugadores de una mesa están de media a {spread} puestos en la clasificación."
    ),
    "notice.seat_fixed_missing": (
        "{player}: no hay mesa {table} en esta ronda ({tables, plural, one {# mesa} other "
        "{# mesas}}); sentado en otra."
    ),
    "notice.seat_fixed_shared": (
        "{player} no puede tener la mesa fija {table}: {players} la tienen, más de los que caben."
    ),
    "notice.seat_fixed_unmet": "{player} no pudo sentarse en su mesa fija {table}.",
    "unusable.seat_count": (
        "No se pueden sentar {count, plural, one {# jugador} other {# jugadores}} en "
        "mesas de {sizes}."
    ),
    "unusable.seat_round_taken": (
        "La ronda {round} ya tiene filas en {results}; una ronda sorteada no se vuelve a sortear."
    ),
    "unusable.seat_no_roster": (
        "Para sortear mesas hace falta la hoja Jugadores con todos los nombres."
    ),
    "unusable.seat_needs_scores": (
        "El sistema suizo necesita las rondas anteriores completas y sin errores: "
        "{count, plural, one {# problema} other {# problemas}} (ver xlsx-scorer check)."
    ),
    "cli.seat_done": (
        "Ronda {round} sorteada en {file}: sus filas están en {results}, las hojas de "
        "mesa en {sheet}."
    ),
    "help.seat": "sortea la siguiente ronda: mesas escritas en Resultados y una hoja para imprimir",
    "help.seat_description": (
        "Sienta en la ronda indicada cada jugador activo: sin repetir rivales mientras se "
        "pueda, mesas de 3, descansos y salidas repartidos, mesas fijas y clubes respetados."
    ),
    "help.seat_round": "la ronda que se sortea",
    "help.seat_method": (
        "random (por defecto en juegos de mesa) o swiss (por defecto en juegos de 2)"
    ),
    "help.seat_seed": "la semilla: el mismo libro y semilla dan las mismas mesas (por defecto: 0)",
    "help.seat_rounds": (
        "número de rondas del evento (por defecto: el de la hoja Evento, o la ronda)"
    ),
    "help.seat_output": "escribe aquí el libro con las mesas (por defecto: en el mismo archivo)",
    "help.force_seat": "sustituye una SALIDA que ya existe",
}
