"""English: every user-facing string of xlsx_scorer, in ``STRINGS``.

This module holds the words of the sheets (headers, sheet names, marks, output sheets,
template, instructions) and of the terminal; the words of findings
(``findings_en.FINDINGS``) and of the command line's help (``help_en.HELP``) are
kept beside it, in modules of their own, and merged into ``STRINGS``.
"""

from xlsx_scorer.i18n import findings_en, help_en, seating_en, web_en

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
#: Each game's own ``Results`` columns besides round, table and player (``core.columns``);
#: read only for a workbook of that game, so a word may mean one thing per game.
GAME_HEADERS = {
    "carcassonne": {
        "score": "Score",
        "road_points": "Roads",
        "city_points": "Cities",
        "cloister_points": "Cloisters",
        "field_points": "Fields",
        "other_points": "Other",
    },
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
    "out.tournament_points": "Tournament Points",
    "out.wins": "Wins",
    "out.score": "Score",
    "out.capped_vp": "Capped VP",
    "out.shares": "Shares",
    "out.relative": "Relative Shares",
    "out.firsts": "1st Places",
    "out.seconds": "2nd Places",
    "out.thirds": "3rd Places",
    "out.buchholz": "Buchholz",
    "out.score_diff": "Score Difference",
    "out.result": "Result",
    "out.win": "Win",
    "out.draw": "Draw",
    "out.loss": "Loss",
    "out.bye": "Bye",
    "title.chart_key": "{header}, cumulative",
    "event.format": "Format",
    "format.catan-es": (
        "Catan, Spanish qualifiers: round points 5/3/2/1 (5/3/2 at three), then VP, then VP %."
    ),
    "format.catan-de": (
        "Catan, German qualifiers: round points 5/3/2/1 (5/3/1 at three), then VP counted up "
        "to 10, then VP shares, then 1st, 2nd, 3rd places."
    ),
    "format.catan-world": (
        "Catan, CATAN Studio championship preliminaries: wins, then VP, then relative VP shares."
    ),
    "format.carcassonne-hig": (
        "Carcassonne, Hans im Glück qualifiers: tournament points 5/3/2/1 (5/3/1 at three), "
        "then relative points, then score."
    ),
    "format.carcassonne-swiss": (
        "Carcassonne, 2-player Swiss championship preliminaries: wins, then Buchholz without "
        "the weakest opponent, then score difference."
    ),
    "cli.formats": "Formats (choose one with --format NAME, or --format FILE.toml for your own):",
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
    "notice.no_results": (
        "No results yet: the {sheet} sheet has no games. Fill in the {sheet} sheet and score again."
    ),
    "notice.no_results_errors": (
        "No results yet, so there is nothing to check: the {sheet} sheet has no games."
    ),
    "notice.problems_found": (
        "{count, plural, one {# problem} other {# problems}} found. Checked on {when}."
    ),
    "notice.check": (
        "Check code of the table below: it changes when anyone edits the table. Score the "
        "workbook again (or run xlsx-scorer verify on an archive) to know whether the table "
        "was edited by hand."
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
    "cli.template_next": ("Next: fill in the {players} and {results} sheets, then run: {command}"),
    "cli.score_next": (
        "Open the {errors} sheet: each problem there links to its cell. "
        "{count, plural, one {Fix it} other {Fix them}}, then run again: {command}"
    ),
    "cli.top": "Top {count}:",
    "cli.wrote": "Wrote {file}.",
    "cli.no_workbooks": "No workbook (.xlsx or .xlsm) found in the folder {folder}.",
    "cli.output_collision": (
        "Two workbooks named {name} would be written into {folder}; score them into different"
        " folders."
    ),
    "cli.output_not_folder": (
        "The output {folder} must be an existing folder when several workbooks are scored."
    ),
    "cli.nothing_written": "Nothing was written.",
    "cli.interrupted": (
        "Stopped (Ctrl-C). {saved, plural, =0 {Nothing was written.} =1 {{files} had already "
        "been saved.} other {# files had already been saved: {files}.}}"
    ),
    "cli.internal_error": (
        "Internal error in xlsx-scorer ({detail}). {saved, plural, =0 {Nothing was written.} "
        "=1 {{files} had already been saved.} other {# files had already been saved: {files}.}} "
        "Please run the same command again with "
        "--debug and send its output and the workbook to the maintainers."
    ),
    "cli.serve_address": "xlsx-scorer is running: open {url} in your browser.",
    "cli.serve_network": (
        "Judges on the same network open {url} (or this computer’s network address instead of "
        "its name) and type the access code {token}."
    ),
    "cli.serve_stop": "Press Ctrl-C to stop it. Files are checked here and not kept.",
    "cli.serve_stopped": "Stopped.",
    "cli.serve_no_port": "Cannot listen on {host}: {detail}",
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
    "template.help.score": (
        "The player’s final score on the scoring track: a whole number, 0 or more."
    ),
    "template.help.road_points": (
        "Optional: points from roads over the whole game: 1 per tile of each road the player "
        "scored, complete or not at the end."
    ),
    "template.help.city_points": (
        "Optional: points from cities: 2 per tile and 2 per pennant of a completed city; 1 per "
        "tile and 1 per pennant of a city still open at the end."
    ),
    "template.help.cloister_points": (
        "Optional: points from cloisters: 1 for the cloister and 1 per tile around it (9 for a "
        "completed one)."
    ),
    "template.help.field_points": (
        "Optional: points from fields at the end: 3 per completed city each of the player’s "
        "fields touches."
    ),
    "template.help.other_points": (
        "Optional: every other point (expansions: inns, cathedrals, trade goods, castles…)."
    ),
    "template.help.format": "The tournament format: {formats}.",
    "instructions.carcassonne_results": (
        "Results sheet: one row per player per game. Type the round and table, pick the player "
        "from the list and type their final Score. Players of the same game share the same "
        "round and table."
    ),
    "instructions.carcassonne_breakdown": (
        "Roads, Cities, Cloisters, Fields and Other are optional: what each kind of feature "
        "scored for the player over the whole game. When all five are filled they must add up "
        "to the Score, which catches a number typed in the wrong place; leave them blank to "
        "skip the check."
    ),
    "instructions.carcassonne_roads": (
        "Roads: 1 point per tile of the road, when it is completed and, for a road still open, "
        "at the end of the game."
    ),
    "instructions.carcassonne_cities": (
        "Cities: a completed city scores 2 points per tile and 2 per pennant; a city still open "
        "at the end scores 1 per tile and 1 per pennant."
    ),
    "instructions.carcassonne_cloisters": (
        "Cloisters: a cloister surrounded by 8 tiles scores 9 points; at the end, one not "
        "surrounded scores 1 for itself and 1 per tile around it."
    ),
    "instructions.carcassonne_fields": (
        "Fields: only at the end of the game, 3 points per completed city the field touches, "
        "for the player with the most farmers in it."
    ),
    "instructions.carcassonne_other": (
        "Other: every point not from a road, city, cloister or field (from expansions)."
    ),
    "instructions.carcassonne_table": (
        "Per table: {sizes} players. A player plays once per round. The player with the "
        "highest Score takes first place; equal scores share the place."
    ),
    "instructions.bye": (
        "With an odd number of players, the one left over gets a row with the word {bye} as "
        "the table and no Score: a bye counts as a win."
    ),
    "instructions.format": "Format {name}: {description}",
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
    # Judges' commands: diff, merge, archive, verify
    "cli.blank": "(blank)",
    "cli.key": "round {round}, table {table}, {player}",
    "cli.key_repeated": "round {round}, table {table}, {player} (row {repeat} with these three)",
    "cli.diff_changed": "Changed {result}, {column}: {before} → {after}",
    "cli.diff_added": "Added {result}: {before} → {after}",
    "cli.diff_removed": "Removed {result}: {before} → {after}",
    "cli.roster_added": "Added to the roster: {name} ({cell})",
    "cli.roster_removed": "Removed from the roster: {name} ({cell})",
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
        "plural, one {# roster change} other {# roster changes}}."
    ),
    "cli.merge_next": "Check and score it with xlsx-scorer score.",
    "cli.merge_scored": (
        "Its Standings, Round Points and Errors sheets were scored anew from the merged "
        "results: {games, plural, one {# game} other {# games}}, {players, plural, one "
        "{# player} other {# players}}, no problems."
    ),
    "cli.merge_scored_problems": (
        "It has {count, plural, one {# problem} other {# problems}}, so its standings are "
        "withheld: its Standings and Round Points sheets say so, its Errors sheet lists "
        "{count, plural, one {it} other {them}}. Fix {count, plural, one {it} other {them}} "
        "and score it with xlsx-scorer score."
    ),
    "cli.archive_refused": (
        "{file} has {count, plural, one {# problem} other {# problems}}; an event is archived"
        " only when it has none. {count, plural, one {Fix it} other {Fix them}}, then archive"
        " again."
    ),
    "cli.archive_done": (
        "Archived {file} in {folder}: {files}. Fingerprint (SHA-256): {fingerprint}"
    ),
    "cli.verify_ok": (
        "{path}: everything agrees with the archived results. Fingerprint (SHA-256): {fingerprint}"
    ),
    "cli.verify_failed": (
        "{path}: {count, plural, one {# thing no longer agrees} other {# things no longer "
        "agree}} with the archived results."
    ),
    **findings_en.FINDINGS,
    **help_en.HELP,
    **web_en.WEB,
    **seating_en.SEATING,
}
