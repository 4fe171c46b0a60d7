"""English: every user-facing string of xlsx_scorer."""

from xlsx_scorer.i18n import help_en

NAME = "English"
CODES = ("en", "english", "inglés", "ingles", "ingilizce")

HEADERS = {
    "round": "Round",
    "table": "Table",
    "player": "Player",
    "settlements": "Settlements",
    "cities": "Cities",
    "vp_cards": "VP Cards",
    "knights": "Knights Played",
    "roads": "Roads Built",
    "longest_road": "Longest Road Length",
    "army_first": "Largest Army First",
    "road_first": "Longest Road First",
    "declared": "Declared Victory",
    "total_vp": "Total VP",
}
#: Other headers accepted for a column, besides HEADERS (any shipped language is read).
HEADER_ALIASES = {
    "total_vp": ("VP Total", "Total Victory Points", "Victory Points Total"),
}

YES_WORDS = ("yes", "y", "x", "✓", "✔", "☑", "true", "1")
NO_WORDS = ("no", "n", "false", "0")
#: Roster column headers accepted besides HEADERS["player"].
NAME_HEADERS = ("Player Name", "Name", "Names", "Players", "Full name")

#: Sheet names by kind: the organiser's (read under the name of any shipped language) and
#: the output sheets we write (named in the language of the run).
SHEETS = {
    "results": "Results",
    "players": "Players",
    "event": "Event",
    "instructions": "Instructions",
    "standings": "Standings",
    "round_points": "Round Points",
    "errors": "Errors",
    "chart_data": "Chart Data",
}

#: argparse's own words (``usage:``, its errors) by their gettext msgid (``cli.parser``).
ARGPARSE = help_en.ARGPARSE

