"""Spanish (placeholder: English text until translated)."""

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
    "out.rank": "Rank",
    "out.player": "Player",
    "out.round_points": "Round Points",
    "out.vp": "VP",
    "out.vp_pct": "VP %",
    "out.round_column": "R{round}",
    "out.round": "Round",
    "out.table": "Table",
    "out.largest_army": "Largest Army",
    "out.longest_road": "Longest Road",
    "out.declared": "Declared Victory",
    "out.place": "Place",
    "out.sheet": "Sheet",
    "out.cell": "Cell",
    "out.problem": "Problem",
    "out.yes": "Yes",
    "title.standings": "Standings",
    "title.round_points": "Round points per game",
    "title.chart": "Cumulative round points",
    "title.errors": "Errors",
    "notice.computed": "Computed {when} from {games} games ({players} players).",
    "notice.not_published": (
        "No standings published: this workbook has {count} problem(s). "
        "See the Errors sheet, fix the Results sheet and run the scorer again."
    ),
    "notice.no_problems": "No problems found: every game follows the rules.",
    "notice.problems_found": "{count} problem(s) found. Checked {when}.",
    "notice.regenerated": (
        "The {sheet} sheet had been edited by hand; it was replaced by freshly computed results."
    ),
    # Problems in cells
    "problem.location": "{ref} (round {round}, table {table}, {player})",
    "problem.missing": "{column} is empty.",
    "problem.missing_player": "Player is empty.",
    "problem.not_whole_number": "{column} is {found}, which is not a whole number.",
    "problem.date_in_number": "{column} holds a date or time ({found}); type a whole number.",
    "problem.bool_in_number": "{column} holds {found} (TRUE/FALSE); type a whole number.",
    "problem.text_in_number": "{column} holds the text “{found}”; type a whole number.",
    "problem.number_too_large": "{column} is {found}, far outside the possible values.",
    "problem.not_a_mark": (
        "{column} is “{found}”; leave it blank for no, or type x (or yes, 1, TRUE) for yes."
    ),
    "problem.uncached_formula": (
        "{column} holds a formula with no saved value; "
        "open and save the workbook in your spreadsheet application first."
    ),
    "problem.bad_table": (
        "Table is “{found}”; type a table number (1, 2, …) or a short label "
        "of at most 20 characters."
    ),
    "problem.name_control_characters": (
        "Player name {found} contains invisible control characters; retype it."
    ),
    "problem.merged_cells": (
        "Cells {found} are merged across result rows; unmerge them so every row has its own values."
    ),
    "problem.out_of_range": "{column} is {found}; it must be a whole number from {low} to {high}.",
    "problem.below_minimum": "{column} is {found}; it must be a whole number of at least {low}.",
    "problem.no_cities_needs_two_settlements": (
        "no cities and only {found} settlement(s); a player without cities has at least 2 "
        "settlements."
    ),
    "problem.longest_road_exceeds_roads": (
        "Longest Road Length is {found} but only {roads} roads were built; the longest road "
        "cannot be longer than the roads built."
    ),
    "problem.table_size": "the table has {found} player(s); a table has 3 or 4 players.",
    "problem.player_twice_in_round": (
        "{player} appears {found} times in round {round}; a player plays once per round."
    ),
    "problem.table_vp_cards": "the table has {found} VP cards in all; at most 5 per table.",
    "problem.table_knights": "the table has {found} knights played in all; at most 14 per table.",
    "problem.army_mark_no_qualifier": (
        "Largest Army First is marked, but nobody at the table played 3 or more knights."
    ),
    "problem.army_mark_not_leader": (
        "Largest Army First is marked, but this player played {found} knights and the most at "
        "the table is {most}."
    ),
    "problem.army_tie_unmarked": (
        "{count} players are tied for Largest Army with {found} knights; mark exactly one of "
        "them (the one who got it first) as Largest Army First."
    ),
    "problem.army_tie_several_marks": (
        "{count} players tied for Largest Army are marked Largest Army First; mark only the one "
        "who got it first."
    ),
    "problem.road_mark_no_qualifier": (
        "Longest Road First is marked, but nobody at the table has a road of length 5 or more."
    ),
    "problem.road_mark_not_leader": (
        "Longest Road First is marked, but this player's longest road is {found} and the longest "
        "at the table is {most}."
    ),
    "problem.road_tie_unmarked": (
        "{count} players are tied for Longest Road with length {found}; mark exactly one of them "
        "(the one who got it first) as Longest Road First."
    ),
    "problem.road_tie_several_marks": (
        "{count} players tied for Longest Road are marked Longest Road First; mark only the one "
        "who got it first."
    ),
    "problem.declared_under_10": (
        "Declared Victory is marked, but this player has only {found} VP; only a player with "
        "10 VP or more can declare victory."
    ),
    "problem.declared_missing": (
        "{count} players have 10 VP or more; mark the one who declared victory as Declared Victory."
    ),
    "problem.declared_several": (
        "{count} players are marked Declared Victory; mark only the one who declared."
    ),
    "problem.not_on_roster": "“{found}” is not on the Players sheet.",
    "problem.not_on_roster_suggest": (
        "“{found}” is not on the Players sheet; did you mean “{suggestion}”?"
    ),
    "problem.name_variants": (
        "“{found}” and “{other}” look like the same person typed two ways; use one spelling."
    ),
    # The file cannot be used (exit code 2)
    "unusable.file_missing": "{file}: there is no such file.",
    "unusable.empty_file": "{file} is empty (0 bytes); it is not a workbook.",
    "unusable.not_a_workbook": "{file} is not an Excel workbook (.xlsx).",
    "unusable.text_file": (
        "{file} is a text or CSV file, not an Excel workbook; open it in your spreadsheet "
        "application and save it as Excel Workbook (.xlsx)."
    ),
    "unusable.truncated": (
        "{file} is damaged or incomplete (the archive is cut off); ask for the file again."
    ),
    "unusable.encrypted": (
        "{file} is protected with a password; open it, remove the password and save it again."
    ),
    "unusable.old_xls": (
        "{file} is in the old .xls format; open it and save it as Excel Workbook (.xlsx)."
    ),
    "unusable.ods": (
        "{file} is an OpenDocument spreadsheet (.ods); save it as Excel Workbook (.xlsx)."
    ),
    "unusable.package_too_large": (
        "{file} would unpack to {size} MB ({detail}); refusing to open it, as it looks like a "
        "zip bomb."
    ),
    "unusable.xml_entities": (
        "{file} contains XML entity declarations in {part} (an 'XML bomb'); refusing to read it."
    ),
    "unusable.broken_part": "{file}: the part {part} of the workbook is damaged ({detail}).",
    "unusable.no_results_sheet": "{file} has no Results sheet (its sheets: {sheets}).",
    "unusable.no_header": (
        "{file}: no header row found in the first {rows} rows of sheet {sheet}; "
        "expected headers such as {expected}."
    ),
    "unusable.missing_columns": (
        "{file}: the header row (row {row}) of sheet {sheet} has no column {columns}."
    ),
    "unusable.duplicate_header": (
        "{file}: the column {column} appears more than once in sheet {sheet} (cells {cells}); "
        "keep one."
    ),
    "unusable.unreadable": "{file} could not be read: {detail}",
    "unusable.locked": (
        "{file} is open in a spreadsheet application (lock file {lock}); close it there and "
        "try again."
    ),
    "unusable.read_only": (
        "{file} is read-only, so the results cannot be written into it; use -o to write a copy."
    ),
    "unusable.output_folder_missing": "The folder {folder} for the output does not exist.",
    "unusable.write_failed": (
        "Could not save {file}: {detail}. The original workbook is unchanged."
    ),
    "unusable.would_lose": (
        "Writing into {file} would lose {what}; use -o OTHER.xlsx to write a scored copy instead."
    ),
    # Terminal
    "cli.summary": "{file}: {games} games scored, {players} players, {problems} problem(s).",
    "cli.top": "Top {count}:",
    "cli.wrote": "Wrote {file}.",
    "cli.nothing_written": "Nothing was written.",
    "cli.debug_hint": "(run with --debug to see the technical details)",
    "cli.internal_error": "Unexpected error: {detail}",
}
