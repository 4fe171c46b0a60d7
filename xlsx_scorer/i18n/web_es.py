"""Lo que dice el servidor web en español: ``WEB`` (patrones ICU, parte de ``es.STRINGS``)."""

WEB = {
    "web.error.wrong_host": (
        "Este servidor no responde en esta dirección. Abre la dirección que muestra la terminal "
        "del organizador."
    ),
    "web.error.cross_site": (
        "Se rechazan las peticiones desde la página de otro sitio. Abre la página de este servidor."
    ),
    "web.error.token_required": (
        "Este servidor necesita su código de acceso: escribe el código que muestra la terminal "
        "del organizador."
    ),
    "web.error.busy": (
        "El servidor está ocupado con otros archivos. Vuelve a intentarlo en unos segundos."
    ),
    "web.error.slow_upload": (
        "El archivo no llegó en {seconds} segundos y se descartó. Vuelve a intentarlo."
    ),
    "web.error.too_large": "El archivo ocupa más de {mb} MB.",
    "web.error.not_multipart": ("Envía el libro como multipart/form-data, en el campo «file»."),
    "web.error.bad_form": ("No se pudo leer el envío como formulario. Vuelve a elegir el libro."),
    "web.error.no_file": "No llegó ningún libro: envíalo en el campo «file» del formulario.",
    "web.error.bad_language": "El idioma (lang) debe ser uno de estos: {codes}.",
    "web.error.bad_players": (
        "El número de jugadores (players) debe ser un número entero de 1 a {most}."
    ),
    "web.error.bad_rounds": "El número de rondas (rounds) debe ser un número entero de 1 a {most}.",
    "web.error.bad_round": "La ronda a sentar (round) debe ser un número entero de 1 a {most}.",
    "web.error.bad_method": "El método de emparejamiento (method) debe ser random o swiss.",
    "web.error.bad_seed": "La semilla (seed) debe ser un número entero de 0 a {most}.",
    "web.error.template_too_large": (
        "Jugadores × (rondas + 1) debe ser como mucho {rows}. Para un torneo más grande usa la "
        "línea de órdenes: xlsx-scorer template."
    ),
    "web.error.bad_format": (
        "El formato debe ser uno de {formats}"
        " (un archivo de formato propio: --format en la línea de órdenes)."
    ),
    "web.error.bad_event": (
        "El nombre del torneo debe tener como mucho {most} caracteres imprimibles."
    ),
    "web.error.client_disconnected": "El envío se interrumpió.",
    "web.error.not_found": "No hay nada en {path}.",
    "web.error.wrong_method": "{path} no admite {method}.",
    "web.error.internal_error": (
        "Error inesperado: {detail}. No se ha guardado nada; el servidor sigue en marcha."
    ),
    "web.log.run": (
        "{command} {file}: salida {exit}, "
        "{findings, plural, one {# hallazgo} other {# hallazgos}}, "
        "{games, plural, one {# partida} other {# partidas}}, "
        "{players, plural, one {# jugador} other {# jugadores}}, {seconds} s"
    ),
    "web.log.refused": "Rechazado {method} {path} desde {client}: {message}",
    "web.log.client_gone": "{method} {path}: el navegador se fue antes de la respuesta.",
    "web.log.internal_error": "Error interno en {method} {path}:",
    "web.log.warm_up_failed": "Falló la preparación del motor:",
    "web.file.scored": "{name}_puntuado",
    "web.file.template": "plantilla_{name}",
    "web.file.seated": "{name}_ronda{round}",
}
