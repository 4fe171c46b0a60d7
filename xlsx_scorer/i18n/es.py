"""Spanish (Spain): every user-facing string of xlsx_scorer, as a tournament judge writes it.

Vocabulary of the original rules (``seeds/``): poblado, ciudad, Gran ejército,
Mayor ruta comercial, victoria declarada, puntos de ronda.  Sheet names stay the
English contract names (Results, Players, Errors…) so that judges of every
language exchange the same tabs.
"""

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
}

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
    "title.standings": "Clasificación",
    "title.round_points": "Puntos de ronda por partida",
    "title.chart": "Puntos de ronda acumulados",
    "title.errors": "Errores",
    "notice.computed": "Calculada el {when} a partir de {games} partidas ({players} jugadores).",
    "notice.not_published": (
        "No se publica la clasificación: este libro tiene {count} problema(s). "
        "Consulta la hoja Errors, corrige la hoja Results y vuelve a ejecutar el programa."
    ),
    "notice.no_problems": "No hay ningún problema: todas las partidas cumplen las reglas.",
    "notice.problems_found": "{count} problema(s) encontrado(s). Revisado el {when}.",
    "notice.regenerated": (
        "La hoja {sheet} se había modificado a mano; se ha sustituido por los resultados "
        "recién calculados."
    ),
    # Problems in cells
    "problem.location": "{ref} (ronda {round}, mesa {table}, {player})",
    "problem.missing": "{column}: la celda está vacía; escribe su valor.",
    "problem.error_value": (
        "{column} muestra el error {found}; corrige la fórmula o escribe el valor."
    ),
    "problem.name_not_text": (
        "Jugador contiene {found}, que no es un nombre; escribe el nombre del jugador."
    ),
    "problem.missing_player": "Falta el nombre del jugador.",
    "problem.not_whole_number": "{column}: {found} no es un número entero.",
    "problem.date_in_number": (
        "{column}: la celda contiene una fecha u hora ({found}); escribe un número entero."
    ),
    "problem.bool_in_number": (
        "{column}: la celda contiene {found} (VERDADERO/FALSO); escribe un número entero."
    ),
    "problem.text_in_number": (
        "{column}: la celda contiene el texto «{found}»; escribe un número entero."
    ),
    "problem.number_too_large": "{column}: {found} está muy lejos de cualquier valor posible.",
    "problem.not_a_mark": (
        "{column}: «{found}» no es una marca válida; deja la celda en blanco para «no» "
        "o escribe x (o sí, 1, VERDADERO) para «sí»."
    ),
    "problem.uncached_formula": (
        "{column}: la celda tiene una fórmula sin valor guardado; "
        "abre el libro en tu programa de hojas de cálculo y guárdalo antes."
    ),
    "problem.bad_table": (
        "Mesa: «{found}» no vale; escribe un número de mesa (1, 2, …) o una etiqueta corta "
        "de 20 caracteres como máximo."
    ),
    "problem.name_control_characters": (
        "El nombre del jugador {found} contiene caracteres de control invisibles; "
        "vuelve a escribirlo."
    ),
    "problem.merged_cells": (
        "Las celdas {found} están combinadas entre varias filas de resultados; sepáralas para "
        "que cada fila tenga sus propios valores."
    ),
    "problem.out_of_range": (
        "{column}: {found}; tiene que ser un número entero entre {low} y {high}."
    ),
    "problem.below_minimum": "{column}: {found}; tiene que ser un número entero de {low} o más.",
    "problem.no_cities_needs_two_settlements": (
        "sin ciudades y con solo {found} poblado(s); un jugador sin ciudades tiene al menos "
        "2 poblados."
    ),
    "problem.longest_road_exceeds_roads": (
        "la longitud del camino más largo es {found}, pero solo se han construido {roads} "
        "caminos; el camino más largo no puede superar el número de caminos construidos."
    ),
    "problem.table_size": "la mesa tiene {found} jugador(es); una mesa tiene 3 o 4 jugadores.",
    "problem.player_twice_in_round": (
        "{player} aparece {found} veces en la ronda {round}; cada jugador juega una sola vez "
        "por ronda."
    ),
    "problem.table_vp_cards": (
        "la mesa suma {found} cartas de PV en total; como máximo puede haber 5 por mesa."
    ),
    "problem.table_knights": (
        "la mesa suma {found} caballeros jugados en total; como máximo puede haber 14 por mesa."
    ),
    "problem.army_mark_no_qualifier": (
        "«Primero en Gran ejército» está marcado, pero nadie en la mesa jugó 3 caballeros o más."
    ),
    "problem.army_mark_not_leader": (
        "«Primero en Gran ejército» está marcado, pero este jugador jugó {found} caballeros "
        "y el máximo de la mesa es {most}."
    ),
    "problem.army_tie_unmarked": (
        "{count} jugadores empatan al Gran ejército con {found} caballeros; marca exactamente "
        "a uno de ellos (el primero que lo obtuvo) en «Primero en Gran ejército»."
    ),
    "problem.army_tie_several_marks": (
        "{count} jugadores empatados al Gran ejército están marcados en «Primero en Gran "
        "ejército»; marca solo al primero que lo obtuvo."
    ),
    "problem.road_mark_no_qualifier": (
        "«Primero en Mayor ruta comercial» está marcado, pero nadie en la mesa tiene un camino "
        "de longitud 5 o más."
    ),
    "problem.road_mark_not_leader": (
        "«Primero en Mayor ruta comercial» está marcado, pero el camino más largo de este "
        "jugador mide {found} y el más largo de la mesa mide {most}."
    ),
    "problem.road_tie_unmarked": (
        "{count} jugadores empatan a la Mayor ruta comercial con longitud {found}; marca "
        "exactamente a uno de ellos (el primero que la obtuvo) en «Primero en Mayor ruta "
        "comercial»."
    ),
    "problem.road_tie_several_marks": (
        "{count} jugadores empatados a la Mayor ruta comercial están marcados en «Primero en "
        "Mayor ruta comercial»; marca solo al primero que la obtuvo."
    ),
    "problem.declared_under_10": (
        "«Victoria declarada» está marcado, pero este jugador solo tiene {found} PV; solo puede "
        "declarar la victoria un jugador con 10 PV o más."
    ),
    "problem.declared_missing": (
        "{count} jugadores tienen 10 PV o más; marca en «Victoria declarada» al que declaró "
        "la victoria."
    ),
    "problem.declared_several": (
        "{count} jugadores están marcados en «Victoria declarada»; marca solo al que la declaró."
    ),
    "problem.not_on_roster": "«{found}» no está en la hoja Players.",
    "problem.not_on_roster_suggest": (
        "«{found}» no está en la hoja Players; ¿querías decir «{suggestion}»?"
    ),
    "problem.name_variants": (
        "«{found}» y «{other}» parecen la misma persona escrita de dos maneras; usa una sola."
    ),
    # The file cannot be used (exit code 2)
    "unusable.file_missing": "{file}: ese archivo no existe.",
    "unusable.is_folder": "{folder} es una carpeta; indica un archivo de libro (.xlsx).",
    "unusable.empty_file": "{file} está vacío (0 bytes); no es un libro de Excel.",
    "unusable.not_a_workbook": "{file} no es un libro de Excel (.xlsx).",
    "unusable.text_file": (
        "{file} es un archivo de texto o CSV, no un libro de Excel; ábrelo en tu programa de "
        "hojas de cálculo y guárdalo como Libro de Excel (.xlsx)."
    ),
    "unusable.truncated": (
        "{file} está dañado o incompleto (el archivo comprimido está cortado); pide que te lo "
        "vuelvan a enviar."
    ),
    "unusable.encrypted": (
        "{file} está protegido con contraseña; ábrelo, quita la contraseña y vuelve a guardarlo."
    ),
    "unusable.old_xls": (
        "{file} está en el antiguo formato .xls; ábrelo y guárdalo como Libro de Excel (.xlsx)."
    ),
    "unusable.ods": (
        "{file} es una hoja de cálculo OpenDocument (.ods); guárdala como Libro de Excel (.xlsx)."
    ),
    "unusable.package_too_large": (
        "{file} ocuparía {size} MB al descomprimirlo ({detail}); no se abre porque parece una "
        "bomba zip."
    ),
    "unusable.xml_entities": (
        "{file} contiene declaraciones de entidades XML en {part} (una «bomba XML»); no se lee."
    ),
    "unusable.broken_part": "{file}: la parte {part} del libro está dañada ({detail}).",
    "unusable.no_results_sheet": "{file} no tiene hoja Results (sus hojas: {sheets}).",
    "unusable.no_header": (
        "{file}: no hay fila de encabezados en las primeras {rows} filas de la hoja {sheet}; "
        "se esperaban encabezados como {expected}."
    ),
    "unusable.missing_columns": (
        "{file}: en la fila de encabezados (fila {row}) de la hoja {sheet} falta la columna "
        "{columns}."
    ),
    "unusable.duplicate_header": (
        "{file}: la columna {column} aparece más de una vez en la hoja {sheet} (celdas "
        "{cells}); deja solo una."
    ),
    "unusable.unreadable": "No se ha podido leer {file}: {detail}",
    "unusable.locked": (
        "{file} está abierto en un programa de hojas de cálculo (archivo de bloqueo {lock}); "
        "ciérralo allí y vuelve a intentarlo."
    ),
    "unusable.read_only": (
        "{file} es de solo lectura, así que no se pueden escribir los resultados en él; usa -o "
        "para escribir una copia."
    ),
    "unusable.output_folder_missing": "La carpeta de salida {folder} no existe.",
    "unusable.write_failed": (
        "No se ha podido guardar {file}: {detail}. El libro original no ha cambiado."
    ),
    # Terminal
    "cli.summary": (
        "{file}: {games} partidas puntuadas, {players} jugadores, {problems} problema(s)."
    ),
    "cli.summary_problems": (
        "{file}: {games} partidas revisadas, {players} jugadores, {problems} problema(s); "
        "no se publica la clasificación."
    ),
    "cli.top": "Los {count} primeros:",
    "cli.wrote": "Escrito {file}.",
    "cli.nothing_written": "No se ha escrito nada.",
    "cli.debug_hint": "(ejecuta con --debug para ver los detalles técnicos)",
    "cli.internal_error": "Error inesperado: {detail}",
    "cli.serve_address": "xlsx-scorer está en marcha: abre {url} en el navegador.",
    "cli.serve_network": (
        "Los jueces de la misma red abren {url} (o la dirección de red de este ordenador en "
        "lugar de su nombre) y escriben el código de acceso {token}."
    ),
    "cli.serve_stop": "Pulsa Ctrl-C para detenerlo. Los archivos se revisan aquí y no se guardan.",
    "cli.serve_stopped": "Detenido.",
    "cli.serve_no_port": "No se puede escuchar en {host}: {detail}",
    # Hostile files
    "notice.check": "Comprobación: {code}",
    "notice.results_hidden": (
        "La hoja {sheet} está oculta en este libro; se ha puntuado igualmente."
    ),
    "unusable.cannot_write": (
        "{file} está dañado ({detail}), así que no se pueden escribir los resultados en él; "
        "ábrelo en tu programa de hojas de cálculo, vuelve a guardarlo y ejecuta de nuevo."
    ),
    # Template and instructions
    "template.error.range": "Escribe un número entero entre {low} y {high}.",
    "template.error.minimum": "Escribe un número entero de {low} o más.",
    "template.error.table": (
        "Escribe un número de mesa (1, 2, …) o una etiqueta corta de {high} caracteres como máximo."
    ),
    "template.error.player": (
        "Este nombre no está en la hoja Players. Añade allí al jugador o elige un nombre "
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
        "Elige al jugador de la lista (hoja Players). Una fila por jugador y partida."
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
        "Results los nombres se eligen de esta lista."
    ),
    "template.help.language": "Idioma del libro: {codes}.",
    "instructions.title": "Cómo rellenar este libro y cómo se puntúa",
    "instructions.fill_heading": "Rellenar el libro",
    "instructions.fill_event": (
        "Hoja Event: escribe el nombre del evento, la fecha y el lugar en la columna B. El "
        "idioma ({codes}) decide el idioma de los encabezados y de los mensajes."
    ),
    "instructions.fill_players": (
        "Hoja Players: escribe el nombre de cada jugador una sola vez, uno por fila, antes de "
        "la primera ronda."
    ),
    "instructions.fill_results": (
        "Hoja Results: una fila por jugador y partida. Escribe la ronda y la mesa, elige al "
        "jugador de la lista y anota su situación al final de la partida. Los jugadores de una "
        "misma partida llevan la misma ronda y mesa."
    ),
    "instructions.fill_marks": (
        "Las tres últimas columnas son marcas: elige «{yes}» o deja la celda en blanco. "
        "En blanco significa «no»."
    ),
    "instructions.run": (
        "Después ejecuta: xlsx-scorer score ARCHIVO.xlsx. El programa añade las hojas "
        "Standings, Round Points y Errors; si la hoja Errors muestra problemas, corrígelos en "
        "Results y vuelve a ejecutarlo."
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
}
