"""The words of every finding in Spanish: ``FINDINGS`` (ICU patterns, part of ``es.STRINGS``).

How a finding's message is keyed: see :mod:`xlsx_scorer.i18n`.

>>> from xlsx_scorer.i18n import text
>>> text("es", "problem.missing", column="Ciudades")
'Ciudades: la celda está vacía; escribe su valor.'
"""

FINDINGS = {
    # Where a finding is; the file a finding names when it was given no file name
    "problem.location": "{ref} (ronda {round}, mesa {table}, {player})",
    "finding.unnamed_file": "El libro",
    # Errors: problem.<code>
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
        "Sin ciudades y con solo {found, plural, one {# poblado} other {# poblados}}; un jugador "
        "sin ciudades tiene al menos 2 poblados."
    ),
    "problem.longest_road_exceeds_roads": (
        "La longitud del camino más largo es {found}, pero solo se han construido {roads} "
        "caminos; el camino más largo no puede superar el número de caminos construidos."
    ),
    "problem.table_size": (
        "La mesa tiene {found, plural, one {# jugador} other {# jugadores}}; una mesa tiene 3 o 4 "
        "jugadores."
    ),
    "problem.table_size_format": (
        "La mesa tiene {found, plural, one {# jugador} other {# jugadores}}; en este formato "
        "una mesa tiene {sizes} jugadores."
    ),
    "problem.breakdown_mismatch": (
        "Puntuación es {found}, pero su desglose en esta fila (Caminos {road_points} + "
        "Ciudades {city_points} + Monasterios {cloister_points} + Campos {field_points} + "
        "Otros {other_points}, celdas {cells}) suma {total}."
    ),
    "problem.player_twice_in_round": (
        "{player} aparece {found} veces en la ronda {round}; cada jugador juega una sola vez "
        "por ronda."
    ),
    "problem.table_vp_cards": (
        "La mesa suma {found} cartas de PV en total; como máximo puede haber 5 por mesa."
    ),
    "problem.table_knights": (
        "La mesa suma {found} caballeros jugados en total; como máximo puede haber 14 por mesa."
    ),
    "problem.army_mark_no_qualifier": (
        "«Primero en Gran ejército» está marcado, pero nadie en la mesa jugó 3 caballeros o más; "
        "quita la marca o corrige los caballeros jugados."
    ),
    "problem.army_mark_not_leader": (
        "«Primero en Gran ejército» está marcado, pero este jugador jugó "
        "{found, plural, one {# caballero} other {# caballeros}} y el máximo de la mesa es {most}; "
        "pasa la marca al jugador que jugó más caballeros o corrige los caballeros jugados."
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
        "de longitud 5 o más; quita la marca o corrige las longitudes de los caminos."
    ),
    "problem.road_mark_not_leader": (
        "«Primero en Mayor ruta comercial» está marcado, pero el camino más largo de este "
        "jugador mide {found} y el más largo de la mesa mide {most}; pasa la marca al jugador "
        "con el camino más largo o corrige las longitudes de los caminos."
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
    "problem.total_vp_mismatch": (
        "{column} indica {found}, pero esta fila suma {vp}: poblados {settlements} + ciudades"
        " {cities} × 2 + cartas de PV {vp_cards}{army, select, yes { + 2 por el Gran "
        "ejército} other {}}{road, select, yes { + 2 por la Mayor ruta comercial} other {}}. "
        "Compara la fila con la hoja de puntuación de la mesa."
    ),
    # Notices: notice.<code>
    "notice.regenerated": (
        "La hoja {sheet} se había modificado a mano; se ha sustituido por los resultados "
        "recién calculados."
    ),
    "notice.results_hidden": (
        "La hoja {sheet} está oculta en este libro; se ha puntuado igualmente."
    ),
    "notice.recheck": (
        "Las reglas de la mesa entera no se han comprobado porque hay una celda que no se "
        "puede leer; la mesa {table} de la ronda {round} se volverá a comprobar cuando se "
        "corrijan sus celdas."
    ),
    "notice.sheet_name_taken": (
        "{kept} es una hoja tuya (no lleva nuestra marca), así que se ha conservado tal cual; "
        "{kind, select, standings {la clasificación se ha escrito} round_points {los puntos "
        "de ronda se han escrito} other {la lista de problemas se ha escrito}} en la hoja "
        "{written}."
    ),
    # Errors of verify: the archive no longer agrees (problem.verify.<code>)
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
    # The file cannot be used (exit code 2): the fatal code itself
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
    "unusable.damaged_sheet": (
        "{file}: la hoja {sheet} está dañada dentro del archivo ({detail}); pide que te vuelvan "
        "a enviar el archivo, o ábrelo en tu programa de hojas de cálculo, repara o borra esa "
        "hoja y vuelve a guardarlo."
    ),
    "unusable.styles_missing": (
        "{file}: la hoja {sheet} usa formatos de celda (estilos) que el libro no contiene: "
        "falta su parte de estilos o no está enlazada; ábrelo en tu programa de hojas de "
        "cálculo, vuelve a guardarlo y ejecuta de nuevo."
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
    "unusable.template_read_only": (
        "{file} es de solo lectura, así que la plantilla no se ha escrito encima. Elige otro "
        "nombre de archivo o, para sustituirlo, quítale antes la marca de solo lectura (se "
        "perdería todo lo que contiene)."
    ),
    "unusable.template_folder_missing": (
        "La carpeta {folder} no existe, así que la plantilla no se puede guardar allí; crea la "
        "carpeta o elige otra."
    ),
    "unusable.template_folder_not_writable": (
        "No se puede guardar la plantilla como {file}: no se puede escribir en la carpeta "
        "{folder} (permisos o un disco de solo lectura). Elige otra carpeta o pide permiso de "
        "escritura."
    ),
    "unusable.template_write_failed": (
        "No se ha podido guardar la plantilla como {file}: {detail}. Elige otro nombre de "
        "archivo u otra carpeta."
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
    "unusable.output_is_input": (
        "{file} es uno de los archivos de entrada; las entradas nunca se modifican, así que "
        "indica un archivo nuevo con -o."
    ),
    "unusable.archive_folder_used": (
        "{folder} ya existe y no está vacía; indica una carpeta nueva para el archivo."
    ),
    "unusable.format_unknown": (
        "No hay ningún formato {name}: indica uno de los incluidos ({formats}) o un archivo "
        "de formato (.toml)."
    ),
    "unusable.format_not_toml": "{file} no es un archivo de formato TOML: {detail}.",
    "unusable.format_unknown_key": (
        "El archivo de formato {file} tiene una clave {setting} que los formatos no tienen; "
        "las claves son: {allowed}."
    ),
    "unusable.format_missing_key": "Al archivo de formato {file} le falta la clave {setting}.",
    "unusable.format_bad_value": (
        "En el archivo de formato {file}, {setting} = {found} no está permitido: "
        "{setting} debe ser "
        "{setting, select, name {un nombre de 1 a {length} caracteres} "
        "game {uno de: {games}} "
        "table_sizes {una lista de tamaños de mesa distintos, cada uno de {low} a {high}} "
        "points {una tabla con, para cada tamaño de mesa, sus puntos por puesto (un número "
        "entero ≥ 0 por puesto), u omitirse en un formato que clasifica por victorias} "
        "order {una lista de claves distintas entre: {keys} (points solo con tabla de puntos)} "
        "other {como dice docs/rules.md}}."
    ),
    "unusable.wrong_game": (
        "{file}: la hoja {sheet} tiene resultados de "
        "{game, select, catan {Catan} other {Carcassonne}}, pero el formato elegido es de "
        "{format_game, select, catan {Catan} other {Carcassonne}}; puntúala con {formats} "
        "(o con un archivo de formato propio para ese juego)."
    ),
    "unusable.archive_format": (
        "{file} se puntúa con el formato {format}; por ahora archive y verify solo guardan "
        "eventos catan-es."
    ),
}
