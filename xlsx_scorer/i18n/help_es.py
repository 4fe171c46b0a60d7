"""La ayuda de la línea de órdenes en español: ``HELP`` (patrones ICU, parte de
``es.STRINGS``) y ``ARGPARSE`` (las palabras del propio argparse, por su msgid de gettext)."""

HELP = {
    "help.description": "Puntúa un torneo de Catan llevado en un libro de Excel.",
    "help.exit_codes": (
        "Código de salida 0: ningún problema; 1: el libro tiene errores; 2: no se ha podido "
        "usar el archivo (no se ha escrito nada); 3: un error interno de xlsx-scorer (el "
        "mensaje dice si se ha escrito algo)."
    ),
    "help.version": "muestra la versión y termina",
    "help.metavar_command": "ORDEN",
    "help.metavar_workbook": "LIBRO",
    "help.metavar_output": "SALIDA",
    "help.metavar_event": "EVENTO",
    "help.metavar_folder": "CARPETA",
    "help.metavar_number": "NÚMERO",
    "help.metavar_name": "NOMBRE",
    "help.metavar_first": "A",
    "help.metavar_second": "B",
    "help.metavar_base": "BASE",
    "help.metavar_copy": "COPIA",
    "help.metavar_merged": "FUSIONADO",
    "help.metavar_archive": "CARPETA_O_LIBRO",
    "help.metavar_port": "PUERTO",
    "help.metavar_host": "DIRECCIÓN",
    "help.lang": (
        "idioma de los mensajes y de las hojas escritas (por defecto: el del libro; si no, el "
        "del sistema; si no, inglés)"
    ),
    "help.template_lang": (
        "idioma del libro y de los mensajes (por defecto: el del sistema; si no, inglés)"
    ),
    "help.lang_messages": (
        "idioma de los mensajes (por defecto: el del libro; si no, el del sistema; si no, inglés)"
    ),
    "help.debug": "muestra los detalles técnicos (la traza de Python) si algo falla",
    "help.score": (
        "revisa y puntúa un libro; escribe en él las hojas de clasificación, puntos de ronda "
        "y errores"
    ),
    "help.score_description": (
        "Revisa cada partida de la hoja de resultados según las reglas, puntúa el torneo y "
        "escribe las hojas de clasificación, puntos de ronda y errores. Mientras el libro "
        "tenga errores, no se publica ninguna clasificación."
    ),
    "help.workbooks": "el libro del torneo (.xlsx o .xlsm); varios, o una carpeta con ellos",
    "help.score_output": (
        "escribe aquí una copia puntuada en lugar de modificar el libro (una carpeta, si son "
        "varios libros)"
    ),
    "help.force_output": "sustituye una SALIDA que ya existe (se pierde lo que contiene)",
    "help.check": ("revisa un libro según las reglas y muestra cada problema; no escribe nada"),
    "help.check_description": (
        "Revisa cada partida de la hoja de resultados según las reglas y muestra cada "
        "problema, en el idioma del libro o en JSON (docs/findings.md). No se escribe nada."
    ),
    "help.json": "muestra los hallazgos en JSON (docs/findings.md)",
    "help.metavar_format": "FORMATO",
    "help.format": (
        "el formato del torneo: uno de los incluidos (ver el comando formats) o tu propio "
        "archivo de formato (.toml); por defecto: el que declara el libro, si no catan-es"
    ),
    "help.formats": "muestra los formatos de torneo incluidos, uno por línea",
    "help.formats_description": (
        "Muestra los formatos de torneo que trae xlsx-scorer: el juego, cómo los puestos se "
        "convierten en puntos y cómo se deshacen los empates. Elige uno con --format NOMBRE, o "
        "escribe tu propio archivo de formato y elígelo con --format ARCHIVO.toml."
    ),
    "help.template": "escribe un libro de torneo vacío, listo para rellenar",
    "help.template_description": (
        "Escribe un libro de torneo vacío (hojas de evento, jugadores, resultados e "
        "instrucciones, con listas desplegables y comprobaciones en cada columna que se "
        "rellena) en el idioma elegido. Nunca se sustituye un archivo que ya existe, salvo "
        "con --force."
    ),
    "help.template_output": "el archivo .xlsx que se crea",
    "help.force_template": "sustituye SALIDA si ya existe (se pierde lo que contiene)",
    "help.players": "filas de la lista de jugadores (por defecto: {default})",
    "help.rounds": "rondas para las que se preparan filas de resultados (por defecto: {default})",
    "help.event": "el nombre del evento, que se escribe en la hoja del evento",
    "help.bad_count": "se esperaba un número entero entre 1 y {high}",
    "help.diff": "muestra qué ha cambiado entre dos copias de un evento, celda a celda",
    "help.diff_description": (
        "Compara las hojas de resultados (y de jugadores) de dos copias de un evento. Las "
        "filas se emparejan por ronda, mesa y jugador, no por número de fila. Código de "
        "salida 0: iguales; 1: hay diferencias; 2: no se ha podido usar un archivo."
    ),
    "help.diff_first": "la copia anterior",
    "help.diff_second": "la copia posterior",
    "help.merge": "junta las copias que devuelven los jueces en el libro del que partieron",
    "help.merge_description": (
        "Fusión a tres bandas: se toma cada valor que una copia cambió respecto a BASE; el "
        "mismo cambio en varias copias se toma una vez; cambios distintos del mismo valor son "
        "un conflicto, y entonces no se escribe nada. FUSIONADO es BASE con solo las celdas "
        "cambiadas y añadidas escritas; si BASE estaba puntuado, la clasificación, los puntos "
        "de ronda y los errores de FUSIONADO se vuelven a calcular con los resultados "
        "fusionados. Código de salida 0: fusionado; 1: hay conflictos; 2: no se ha podido usar "
        "un archivo, o FUSIONADO no se puede escribir (ya existe sin --force, es una de las "
        "entradas o una carpeta, es de solo lectura o está abierto en una hoja de cálculo)."
    ),
    "help.merge_base": "el libro que recibieron los jueces",
    "help.merge_copies": "las copias que devolvieron",
    "help.merge_output": "el archivo que se escribe",
    "help.force_merge": "sustituye un FUSIONADO que ya existe (se pierde lo que contiene)",
    "help.archive": (
        "archiva un evento terminado: libro protegido, huella digital, paquete de datos"
    ),
    "help.archive_description": (
        "Escribe CARPETA con el libro puntuado (cada hoja protegida, con una huella digital "
        "SHA-256 de los resultados y la clasificación guardada en él) y un paquete de datos "
        "Frictionless (datapackage.json, results.csv, games.csv, standings.csv). Se rechaza "
        "mientras el evento tenga problemas. Código de salida 0: archivado; 1: el evento "
        "tiene problemas; 2: no se ha podido usar el archivo o CARPETA no está vacía."
    ),
    "help.archive_workbook": "el libro del evento",
    "help.archive_folder": "una carpeta nueva y vacía",
    "help.verify": "comprueba que un evento archivado no se ha modificado desde que se archivó",
    "help.verify_description": (
        "Vuelve a calcularlo todo a partir de los resultados archivados y lo compara con la "
        "huella digital, las hojas de clasificación y de puntos de ronda y, en una carpeta "
        "de archivo, con datapackage.json y cada archivo CSV. Código de salida 0: todo "
        "coincide; 1: algo se ha modificado o borrado; 2: no se ha podido leer el libro."
    ),
    "help.verify_path": "una carpeta de archivo o su libro",
    "help.serve": "abre en este ordenador la página web del organizador",
    "help.serve_description": (
        "Sirve una página web a la que se arrastra un libro para revisarlo y puntuarlo, solo "
        "en este ordenador (127.0.0.1). Con --host 0.0.0.0 también pueden usarla los jueces "
        "de la misma red: se muestra un código de acceso y la página lo pide."
    ),
    "help.port": (
        "el puerto en el que escuchar, o el siguiente libre (por defecto: {default}; 0: cualquiera)"
    ),
    "help.host": "la dirección en la que escuchar (por defecto: {default})",
    "help.no_browser": "no abre la página en el navegador",
    "help.serve_lang": (
        "idioma de estos mensajes y de la página que se abre (por defecto: el del sistema; "
        "si no, inglés)"
    ),
    "help.bad_port": "se esperaba un número de puerto entre 0 y 65535",
}