STRINGS = {
    # The Event sheet (labels in column A, values in column B)
    "event.name": "Event",
    "event.date": "Date",
    "event.venue": "Venue",
    "event.language": "Language",
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
    "notice.computed": (
        "Computed on {when} from {games, plural, one {# game} other {# games}} "
        "({players, plural, one {# player} other {# players}})."
    ),
    "notice.not_published": (
        "No standings published: this workbook has {count, plural, one {# problem} "
        "other {# problems}}. See the Errors sheet, fix the Results sheet and run the scorer again."
    ),
    "notice.no_problems": "No problems found: every game follows the rules.",
    "notice.problems_found": (
        "{count, plural, one {# problem} other {# problems}} found. Checked on {when}."
    ),
    "notice.regenerated": (
        "The {sheet} sheet had been edited by hand; it was replaced by freshly computed results."
    ),
    # Problems in cells
    "problem.location": "{ref} (round {round}, table {table}, {player})",
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
        "no cities and only {found, plural, one {# settlement} other {# settlements}}; a player "
        "without cities has at least 2 settlements."
    ),
    "problem.longest_road_exceeds_roads": (
        "Longest Road Length is {found} but only {roads} roads were built; the longest road "
        "cannot be longer than the roads built."
    ),
    "problem.table_size": (
        "the table has {found, plural, one {# player} other {# players}}; a table has 3 or 4 "
        "players."
    ),
    "problem.player_twice_in_round": (
        "{player} appears {found} times in round {round}; a player plays once per round."
    ),
    "problem.table_vp_cards": "the table has {found} VP cards in all; at most 5 per table.",
    "problem.table_knights": "the table has {found} knights played in all; at most 14 per table.",
    "problem.army_mark_no_qualifier": (
        "Largest Army First is marked, but nobody at the table played 3 or more knights."
    ),
    "problem.army_mark_not_leader": (
        "Largest Army First is marked, but this player played "
        "{found, plural, one {# knight} other {# knights}} and the most at the table is {most}."
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
        "Longest Road First is marked, but this player''s longest road is {found} and the longest "
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
    # Terminal
    "cli.summary": (
        "{file}: {games, plural, one {# game} other {# games}} scored, "
        "{players, plural, one {# player} other {# players}}, "
        "{problems, plural, =0 {no problems} one {# problem} other {# problems}}."
    ),
    "cli.summary_problems": (
        "{file}: {games, plural, one {# game} other {# games}} checked, "
        "{players, plural, one {# player} other {# players}}, "
        "{problems, plural, one {# problem} other {# problems}}; no standings published."
    ),
    "cli.checked": (
        "{file}: {games, plural, one {# game} other {# games}} checked, "
        "{players, plural, one {# player} other {# players}}, "
        "{problems, plural, =0 {no problems} one {# problem} other {# problems}}."
    ),
    "cli.no_results": (
        "No results yet: the Results sheet has no games. Fill in the first round and score again."
    ),
    "cli.top": "Top {count}:",
    "cli.wrote": "Wrote {file}.",
    "cli.output_collision": (
        "Two workbooks named {name} would be written into {folder}; score them into different"
        " folders."
    ),
    "cli.output_not_folder": (
        "The output {folder} must be an existing folder when several workbooks are scored."
    ),
    "cli.nothing_written": "Nothing was written.",
    "cli.internal_error": (
        "Internal error in xlsx-scorer ({detail}). {written, select, yes {{file} had already "
        "been saved.} other {Nothing was written.}} Please run the same command again with "
        "--debug and send its output and the workbook to the maintainers."
    ),
    "finding.unnamed_file": "The workbook",
    "cli.serve_address": "xlsx-scorer is running: open {url} in your browser.",
    "cli.serve_network": (
        "Judges on the same network open {url} (or this computer’s network address instead of "
        "its name) and type the access code {token}."
    ),
    "cli.serve_stop": "Press Ctrl-C to stop it. Files are checked here and not kept.",
    "cli.serve_stopped": "Stopped.",
    "cli.serve_no_port": "Cannot listen on {host}: {detail}",
    # Hostile files
    "notice.check": (
        "Check code of the table below: it changes when anyone edits the table. Score the "
        "workbook again (or run xlsx-scorer verify on an archive) to know whether the table "
        "was edited by hand."
    ),
    "notice.results_hidden": (
        "The {sheet} sheet is hidden in this workbook; it was scored all the same."
    ),
    "unusable.damaged_sheet": (
        "{file}: the sheet {sheet} is damaged inside the file ({detail}); ask for the file "
        "again, or open it in your spreadsheet application, repair or delete that sheet and "
        "save it again."
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
    # Template and instructions
    "template.error.range": "Type a whole number from {low} to {high}.",
    "template.error.minimum": "Type a whole number of at least {low}.",
    "template.error.table": (
        "Type a table number (1, 2, …) or a short label of at most {high} characters."
    ),
    "template.error.player": (
        "This name is not on the Players sheet. Add the player there first, or pick a name from "
        "the list."
    ),
    "template.error.mark": (
        "Pick “{yes}” or “{no}” from the list, or leave the cell blank (= {no})."
    ),
    "template.error.language": "Type one of these codes: {codes}.",
    "template.help.round": "The round number: 1, 2, 3…",
    "template.help.table": (
        "The table number (1, 2…) or a short label. All players of one game share the same round "
        "and table."
    ),
    "template.help.player": (
        "Pick the player from the list (the Players sheet). One row per player per game."
    ),
    "template.help.settlements": (
        "Settlements on the board at the end of the game: 0 to 5 (1 VP each)."
    ),
    "template.help.cities": "Cities at the end of the game: 0 to 4 (2 VP each).",
    "template.help.vp_cards": (
        "Victory point development cards: 0 to 5 (at most 5 at the whole table)."
    ),
    "template.help.knights": "Knight cards played: 0 to 14 (at most 14 at the whole table).",
    "template.help.roads": "Road pieces built: 2 to 15.",
    "template.help.longest_road": (
        "Length of the player''s longest road: from 1 up to the roads built."
    ),
    "template.help.army_first": (
        "Only when players tie for Largest Army: pick “{yes}” for the one who got it first. "
        "Otherwise leave the cell blank."
    ),
    "template.help.road_first": (
        "Only when players tie for Longest Road: pick “{yes}” for the one who got it first. "
        "Otherwise leave the cell blank."
    ),
    "template.help.declared": (
        "Pick “{yes}” for the player who declared victory (only when two or more players have 10 "
        "VP or more). Otherwise leave the cell blank."
    ),
    "template.help.players": (
        "One player per row, spelled as it should appear in the standings. Names in the Results "
        "sheet are picked from this list."
    ),
    "template.help.language": "Language of the workbook: {codes}.",
    "instructions.title": "How to fill in this workbook and how it is scored",
    "instructions.fill_heading": "Filling in",
    "instructions.fill_event": (
        "Event sheet: type the event name, date and venue in column B. The language ({codes}) sets "
        "the language of the headers and messages."
    ),
    "instructions.fill_players": (
        "Players sheet: type every player''s name once, one per row, before the first round."
    ),
    "instructions.fill_results": (
        "Results sheet: one row per player per game. Type the round and table, pick the player "
        "from the list and type their position at the end of the game. Players of the same game "
        "share the same round and table."
    ),
    "instructions.fill_marks": (
        "The last three columns are marks: pick “{yes}” or leave the cell blank. Blank means no."
    ),
    "instructions.run": (
        "Then run: xlsx-scorer score FILE.xlsx. It adds the Standings, Round Points and Errors "
        "sheets; when the Errors sheet lists problems, fix them in Results and run it again."
    ),
    "instructions.rules_heading": "Scoring rules",
    "instructions.vp": (
        "In-game VP: 1 per settlement, 2 per city, 1 per VP card, plus 2 for Largest Army and 2 "
        "for Longest Road."
    ),
    "instructions.limits": (
        "Per player: 0–5 settlements, 0–4 cities, 0–5 VP cards, 0–14 knights played, 2–15 roads "
        "built, and a longest road from 1 up to the roads built. A player without cities has at "
        "least 2 settlements."
    ),
    "instructions.table": (
        "Per table: 3 or 4 players; at most 5 VP cards and 14 knights played at the whole table. A "
        "player plays once per round."
    ),
    "instructions.army": (
        "Largest Army: needs at least 3 knights played; the player with the most knights holds it. "
        "When several tie for the most, mark exactly one of them in Largest Army First: the one "
        "who got it first."
    ),
    "instructions.road": (
        "Longest Road: needs a road of length 5 or more; the player with the longest road holds "
        "it. Ties are settled the same way, with Longest Road First."
    ),
    "instructions.declared": (
        "Declared victory: only when at least two players at the table have 10 VP or more. Mark "
        "exactly one of them, the one who declared: they take first place even with fewer VP than "
        "another player."
    ),
    "instructions.round_points": (
        "Round points by place: 5, 3, 2, 1 at a 4-player table; 5, 3, 2 at a 3-player table. They "
        "are separate from in-game VP."
    ),
    "instructions.ties": (
        "Players with equal VP share their places and split those places'' round points equally "
        "(two players tied for second at a 4-player table get 2.5 each)."
    ),
    "instructions.standings": (
        "Standings: by total round points; ties by total VP, then by VP % (the player''s VP over "
        "the VP of every table they sat at), then by name in alphabetical order."
    ),
    # --- Issue 9: Total VP (SPEC rule 11), tables checked later, never overwriting ---
    "problem.total_vp_mismatch": (
        "{column} says {found}, but this row adds up to {vp}: settlements {settlements} + "
        "cities {cities} × 2 + VP cards {vp_cards}{army, select, yes { + 2 for Largest Army} "
        "other {}}{road, select, yes { + 2 for Longest Road} other {}}. Check the row against"
        " the score slip."
    ),
    "notice.recheck": (
        "Rules about the whole table were skipped because a cell of it cannot be read; table "
        "{table} of round {round} will be checked again once its cells are fixed."
    ),
    "template.help.total_vp": (
        "Optional: the player’s VP at the end of the game as written on the score slip (0 to "
        "20), titles included. When filled, the row must add up to it; leave it blank to skip "
        "the check."
    ),
    "instructions.total_vp": (
        "Total VP (optional): copy each player’s final VP from the score slip, including 2 for "
        "Largest Army and 2 for Longest Road. The scorer adds up every row and reports any "
        "difference, which catches a number typed in the wrong column. Leave it blank to skip "
        "the check."
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
    # Judges' commands: diff, merge, archive, verify
    "cli.blank": "(blank)",
    "cli.key": "round {round}, table {table}, {player}",
    "cli.key_repeated": "round {round}, table {table}, {player} (row {repeat} with these three)",
    "cli.diff_changed": "changed {result}, {column}: {before} → {after}",
    "cli.diff_added": "added {result}: {before} → {after}",
    "cli.diff_removed": "removed {result}: {before} → {after}",
    "cli.roster_added": "added to the roster: {name} ({cell})",
    "cli.roster_removed": "removed from the roster: {name} ({cell})",
    "cli.diff_equal": "{first} and {second} hold the same results and roster.",
    "cli.diff_summary": (
        "{first} → {second}: {count, plural, one {# difference} other {# differences}}."
    ),
    "cli.merge_conflict": "CONFLICT {result}, {column}: {sides} (BASE {base})",
    "cli.merge_conflict_removed": (
        "CONFLICT {result}: removed in {removed} but changed in {changed} (BASE {base})"
    ),
    "cli.merge_no_column": (
        "CANNOT MERGE {cell}: {base} has no {column} column; add it there first."
    ),
    "cli.merge_no_roster": (
        "CANNOT MERGE {cell}: {base} has no roster to add {name} to; add a Players sheet there "
        "first."
    ),
    "cli.merge_conflicts": (
        "{count, plural, one {# conflict} other {# conflicts}}: nothing was written. Settle "
        "each value in one copy and merge again."
    ),
    "cli.merge_done": (
        "Merged {copies, plural, one {# copy} other {# copies}} into {file}: {changed, "
        "plural, one {# value} other {# values}} changed, {added, plural, one {# row} other "
        "{# rows}} added, {removed, plural, one {# row} other {# rows}} removed, {names, "
        "plural, one {# roster change} other {# roster changes}}. Check and score it with "
        "xlsx-scorer score."
    ),
    "unusable.output_is_input": (
        "{file} is one of the inputs; inputs are never changed, so name a new file with -o."
    ),
    "cli.archive_refused": (
        "{file} has {count, plural, one {# problem} other {# problems}}; an event is archived"
        " only when it has none."
    ),
    "cli.archive_done": (
        "Archived {file} in {folder}: {files}. Fingerprint (SHA-256): {fingerprint}"
    ),
    "unusable.archive_folder_used": (
        "{folder} exists and is not empty; name a new folder for the archive."
    ),
    "cli.verify_ok": (
        "{path}: everything agrees with the archived results. Fingerprint (SHA-256): {fingerprint}"
    ),
    "cli.verify_failed": (
        "{path}: {count, plural, one {# thing} other {# things}} no longer agree with the "
        "archived results."
    ),
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
    **help_en.HELP,
}
