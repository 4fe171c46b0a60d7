"""Spanish (Spain): every user-facing string of xlsx_scorer, as a tournament judge writes it.

Vocabulary of the original rules (``seeds/``): poblado, ciudad, Gran ejército,
Mayor ruta comercial, victoria declarada, puntos de ronda.  Sheets are named in
Spanish (``SHEETS``: Resultados, Jugadores, Clasificación…); every shipped name is read.
"""

from xlsx_scorer.i18n import help_es

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
    "notice.problems_found": (
        "{count, plural, one {# problema encontrado} other {# problemas encontrados}}. "
        "Revisado el {when}."
    ),
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
        "sin ciudades y con solo {found, plural, one {# poblado} other {# poblados}}; un jugador "
        "sin ciudades tiene al menos 2 poblados."
    ),
    "problem.longest_road_exceeds_roads": (
        "la longitud del camino más largo es {found}, pero solo se han construido {roads} "
        "caminos; el camino más largo no puede superar el número de caminos construidos."
    ),
    "problem.table_size": (
        "la mesa tiene {found, plural, one {# jugador} other {# jugadores}}; una mesa tiene 3 o 4 "
        "jugadores."
    ),
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
        "«Primero en Gran ejército» está marcado, pero este jugador jugó "
        "{found, plural, one {# caballero} other {# caballeros}} y el máximo de la mesa es {most}."
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
    "problem.not_on_roster": "«{found}» no está en la hoja Jugadores.",
    "problem.not_on_roster_suggest": (
        "«{found}» no está en la hoja Jugadores; ¿querías decir «{suggestion}»?"
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
    "unusable.bad_coordinate": (
        "{file}: la hoja {sheet} tiene una celda o fila fuera de la cuadrícula ({cell}), así "
        "que el archivo está dañado; ábrelo en tu programa de hojas de cálculo, vuelve a "
        "guardarlo y ejecuta de nuevo."
    ),
    "unusable.bad_value": (
        "{file}: la celda {sheet}!{cell} contiene un valor que ninguna hoja de cálculo escribe "
        "({found}); vuelve a escribir el valor, guarda el libro y ejecuta de nuevo."
    ),
    "unusable.broken_part": "{file}: la parte {part} del libro está dañada ({detail}).",
    "unusable.no_results_sheet": "{file} no tiene hoja Resultados (sus hojas: {sheets}).",
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
    "unusable.read_only": (
        "{file} es de solo lectura, así que no se pueden escribir los resultados en él; usa -o "
        "para escribir una copia."
    ),
    "unusable.output_folder_missing": "La carpeta de salida {folder} no existe.",
    "unusable.folder_not_writable": (
        "No se puede guardar {file}: no se puede escribir en la carpeta {folder} (permisos o "
        "un disco de solo lectura). Elige otra carpeta con -o o pide permiso de escritura. El"
        " libro original no ha cambiado."
    ),
    "unusable.output_exists": (
        "{file} ya existe, así que no se ha escrito nada encima. Elige otro nombre con -o o "
        "añade --force para sustituirlo."
    ),
    "unusable.write_failed": (
        "No se ha podido guardar {file}: {detail}. El libro original no ha cambiado."
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
    "cli.top": "Los {count} primeros:",
    "cli.wrote": "Escrito {file}.",
    "cli.output_collision": (
        "Dos libros llamados {name} se escribirían en {folder}; puntúalos en carpetas distintas."
    ),
    "cli.output_not_folder": (
        "La salida {folder} tiene que ser una carpeta existente cuando se puntúan varios libros."
    ),
    "cli.nothing_written": "No se ha escrito nada.",
    "cli.internal_error": (
        "Error interno de xlsx-scorer ({detail}). {written, select, yes {{file} ya se había "
        "guardado.} other {No se ha escrito nada.}} Vuelve a ejecutar la misma orden con "
        "--debug y envía lo que muestre y el libro a los responsables del programa."
    ),
    "finding.unnamed_file": "El libro",
    "cli.serve_address": "xlsx-scorer está en marcha: abre {url} en el navegador.",
    "cli.serve_network": (
        "Los jueces de la misma red abren {url} (o la dirección de red de este ordenador en "
        "lugar de su nombre) y escriben el código de acceso {token}."
    ),
    "cli.serve_stop": "Pulsa Ctrl-C para detenerlo. Los archivos se revisan aquí y no se guardan.",
    "cli.serve_stopped": "Detenido.",
    "cli.serve_no_port": "No se puede escuchar en {host}: {detail}",
    # Hostile files
    "notice.check": (
        "Código de comprobación de la tabla de abajo: cambia si alguien modifica la tabla. "
        "Vuelve a puntuar el libro (o usa xlsx-scorer verify con un archivo) para saber si la "
        "tabla se ha modificado a mano."
    ),
    "notice.results_hidden": (
        "La hoja {sheet} está oculta en este libro; se ha puntuado igualmente."
    ),
    "unusable.damaged_sheet": (
        "{file}: la hoja {sheet} está dañada dentro del archivo ({detail}); pide que te vuelvan "
        "a enviar el archivo, o ábrelo en tu programa de hojas de cálculo, repara o borra esa "
        "hoja y vuelve a guardarlo."
    ),
    "unusable.damaged_part": (
        "{file}: la parte {part} del libro está dañada ({detail}); pide que te vuelvan a enviar "
        "el archivo, o ábrelo en tu programa de hojas de cálculo y vuelve a guardarlo."
    ),
    "unusable.encrypted_member": (
        "{file}: la parte {part} está cifrada con una contraseña de zip, algo que ningún "
        "programa de hojas de cálculo hace, así que no se puede leer; pide el libro original."
    ),
    "unusable.unsupported_compression": (
        "{file}: la parte {part} está comprimida con {method}, que los programas de hojas de "
        "cálculo no saben leer; pide el libro original."
    ),
    "unusable.strict_ooxml": (
        "{file} está guardado como hoja de cálculo Strict Open XML; ábrelo y guárdalo como "
        "Libro de Excel (.xlsx)."
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
    # --- Issue 9: Total VP (SPEC rule 11), tables checked later, never overwriting ---
    "problem.total_vp_mismatch": (
        "{column} indica {found}, pero esta fila suma {vp}: poblados {settlements} + ciudades"
        " {cities} × 2 + cartas de PV {vp_cards}{army, select, yes { + 2 por el Gran "
        "ejército} other {}}{road, select, yes { + 2 por la Mayor ruta comercial} other {}}. "
        "Compara la fila con la hoja de puntuación de la mesa."
    ),
    "notice.recheck": (
        "Las reglas de la mesa entera no se han comprobado porque hay una celda que no se "
        "puede leer; la mesa {table} de la ronda {round} se volverá a comprobar cuando se "
        "corrijan sus celdas."
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
    "unusable.template_exists": (
        "{file} ya existe, así que la plantilla no se ha escrito encima. Elige otro nombre de "
        "archivo, por ejemplo {suggestion}, o añade --force para sustituirlo (se perdería todo "
        "lo que contiene)."
    ),
    "unusable.open_in_excel": (
        "{file} está abierto en Excel: a su lado está su archivo de bloqueo {lock}. Cierra el "
        "libro en Excel y vuelve a intentarlo. Si Excel no está abierto, ese archivo de bloqueo "
        "quedó tras un cierre inesperado: borra el archivo oculto {lock} y vuelve a intentarlo."
    ),
    "unusable.open_in_libreoffice": (
        "{file} está abierto en LibreOffice: a su lado está su archivo de bloqueo {lock}. "
        "Cierra el libro en LibreOffice y vuelve a intentarlo. Si LibreOffice no está abierto, "
        "ese archivo de bloqueo quedó tras un cierre inesperado: borra el archivo oculto {lock} "
        "y vuelve a intentarlo."
    ),
    # Judges' commands: diff, merge, archive, verify
    "cli.blank": "(vacía)",
    "cli.key": "ronda {round}, mesa {table}, {player}",
    "cli.key_repeated": "ronda {round}, mesa {table}, {player} (fila {repeat} con estos tres)",
    "cli.diff_changed": "cambiado {result}, {column}: {before} → {after}",
    "cli.diff_added": "añadida {result}: {before} → {after}",
    "cli.diff_removed": "eliminada {result}: {before} → {after}",
    "cli.roster_added": "añadido a la lista de jugadores: {name} ({cell})",
    "cli.roster_removed": "eliminado de la lista de jugadores: {name} ({cell})",
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
        " cambios}} en la lista de jugadores. Revísalo y puntúalo con xlsx-scorer score."
    ),
    "unusable.output_is_input": (
        "{file} es uno de los archivos de entrada; las entradas nunca se modifican, así que "
        "indica un archivo nuevo con -o."
    ),
    "cli.archive_refused": (
        "{file} tiene {count, plural, one {# problema} other {# problemas}}; un torneo solo "
        "se archiva cuando no tiene ninguno."
    ),
    "cli.archive_done": (
        "{file} archivado en {folder}: {files}. Huella digital (SHA-256): {fingerprint}"
    ),
    "unusable.archive_folder_used": (
        "{folder} ya existe y no está vacía; indica una carpeta nueva para el archivo."
    ),
    "cli.verify_ok": (
        "{path}: todo coincide con los resultados archivados. Huella digital (SHA-256): "
        "{fingerprint}"
    ),
    "cli.verify_failed": (
        "{path}: {count, plural, one {# elemento} other {# elementos}} ya no coinciden con "
        "los resultados archivados."
    ),
    "problem.verify.file_missing": "Falta {file}.",
    "problem.verify.file_unreadable": "No se puede leer {file} ({detail}).",
    "problem.verify.file_changed": (
        "{file} ha sido modificado: su SHA-256 o su tamaño no coinciden con los de "
        "datapackage.json."
    ),
    "problem.verify.no_fingerprint": (
        "{file} no guarda ninguna huella digital: se ha eliminado, o esto no es un archivo de "
        "torneo."
    ),
    "problem.verify.fingerprint_changed": (
        "{file} guarda la huella digital {recorded}, pero los resultados dan {computed}: se han "
        "modificado resultados o la clasificación."
    ),
    "problem.verify.sheet_missing": "Falta la tabla {sheet}, o se ha modificado su encabezado.",
    "problem.verify.sheet_cell": "{ref} muestra «{shown}», los resultados dan «{expected}».",
    "problem.verify.more": "… y {count, plural, one {# celda} other {# celdas}} más de {sheet}.",
    "problem.verify.csv_line": (
        "{file}, línea {line}: dice «{shown}», los resultados dan «{expected}»."
    ),
    "problem.verify.result_changed": (
        "{file} {ref}: {column} de ronda {round}, mesa {table}, {player}{repeat, plural, =1 {} "
        "other { (fila # con estos tres)}} {state, select, cleared {está vacío, archivado como "
        "{archived}} filled {vale {now}, archivado vacío} other {vale {now}, archivado como "
        "{archived}}}."
    ),
    "problem.verify.result_added": (
        "{file} {ref}: ronda {round}, mesa {table}, {player}{repeat, plural, =1 {} other { (fila "
        "# con estos tres)}} no está en los resultados archivados."
    ),
    "problem.verify.result_removed": (
        "Ronda {round}, mesa {table}, {player}{repeat, plural, =1 {} other { (fila # con estos "
        "tres)}} (archivado en {file} {ref}) falta en los resultados."
    ),
    "problem.verify.no_sheet_digests": (
        "{file} no guarda el resumen de sus hojas: se ha eliminado, o esto no es un archivo de "
        "torneo."
    ),
    "problem.verify.sheet_changed": "La hoja {sheet} se ha modificado después de archivarla.",
    "problem.verify.sheet_removed": "La hoja {sheet} se ha eliminado después de archivarla.",
    "problem.verify.sheet_added": "La hoja {sheet} se ha añadido después de archivar el torneo.",
    **help_es.HELP,
}
