"""Spanish (Spain): every user-facing string of xlsx_scorer, as a tournament judge writes it.

Vocabulary of the original rules (``seeds/``): poblado, ciudad, Gran ejército,
Mayor ruta comercial, victoria declarada, puntos de ronda.  Sheets are named in
Spanish (``SHEETS``: Resultados, Jugadores, Clasificación…); every shipped name is read.

This module holds the words of the sheets (headers, sheet names, marks, output sheets,
template, instructions) and of the terminal; the words of findings
(``findings_es.FINDINGS``) and of the command line's help (``help_es.HELP``) are
kept beside it, in modules of their own, and merged into ``STRINGS``.
"""

from xlsx_scorer.i18n import findings_es, help_es, seating_es, web_es

NAME = "Español"
CODES = ("es", "español", "espanol", "spanish", "castellano", "ispanyolca")

HEADERS = {
    "round": "Ronda",
    "table": "Mesa",
    "player": "Jugador",
    "settlements": "Poblados",
    "cities": "Ciudades",
    "vp_cards": "Cartas de PV",
    "knights": "Caballeros jugados",
    "roads": "Caminos construidos",
    "longest_road": "Longitud del camino más largo",
    "army_first": "Primero en Gran ejército",
    "road_first": "Primero en Mayor ruta comercial",
    "declared": "Victoria declarada",
    "total_vp": "PV totales",
}
#: Each game's own ``Results`` columns besides round, table and player (``core.columns``);
#: read only for a workbook of that game, so a word may mean one thing per game.
GAME_HEADERS = {
    "carcassonne": {
        "score": "Puntuación",
        "road_points": "Caminos",
        "city_points": "Ciudades",
        "cloister_points": "Monasterios",
        "field_points": "Campos",
        "other_points": "Otros",
    },
}
#: Other headers accepted for a column, besides HEADERS (any shipped language is read).
HEADER_ALIASES = {
    "total_vp": (
        "PV total",
        "Total PV",
        "Total de PV",
        "Puntos de victoria totales",
        "Total de puntos de victoria",
    ),
}

YES_WORDS = ("sí", "si", "s", "x", "✓", "✔", "☑", "verdadero", "1")
NO_WORDS = ("no", "n", "falso", "0")
#: Roster column headers accepted besides HEADERS["player"].
NAME_HEADERS = ("Nombre del jugador", "Nombre", "Nombres", "Jugadores", "Nombre completo")

SHEETS = {
    "results": "Resultados",
    "players": "Jugadores",
    "event": "Evento",
    "instructions": "Instrucciones",
    "standings": "Clasificación",
    "round_points": "Puntos de ronda",
    "errors": "Errores",
    "chart_data": "Datos del gráfico",
}

#: argparse's own words (``usage:``, its errors) by their gettext msgid (``cli.parser``).
ARGPARSE = help_es.ARGPARSE

