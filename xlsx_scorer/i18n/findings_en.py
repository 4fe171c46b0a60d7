"""The words of every finding in English: ``FINDINGS`` (ICU patterns, part of ``en.STRINGS``).

How a finding's message is keyed: see :mod:`xlsx_scorer.i18n`.

>>> from xlsx_scorer.i18n import text
>>> text("en", "problem.missing", column="Cities")
'Cities is empty; type its value.'
"""

FINDINGS = {
    # Where a finding is; the file a finding names when it was given no file name
    "problem.location": "{ref} (round {round}, table {table}, {player})",
    "finding.unnamed_file": "The workbook",
    # Errors: problem.<code>
    "problem.missing": "{column} is empty; type its value.",
    "problem.error_value": "{column} shows the error {found}; fix its formula or type the value.",
    "problem.name_not_text": "Player holds {found}, which is not a name; type the player''s name.",
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
        "No cities and only {found, plural, one {# settlement} other {# settlements}}; a player "
        "without cities has at least 2 settlements."
    ),
    "problem.longest_road_exceeds_roads": (
        "Longest Road Length is {found} but only {roads} roads were built; the longest road "
        "cannot be longer than the roads built."
    ),
    "problem.table_size": (
        "The table has {found, plural, one {# player} other {# players}}; a table has 3 or 4 "
        "players."
    ),
    "problem.table_size_format": (
        "The table has {found, plural, one {# player} other {# players}}; in this format a "
        "table has {sizes} players."
    ),
    "problem.breakdown_mismatch": (
        "Score is {found}, but its breakdown in this row (Roads {road_points} + Cities "
        "{city_points} + Cloisters {cloister_points} + Fields {field_points} + Other "
        "{other_points}, cells {cells}) adds up to {total}."
    ),
    "problem.player_twice_in_round": (
        "{player} appears {found} times in round {round}; a player plays once per round."
    ),
    "problem.table_vp_cards": "The table has {found} VP cards in all; at most 5 per table.",
    "problem.table_knights": "The table has {found} knights played in all; at most 14 per table.",
    "problem.army_mark_no_qualifier": (
        "Largest Army First is marked, but nobody at the table played 3 or more knights; remove "
        "the mark, or correct the knights played."
    ),
    "problem.army_mark_not_leader": (
        "Largest Army First is marked, but this player played "
        "{found, plural, one {# knight} other {# knights}} and the most at the table is {most}; "
        "move the mark to the player who played the most knights, or correct the knights played."
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
        "Longest Road First is marked, but nobody at the table has a road of length 5 or more; "
        "remove the mark, or correct the road lengths."
    ),
    "problem.road_mark_not_leader": (
        "Longest Road First is marked, but this player''s longest road is {found} and the longest "
        "at the table is {most}; move the mark to the player with the longest road, or correct "
        "the road lengths."
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
    "problem.total_vp_mismatch": (
        "{column} says {found}, but this row adds up to {vp}: settlements {settlements} + "
        "cities {cities} × 2 + VP cards {vp_cards}{army, select, yes { + 2 for Largest Army} "
        "other {}}{road, select, yes { + 2 for Longest Road} other {}}. Check the row against"
        " the score slip."
    ),
    # Notices: notice.<code>
    "notice.regenerated": (
        "The {sheet} sheet had been edited by hand; it was replaced by freshly computed results."
    ),
    "notice.results_hidden": (
        "The {sheet} sheet is hidden in this workbook; it was scored all the same."
    ),
    "notice.recheck": (
        "Rules about the whole table were skipped because a cell of it cannot be read; table "
        "{table} of round {round} will be checked again once its cells are fixed."
    ),
    "notice.sheet_name_taken": (
        "{kept} is a sheet of yours (it carries no mark of ours), so it was kept as it is; "
        "{kind, select, standings {the standings} round_points {the round points} other "
        "{the list of problems}} went to the sheet {written} instead."
    ),
    # Errors of verify: the archive no longer agrees (problem.verify.<code>)
    "problem.verify.file_missing": "{file} is missing.",
    "problem.verify.file_unreadable": "{file} cannot be read ({detail}).",
    "problem.verify.file_changed": (
        "{file} was changed: its SHA-256 or size differs from the one in datapackage.json."
    ),
    "problem.verify.no_fingerprint": (
        "{file} records no fingerprint: it was removed, or this is not an archive."
    ),
    "problem.verify.fingerprint_changed": (
        "{file} records the fingerprint {recorded}, but the results give {computed}: results or "
        "standings were changed."
    ),
    "problem.verify.sheet_missing": "The {sheet} table is missing, or its header was changed.",
    "problem.verify.sheet_cell": "{ref} shows “{shown}”, the results give “{expected}”.",
    "problem.verify.more": (
        "… and {count, plural, one {# more cell} other {# more cells}} of {sheet}."
    ),
    "problem.verify.csv_line": "{file} line {line} reads “{shown}”, the results give “{expected}”.",
    "problem.verify.result_changed": (
        "{file} {ref}: {column} of round {round}, table {table}, {player}{repeat, plural, =1 {} "
        "other { (row # with these three)}} {state, select, cleared {is blank, archived as "
        "{archived}} filled {is {now}, archived blank} other {is {now}, archived as {archived}}}."
    ),
    "problem.verify.result_added": (
        "{file} {ref}: round {round}, table {table}, {player}{repeat, plural, =1 {} other { (row "
        "# with these three)}} is not in the archived results."
    ),
    "problem.verify.result_removed": (
        "Round {round}, table {table}, {player}{repeat, plural, =1 {} other { (row # with these "
        "three)}} (archived at {file} {ref}) is missing from the results."
    ),
    "problem.verify.no_sheet_digests": (
        "{file} records no digest of its sheets: it was removed, or this is not an archive."
    ),
    "problem.verify.sheet_changed": "The {sheet} sheet was changed after it was archived.",
    "problem.verify.sheet_removed": "The {sheet} sheet was removed after it was archived.",
    "problem.verify.sheet_added": "The {sheet} sheet was added after the event was archived.",
    # The file cannot be used (exit code 2): the fatal code itself
    "unusable.file_missing": "{file}: there is no such file.",
    "unusable.is_folder": "{folder} is a folder; name a workbook file (.xlsx) instead.",
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
        "{file} contains XML entity declarations in {part} (an “XML bomb”); refusing to read it."
    ),
    "unusable.bad_coordinate": (
        "{file}: sheet {sheet} has a cell or row outside the spreadsheet grid ({cell}), so the "
        "file is damaged; open it in your spreadsheet application, save it again and rerun."
    ),
    "unusable.bad_value": (
        "{file}: cell {sheet}!{cell} holds a value no spreadsheet writes ({found}); type the "
        "value again, save the workbook and rerun."
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
    "unusable.read_only": (
        "{file} is read-only, so the results cannot be written into it; use -o to write a copy."
    ),
    "unusable.output_folder_missing": "The folder {folder} for the output does not exist.",
    "unusable.folder_not_writable": (
        "{file} cannot be saved: the folder {folder} cannot be written into (permissions, or "
        "a read-only disk). Choose another folder with -o, or ask for write access. The "
        "original workbook is unchanged."
    ),
    "unusable.output_exists": (
        "{file} already exists, so nothing was written over it. Choose another name with -o, "
        "or add --force to replace it."
    ),
    "unusable.write_failed": (
        "Could not save {file}: {detail}. The original workbook is unchanged."
    ),
    "unusable.damaged_sheet": (
        "{file}: the sheet {sheet} is damaged inside the file ({detail}); ask for the file "
        "again, or open it in your spreadsheet application, repair or delete that sheet and "
        "save it again."
    ),
    "unusable.styles_missing": (
        "{file}: the sheet {sheet} uses cell formats (styles) that the workbook does not hold: "
        "its styles part is missing or not linked; open it in your spreadsheet application, "
        "save it again and rerun."
    ),
    "unusable.damaged_part": (
        "{file}: the part {part} of the workbook is damaged ({detail}); ask for the file again, "
        "or open it in your spreadsheet application and save it again."
    ),
    "unusable.encrypted_member": (
        "{file}: the part {part} is locked with a zip password, which no spreadsheet "
        "application does, so it cannot be read; ask for the original workbook."
    ),
    "unusable.unsupported_compression": (
        "{file}: the part {part} is compressed with {method}, which spreadsheet applications "
        "cannot read; ask for the original workbook."
    ),
    "unusable.strict_ooxml": (
        "{file} is saved as Strict Open XML Spreadsheet; open it and save it as Excel Workbook "
        "(.xlsx)."
    ),
    "unusable.cannot_write": (
        "{file} is damaged ({detail}), so the results cannot be written into it; open it in "
        "your spreadsheet application, save it again and rerun."
    ),
    "unusable.template_read_only": (
        "{file} is read-only, so the template was not written over it. Choose another file "
        "name or, to replace it, first make the file writable (everything in it would be lost)."
    ),
    "unusable.template_folder_missing": (
        "The folder {folder} does not exist, so the template cannot be saved there; create the "
        "folder or choose another one."
    ),
    "unusable.template_folder_not_writable": (
        "The template cannot be saved as {file}: the folder {folder} cannot be written into "
        "(permissions, or a read-only disk). Choose another folder, or ask for write access."
    ),
    "unusable.template_write_failed": (
        "Could not save the template as {file}: {detail}. Choose another file name or folder."
    ),
    "unusable.template_exists": (
        "{file} already exists, so the template was not written over it. Choose another file "
        "name, such as {suggestion}, or add --force to replace it (everything in it would be "
        "lost)."
    ),
    "unusable.open_in_excel": (
        "{file} is open in Excel: its lock file {lock} is beside it. Close the workbook in Excel "
        "and try again. If Excel is not running, the lock file was left behind by a crash: "
        "delete the hidden file {lock} and try again."
    ),
    "unusable.open_in_libreoffice": (
        "{file} is open in LibreOffice: its lock file {lock} is beside it. Close the workbook in "
        "LibreOffice and try again. If LibreOffice is not running, the lock file was left "
        "behind by a crash: delete the hidden file {lock} and try again."
    ),
    "unusable.output_is_input": (
        "{file} is one of the inputs; inputs are never changed, so name a new file with -o."
    ),
    "unusable.archive_folder_used": (
        "{folder} exists and is not empty; name a new folder for the archive."
    ),
    "unusable.format_unknown": (
        "There is no format {name}: name a shipped one ({formats}) or a format file (.toml)."
    ),
    "unusable.format_not_toml": "{file} is not a TOML format file: {detail}.",
    "unusable.format_unknown_key": (
        "The format file {file} has a key {setting} that formats do not have; the keys are: "
        "{allowed}."
    ),
    "unusable.format_missing_key": "The format file {file} lacks the key {setting}.",
    "unusable.format_bad_value": (
        "In the format file {file}, {setting} = {found} is not allowed: {setting} must be "
        "{setting, select, name {a name of 1 to {length} characters} "
        "game {one of: {games}} "
        "table_sizes {a list of different table sizes, each from {low} to {high}} "
        "points {a table with, for each table size, its points by place (one whole number "
        "≥ 0 per place), or left out for a format ranked by wins} "
        "order {a list of different keys among: {keys} (points only with a points table)} "
        "other {as docs/rules.md says}}."
    ),
    "unusable.wrong_game": (
        "{file}: sheet {sheet} holds {game, select, catan {Catan} other {Carcassonne}} results, "
        "but the format chosen is for {format_game, select, catan {Catan} other {Carcassonne}}; "
        "score it with {formats} (or a format file of your own for that game)."
    ),
    "unusable.archive_format": (
        "{file} is scored in the format {format}; archive and verify keep only catan-es events "
        "for now."
    ),
}