#: argparse's own words (its gettext msgids, Python 3.11 to 3.13) → Spanish; ``%`` fields kept.
ARGPARSE = {
    "usage: ": "uso: ",
    "positional arguments": "argumentos",
    "options": "opciones",
    "show this help message and exit": "muestra esta ayuda y termina",
    "%(prog)s: error: %(message)s\n": "%(prog)s: error: %(message)s\n",
    "argument %(argument_name)s: %(message)s": "argumento %(argument_name)s: %(message)s",
    "the following arguments are required: %s": "faltan estos argumentos: %s",
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "valor no válido: %(value)r (elige entre %(choices)s)"
    ),
    "invalid %(type)s value: %(value)r": "valor %(type)s no válido: %(value)r",
    "unrecognized arguments: %s": "argumentos no reconocidos: %s",
    "ambiguous option: %(option)s could match %(matches)s": (
        "opción ambigua: %(option)s puede ser %(matches)s"
    ),
    "expected one argument": "se esperaba un argumento",
    "expected at most one argument": "se esperaba como mucho un argumento",
    "expected at least one argument": "se esperaba al menos un argumento",
    "expected %s argument": "se esperaba %s argumento",
    "expected %s arguments": "se esperaban %s argumentos",
    "ignored explicit argument %r": "se ha ignorado el argumento explícito %r",
    "not allowed with argument %s": "no se permite junto con el argumento %s",
    "one of the arguments %s is required": "hace falta uno de los argumentos %s",
    "unexpected option string: %s": "opción inesperada: %s",
    "unknown parser %(parser_name)r (choices: %(choices)s)": (
        "orden desconocida %(parser_name)r (posibles: %(choices)s)"
    ),
    'argument "-" with mode %r': 'argumento "-" con modo %r',
    "can't open '%(filename)s': %(error)s": "no se puede abrir «%(filename)s»: %(error)s",
}