STRINGS = {
    # The Event sheet (labels in column A, values in column B)
    "event.name": "Evento",
    "event.date": "Fecha",
    "event.venue": "Lugar",
    "event.language": "Idioma",
    # Output sheets
    "out.rank": "Puesto",
    "out.player": "Jugador",
    "out.round_points": "Puntos de ronda",
    "out.vp": "PV",
    "out.vp_pct": "% PV",
    "out.round_column": "R{round}",
    "out.round": "Ronda",
    "out.table": "Mesa",
    "out.largest_army": "Gran ejército",
    "out.longest_road": "Mayor ruta comercial",
    "out.declared": "Victoria declarada",
    "out.place": "Puesto en la mesa",
    "out.sheet": "Hoja",
    "out.cell": "Celda",
    "out.problem": "Problema",
    "out.yes": "Sí",
    "out.tournament_points": "Puntos de torneo",
    "out.wins": "Victorias",
    "out.score": "Puntuación",
    "out.capped_vp": "PV limitados (hasta 10)",
    "out.shares": "Cuotas",
    "out.relative": "Cuotas relativas",
    "out.firsts": "1.os puestos",
    "out.seconds": "2.os puestos",
    "out.thirds": "3.os puestos",
    "out.buchholz": "Buchholz",
    "out.score_diff": "Diferencia de puntos",
    "out.result": "Resultado",
    "out.win": "Victoria",
    "out.draw": "Empate",
    "out.loss": "Derrota",
    "out.bye": "Descanso",
    "title.chart_key": "{header}, acumulado",
    "event.format": "Formato",
    "format.catan-es": (
        "Catan, clasificatorios españoles: puntos de ronda 5/3/2/1 (5/3/2 a tres), luego PV, "
        "luego % PV."
    ),
    "format.catan-de": (
        "Catan, clasificatorios alemanes: puntos de ronda 5/3/2/1 (5/3/1 a tres), luego PV "
        "contados hasta 10, luego cuotas de PV, luego 1.os, 2.os y 3.os puestos."
    ),
    "format.catan-world": (
        "Catan, fases previas del campeonato de CATAN Studio: victorias, luego PV, luego "
        "cuotas relativas de PV."
    ),
    "format.carcassonne-hig": (
        "Carcassonne, clasificatorios de Hans im Glück: puntos de torneo 5/3/2/1 (5/3/1 a "
        "tres), luego puntos relativos, luego puntuación."
    ),
    "format.carcassonne-swiss": (
        "Carcassonne, fases previas suizas a 2 jugadores: victorias, luego Buchholz sin el "
        "rival más débil, luego diferencia de puntos."
    ),
    "cli.formats": (
        "Formatos (elige uno con --format NOMBRE, o --format ARCHIVO.toml para el tuyo):"
    ),
    "title.standings": "Clasificación",
    "title.round_points": "Puntos de ronda por partida",
    "title.chart": "Puntos de ronda acumulados",
    "title.errors": "Errores",
    "notice.computed": (
        "Calculada el {when} a partir de {games, plural, one {# partida} other {# partidas}} "
        "({players, plural, one {# jugador} other {# jugadores}})."
    ),
    "notice.not_published": (
        "No se publica la clasificación: este libro tiene {count, plural, one {# problema} "
        "other {# problemas}}. Consulta la hoja Errores, corrige la hoja Resultados y vuelve a "
        "ejecutar el programa."
    ),
    "notice.no_problems": "No hay ningún problema: todas las partidas cumplen las reglas.",
    "notice.no_results": (
        "Todavía no hay resultados: la hoja {sheet} no tiene partidas. Rellena la hoja {sheet} "
        "y vuelve a puntuar."
    ),
    "notice.no_results_errors": (
        "Todavía no hay resultados, así que no hay nada que revisar: la hoja {sheet} no tiene "
        "partidas."
    ),
    "notice.problems_found": (
        "{count, plural, one {# problema encontrado} other {# problemas encontrados}}. "
        "Revisado el {when}."
    ),
    "notice.check": (
        "Código de comprobación de la tabla de abajo: cambia si alguien modifica la tabla. "
        "Vuelve a puntuar el libro (o usa xlsx-scorer verify con un archivo) para saber si la "
        "tabla se ha modificado a mano."
    ),
    # Terminal
    "cli.summary": (
        "{file}: {games, plural, one {# partida puntuada} other {# partidas puntuadas}}, "
        "{players, plural, one {# jugador} other {# jugadores}}, "
        "{problems, plural, =0 {ningún problema} one {# problema} other {# problemas}}."
    ),
    "cli.summary_problems": (
        "{file}: {games, plural, one {# partida revisada} other {# partidas revisadas}}, "
        "{players, plural, one {# jugador} other {# jugadores}}, "
        "{problems, plural, one {# problema} other {# problemas}}; no se publica la "
        "clasificación."
    ),
    "cli.checked": (
        "{file}: {games, plural, one {# partida revisada} other {# partidas revisadas}}, "
        "{players, plural, one {# jugador} other {# jugadores}}, "
        "{problems, plural, =0 {ningún problema} one {# problema} other {# problemas}}."
    ),
    "cli.no_results": (
        "Todavía no hay resultados: la hoja de resultados no tiene partidas. Rellena la "
        "primera ronda y vuelve a puntuar."
    ),
    "cli.template_next": (
        "Ahora rellena las hojas {players} y {results} y después ejecuta: {command}"
    ),
    "cli.score_next": (
        "Abre la hoja {errors}: cada problema enlaza con su celda. "
        "{count, plural, one {Corrígelo} other {Corrígelos}} y vuelve a ejecutar: {command}"
    ),
    "cli.top": "Los {count} primeros:",
    "cli.wrote": "Se ha escrito {file}.",
    "cli.no_workbooks": "No hay ningún libro (.xlsx o .xlsm) en la carpeta {folder}.",
    "cli.output_collision": (
        "Dos libros llamados {name} se escribirían en {folder}; puntúalos en carpetas distintas."
    ),
    "cli.output_not_folder": (
        "La salida {folder} tiene que ser una carpeta existente cuando se puntúan varios libros."
    ),
    "cli.nothing_written": "No se ha escrito nada.",
    "cli.interrupted": (
        "Detenido (Ctrl-C). {saved, plural, =0 {No se ha escrito nada.} =1 {{files} ya se había "
        "guardado.} other {Ya se habían guardado # archivos: {files}.}}"
    ),
    "cli.internal_error": (
        "Error interno de xlsx-scorer ({detail}). {saved, plural, =0 {No se ha escrito nada.} "
        "=1 {{files} ya se había guardado.} other {Ya se habían guardado # archivos: {files}.}} "
        "Vuelve a ejecutar la misma orden con "
        "--debug y envía lo que muestre y el libro a los responsables del programa."
    ),
    "cli.serve_address": "xlsx-scorer está en marcha: abre {url} en el navegador.",
    "cli.serve_network": (
        "Los jueces de la misma red abren {url} (o la dirección de red de este ordenador en "
        "lugar de su nombre) y escriben el código de acceso {token}."
    ),
    "cli.serve_stop": "Pulsa Ctrl-C para detenerlo. Los archivos se revisan aquí y no se guardan.",
    "cli.serve_stopped": "Detenido.",
    "cli.serve_no_port": "No se puede escuchar en {host}: {detail}",
    # Template and instructions
    "template.error.range": "Escribe un número entero entre {low} y {high}.",
    "template.error.minimum": "Escribe un número entero de {low} o más.",
    "template.error.table": (
        "Escribe un número de mesa (1, 2, …) o una etiqueta corta de {high} caracteres como máximo."
    ),
    "template.error.player": (
        "Este nombre no está en la hoja Jugadores. Añade allí al jugador o elige un nombre "
        "de la lista."
    ),
    "template.error.mark": (
        "Elige «{yes}» o «{no}» en la lista, o deja la celda en blanco (= {no})."
    ),
    "template.error.language": "Escribe uno de estos códigos: {codes}.",
    "template.help.round": "Número de ronda: 1, 2, 3…",
    "template.help.table": (
        "Número de mesa (1, 2…) o una etiqueta corta. Todos los jugadores de una partida "
        "llevan la misma ronda y mesa."
    ),
    "template.help.player": (
        "Elige al jugador de la lista (hoja Jugadores). Una fila por jugador y partida."
    ),
    "template.help.settlements": (
        "Poblados en el tablero al final de la partida: de 0 a 5 (1 PV cada uno)."
    ),
    "template.help.cities": "Ciudades al final de la partida: de 0 a 4 (2 PV cada una).",
    "template.help.vp_cards": (
        "Cartas de desarrollo de punto de victoria: de 0 a 5 (como máximo 5 en toda la mesa)."
    ),
    "template.help.knights": "Caballeros jugados: de 0 a 14 (como máximo 14 en toda la mesa).",
    "template.help.roads": "Caminos construidos: de 2 a 15.",
    "template.help.longest_road": (
        "Longitud del camino más largo del jugador: de 1 hasta el número de caminos construidos."
    ),
    "template.help.army_first": (
        "Solo si hay empate al Gran ejército: elige «{yes}» para el primero que lo obtuvo. "
        "Si no, deja la celda en blanco."
    ),
    "template.help.road_first": (
        "Solo si hay empate a la Mayor ruta comercial: elige «{yes}» para el primero que la "
        "obtuvo. Si no, deja la celda en blanco."
    ),
    "template.help.declared": (
        "Elige «{yes}» para el jugador que declaró la victoria (solo cuando dos o más jugadores "
        "tienen 10 PV o más). Si no, deja la celda en blanco."
    ),
    "template.help.players": (
        "Un jugador por fila, escrito tal como debe aparecer en la clasificación. En la hoja "
        "Resultados los nombres se eligen de esta lista."
    ),
    "template.help.language": "Idioma del libro: {codes}.",
    "template.help.score": (
        "La puntuación final del jugador en el marcador: un número entero, 0 o más."
    ),
    "template.help.road_points": (
        "Opcional: puntos de caminos en toda la partida: 1 por loseta de cada camino que puntuó "
        "el jugador, completo o no al final."
    ),
    "template.help.city_points": (
        "Opcional: puntos de ciudades: 2 por loseta y 2 por escudo de una ciudad completa; 1 "
        "por loseta y 1 por escudo de una ciudad aún abierta al final."
    ),
    "template.help.cloister_points": (
        "Opcional: puntos de monasterios: 1 por el monasterio y 1 por cada loseta a su "
        "alrededor (9 si está completo)."
    ),
    "template.help.field_points": (
        "Opcional: puntos de campos al final: 3 por cada ciudad completa que toca cada campo "
        "del jugador."
    ),
    "template.help.other_points": (
        "Opcional: cualquier otro punto (expansiones: posadas, catedrales, mercancías, castillos…)."
    ),
    "template.help.format": "El formato del torneo: {formats}.",
    "instructions.carcassonne_results": (
        "Hoja Resultados: una fila por jugador y partida. Escribe la ronda y la mesa, elige al "
        "jugador de la lista y escribe su Puntuación final. Los jugadores de una misma partida "
        "comparten ronda y mesa."
    ),
    "instructions.carcassonne_breakdown": (
        "Caminos, Ciudades, Monasterios, Campos y Otros son opcionales: lo que cada tipo de "
        "elemento dio al jugador en toda la partida. Si rellenas las cinco, deben sumar la "
        "Puntuación, lo que detecta un número escrito en otra columna; déjalas en blanco para "
        "no comprobarlo."
    ),
    "instructions.carcassonne_roads": (
        "Caminos: 1 punto por loseta del camino, al completarlo y, si sigue abierto, al final "
        "de la partida."
    ),
    "instructions.carcassonne_cities": (
        "Ciudades: una ciudad completa da 2 puntos por loseta y 2 por escudo; una ciudad aún "
        "abierta al final da 1 por loseta y 1 por escudo."
    ),
    "instructions.carcassonne_cloisters": (
        "Monasterios: un monasterio rodeado de 8 losetas da 9 puntos; al final, uno sin rodear "
        "da 1 por sí mismo y 1 por cada loseta a su alrededor."
    ),
    "instructions.carcassonne_fields": (
        "Campos: solo al final de la partida, 3 puntos por cada ciudad completa que toca el "
        "campo, para el jugador con más granjeros en él."
    ),
    "instructions.carcassonne_other": (
        "Otros: cualquier punto que no venga de un camino, ciudad, monasterio o campo (de las "
        "expansiones)."
    ),
    "instructions.carcassonne_table": (
        "Por mesa: {sizes} jugadores. Cada jugador juega una vez por ronda. El jugador con la "
        "Puntuación más alta queda primero; puntuaciones iguales comparten puesto."
    ),
    "instructions.bye": (
        "Con un número impar de jugadores, el que queda libre tiene una fila con la palabra "
        "{bye} como mesa y sin Puntuación: un descanso cuenta como victoria."
    ),
    "instructions.format": "Formato {name}: {description}",
    "instructions.title": "Cómo rellenar este libro y cómo se puntúa",
    "instructions.fill_heading": "Rellenar el libro",
    "instructions.fill_event": (
        "Hoja Evento: escribe el nombre del evento, la fecha y el lugar en la columna B. El "
        "idioma ({codes}) decide el idioma de los encabezados y de los mensajes."
    ),
    "instructions.fill_players": (
        "Hoja Jugadores: escribe el nombre de cada jugador una sola vez, uno por fila, antes de "
        "la primera ronda."
    ),
    "instructions.fill_results": (
        "Hoja Resultados: una fila por jugador y partida. Escribe la ronda y la mesa, elige al "
        "jugador de la lista y anota su situación al final de la partida. Los jugadores de una "
        "misma partida llevan la misma ronda y mesa."
    ),
    "instructions.fill_marks": (
        "Las tres últimas columnas son marcas: elige «{yes}» o deja la celda en blanco. "
        "En blanco significa «no»."
    ),
    "instructions.run": (
        "Después ejecuta: xlsx-scorer score ARCHIVO.xlsx. El programa añade las hojas "
        "Clasificación, Puntos de ronda y Errores; si la hoja Errores muestra problemas, "
        "corrígelos en Resultados y vuelve a ejecutarlo."
    ),
    "instructions.rules_heading": "Reglas de puntuación",
    "instructions.vp": (
        "PV de la partida: 1 por poblado, 2 por ciudad, 1 por carta de PV, más 2 por el Gran "
        "ejército y 2 por la Mayor ruta comercial."
    ),
    "instructions.limits": (
        "Por jugador: de 0 a 5 poblados, de 0 a 4 ciudades, de 0 a 5 cartas de PV, de 0 a 14 "
        "caballeros jugados, de 2 a 15 caminos construidos y un camino más largo de 1 hasta el "
        "número de caminos construidos. Un jugador sin ciudades tiene al menos 2 poblados."
    ),
    "instructions.table": (
        "Por mesa: 3 o 4 jugadores; como máximo 5 cartas de PV y 14 caballeros jugados en toda "
        "la mesa. Cada jugador juega una sola vez por ronda."
    ),
    "instructions.army": (
        "Gran ejército: requiere al menos 3 caballeros jugados y lo tiene quien más caballeros "
        "haya jugado. Si varios empatan en el máximo, marca exactamente a uno en «Primero en "
        "Gran ejército»: el primero que lo obtuvo."
    ),
    "instructions.road": (
        "Mayor ruta comercial: requiere un camino de longitud 5 o más y la tiene quien tenga "
        "el camino más largo. Los empates se resuelven igual, con «Primero en Mayor ruta "
        "comercial»."
    ),
    "instructions.declared": (
        "Victoria declarada: solo cuando al menos dos jugadores de la mesa tienen 10 PV o más. "
        "Marca exactamente a uno de ellos, el que declaró la victoria: ocupa el primer puesto "
        "aunque otro tenga más PV."
    ),
    "instructions.round_points": (
        "Puntos de ronda por puesto: 5, 3, 2 y 1 en una mesa de cuatro; 5, 3 y 2 en una mesa "
        "de tres. Son independientes de los PV de la partida."
    ),
    "instructions.ties": (
        "Los jugadores empatados en PV comparten sus puestos y se reparten a partes iguales "
        "los puntos de ronda de esos puestos (dos jugadores empatados en el segundo puesto de "
        "una mesa de cuatro reciben 2,5 cada uno)."
    ),
    "instructions.standings": (
        "Clasificación: por total de puntos de ronda; los empates se resuelven por el total de "
        "PV, después por el % de PV (los PV del jugador sobre los PV de todas las mesas en las "
        "que jugó) y, por último, por orden alfabético del nombre."
    ),
    "template.help.total_vp": (
        "Opcional: los PV del jugador al final de la partida, tal como figuran en la hoja de "
        "puntuación (de 0 a 20), títulos incluidos. Si la rellenas, la fila tiene que sumar "
        "eso; déjala en blanco para no comprobarla."
    ),
    "instructions.total_vp": (
        "PV totales (opcional): copia los PV finales de cada jugador de la hoja de puntuación, "
        "incluidos 2 por el Gran ejército y 2 por la Mayor ruta comercial. El programa suma "
        "cada fila y avisa de cualquier diferencia, lo que descubre un número escrito en la "
        "columna equivocada. Déjala en blanco para no comprobarla."
    ),
    # Judges' commands: diff, merge, archive, verify
    "cli.blank": "(vacía)",
    "cli.key": "ronda {round}, mesa {table}, {player}",
    "cli.key_repeated": "ronda {round}, mesa {table}, {player} (fila {repeat} con estos tres)",
    "cli.diff_changed": "Cambio en {result}, {column}: {before} → {after}",
    "cli.diff_added": "Añadida la fila de {result}: {before} → {after}",
    "cli.diff_removed": "Eliminada la fila de {result}: {before} → {after}",
    "cli.roster_added": "Añadido a la lista de jugadores: {name} ({cell})",
    "cli.roster_removed": "Eliminado de la lista de jugadores: {name} ({cell})",
    "cli.diff_equal": (
        "{first} y {second} tienen los mismos resultados y la misma lista de jugadores."
    ),
    "cli.diff_summary": (
        "{first} → {second}: {count, plural, one {# diferencia} other {# diferencias}}."
    ),
    "cli.merge_conflict": "CONFLICTO {result}, {column}: {sides} (BASE {base})",
    "cli.merge_conflict_removed": (
        "CONFLICTO {result}: eliminada en {removed} pero cambiada en {changed} (BASE {base})"
    ),
    "cli.merge_no_column": (
        "NO SE PUEDE FUSIONAR {cell}: {base} no tiene la columna {column}; añádela allí primero."
    ),
    "cli.merge_no_roster": (
        "NO SE PUEDE FUSIONAR {cell}: {base} no tiene lista de jugadores a la que añadir a "
        "{name}; añade allí primero una hoja Jugadores."
    ),
    "cli.merge_conflicts": (
        "{count, plural, one {# conflicto} other {# conflictos}}: no se ha escrito nada. "
        "Decide cada valor en una sola copia y vuelve a fusionar."
    ),
    "cli.merge_done": (
        "{copies, plural, one {# copia fusionada} other {# copias fusionadas}} en {file}: "
        "{changed, plural, one {# valor cambiado} other {# valores cambiados}}, {added, "
        "plural, one {# fila añadida} other {# filas añadidas}}, {removed, plural, one {# "
        "fila eliminada} other {# filas eliminadas}}, {names, plural, one {# cambio} other {#"
        " cambios}} en la lista de jugadores."
    ),
    "cli.merge_next": "Revísalo y puntúalo con xlsx-scorer score.",
    "cli.merge_scored": (
        "Sus hojas de clasificación, puntos de ronda y errores se han vuelto a calcular con "
        "los resultados fusionados: {games, plural, one {# partida} other {# partidas}}, "
        "{players, plural, one {# jugador} other {# jugadores}}, ningún problema."
    ),
    "cli.merge_scored_problems": (
        "Tiene {count, plural, one {# problema} other {# problemas}}, así que no se publica "
        "su clasificación: sus hojas de clasificación y de puntos de ronda lo indican y su "
        "hoja de errores {count, plural, one {lo muestra} other {los enumera}}. "
        "{count, plural, one {Corrígelo} other {Corrígelos}} y puntúalo con xlsx-scorer score."
    ),
    "cli.archive_refused": (
        "{file} tiene {count, plural, one {# problema} other {# problemas}}; un torneo solo "
        "se archiva cuando no tiene ninguno. {count, plural, one {Corrígelo} other "
        "{Corrígelos}} y vuelve a archivarlo."
    ),
    "cli.archive_done": (
        "{file} archivado en {folder}: {files}. Huella digital (SHA-256): {fingerprint}"
    ),
    "cli.verify_ok": (
        "{path}: todo coincide con los resultados archivados. Huella digital (SHA-256): "
        "{fingerprint}"
    ),
    "cli.verify_failed": (
        "{path}: {count, plural, one {# elemento ya no coincide} other {# elementos ya no "
        "coinciden}} con los resultados archivados."
    ),
    **findings_es.FINDINGS,
    **help_es.HELP,
    **web_es.WEB,
    **seating_es.SEATING,
}
