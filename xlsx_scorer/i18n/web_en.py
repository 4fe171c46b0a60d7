"""What the web server says in English: ``WEB`` (ICU patterns, part of ``en.STRINGS``).

``web.error.<code>`` is the ``message`` of an API answer with ``{"error": code}``, in
the language of the request; ``web.log.…`` are the lines the server prints in the
organiser's terminal; ``web.file.…`` name the files the page downloads.
"""

WEB = {
    "web.error.wrong_host": (
        "This server does not answer at this address. Open the address printed in the "
        "organiser’s terminal."
    ),
    "web.error.cross_site": (
        "Requests from another site’s page are refused. Open this server’s own page."
    ),
    "web.error.token_required": (
        "This server needs its access code: type the code printed in the organiser’s terminal."
    ),
    "web.error.busy": "The server is busy with other uploads. Try again in a few seconds.",
    "web.error.slow_upload": (
        "The upload did not arrive within {seconds} seconds and was dropped. Try again."
    ),
    "web.error.too_large": "The file is larger than {mb} MB.",
    "web.error.not_multipart": "Send the workbook as multipart/form-data, in the field “file”.",
    "web.error.bad_form": "The upload could not be read as a form. Choose the workbook again.",
    "web.error.no_file": "No workbook came: send it in the form field “file”.",
    "web.error.bad_language": "The language (lang) must be one of {codes}.",
    "web.error.bad_players": "The number of players must be a whole number from 1 to {most}.",
    "web.error.bad_rounds": "The number of rounds must be a whole number from 1 to {most}.",
    "web.error.bad_round": "The round to seat (round) must be a whole number from 1 to {most}.",
    "web.error.bad_method": "The seating method (method) must be random or swiss.",
    "web.error.bad_seed": "The seed must be a whole number from 0 to {most}.",
    "web.error.template_too_large": (
        "Players × (rounds + 1) must be at most {rows}. For a larger event use the command line: "
        "xlsx-scorer template."
    ),
    "web.error.bad_format": (
        "The format must be one of {formats} (your own format file: the command line’s --format)."
    ),
    "web.error.bad_event": "The event name must be at most {most} printable characters.",
    "web.error.client_disconnected": "The upload was interrupted.",
    "web.error.not_found": "There is nothing at {path}.",
    "web.error.wrong_method": "{path} does not take {method}.",
    "web.error.internal_error": (
        "Unexpected error: {detail}. Nothing was kept; the server goes on."
    ),
    "web.log.run": (
        "{command} {file}: exit {exit}, {findings, plural, one {# finding} other {# findings}}, "
        "{games, plural, one {# game} other {# games}}, "
        "{players, plural, one {# player} other {# players}}, {seconds} s"
    ),
    "web.log.refused": "Refused {method} {path} from {client}: {message}",
    "web.log.client_gone": "{method} {path}: the browser went away before the answer.",
    "web.log.internal_error": "Internal error on {method} {path}:",
    "web.log.warm_up_failed": "Warming the engine up failed:",
    "web.file.scored": "{name}_scored",
    "web.file.template": "template_{name}",
    "web.file.seated": "{name}_round{round}",
}
