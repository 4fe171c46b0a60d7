"""The command line's help in English: ``HELP`` (ICU patterns, part of ``en.STRINGS``) and
``ARGPARSE`` (argparse's own words, by their gettext msgid: English needs none)."""

HELP = {
    "help.description": "Score a Catan tournament kept in an Excel workbook.",
    "help.exit_codes": (
        "Exit code 0: no problems; 1: the workbook has errors; 2: the file could not be used "
        "(nothing written); 3: an internal error of xlsx-scorer (the message says whether "
        "anything was written)."
    ),
    "help.version": "show the version and exit",
    "help.metavar_command": "COMMAND",
    "help.metavar_workbook": "WORKBOOK",
    "help.metavar_output": "OUTPUT",
    "help.metavar_event": "EVENT",
    "help.metavar_folder": "FOLDER",
    "help.metavar_number": "NUMBER",
    "help.metavar_name": "NAME",
    "help.metavar_first": "A",
    "help.metavar_second": "B",
    "help.metavar_base": "BASE",
    "help.metavar_copy": "COPY",
    "help.metavar_merged": "MERGED",
    "help.metavar_archive": "FOLDER_OR_WORKBOOK",
    "help.metavar_port": "PORT",
    "help.metavar_host": "ADDRESS",
    "help.lang": (
        "language of messages and output sheets (default: the workbook’s, else the "
        "system’s, else English)"
    ),
    "help.template_lang": (
        "language of the workbook and of the messages (default: the system’s, else English)"
    ),
    "help.lang_messages": (
        "language of the messages (default: the workbook’s, else the system’s, else English)"
    ),
    "help.debug": "show the technical details (traceback) on failure",
    "help.score": "check and score a workbook; write Standings, Round Points and Errors into it",
    "help.score_description": (
        "Check every game of the Results sheet against the rules, score the tournament and "
        "write the Standings, Round Points and Errors sheets. While the workbook has errors, "
        "no standings are published."
    ),
    "help.workbooks": "the tournament workbook (.xlsx or .xlsm); several, or a folder of them",
    "help.score_output": (
        "write a scored copy here instead of in place (a folder, for several workbooks)"
    ),
    "help.force_output": "replace an existing OUTPUT (its contents are lost)",
    "help.check": "check a workbook against the rules and list every problem; write nothing",
    "help.check_description": (
        "Check every game of the Results sheet against the rules and list every problem, in "
        "the workbook’s language or as JSON (docs/findings.md). Nothing is written."
    ),
    "help.json": "print the findings as JSON (docs/findings.md)",
    "help.metavar_format": "FORMAT",
    "help.format": (
        "the tournament format: a shipped one (see the formats command) or your own format "
        "file (.toml); default: the format the workbook declares, else catan-es"
    ),
    "help.formats": "list the tournament formats that ship, one line each",
    "help.formats_description": (
        "List the tournament formats that ship with xlsx-scorer: the game, how places become "
        "points and how ties are broken. Choose one with --format NAME, or write your own "
        "format file and choose it with --format FILE.toml."
    ),
    "help.template": "write an empty tournament workbook, ready to fill in",
    "help.template_description": (
        "Write an empty tournament workbook (Event, Players, Results and Instructions sheets, "
        "with dropdowns and checks on every input column) in the chosen language. An "
        "existing file is never replaced unless --force is given."
    ),
    "help.template_output": "the .xlsx file to create",
    "help.force_template": "replace OUTPUT if it exists (its contents are lost)",
    "help.players": "rows on the Players roster (default: {default})",
    "help.rounds": "rounds to prepare Results rows for (default: {default})",
    "help.event": "the event name, written on the Event sheet",
    "help.bad_count": "expected a whole number from 1 to {high}",
    "help.diff": "show what changed between two copies of an event, cell by cell",
    "help.diff_description": (
        "Compare the Results (and Players) sheets of two copies of an event. Rows are matched "
        "by round, table and player, not by row number. Exit code 0: the same; 1: they "
        "differ; 2: a file could not be used."
    ),
    "help.diff_first": "the earlier copy",
    "help.diff_second": "the later copy",
    "help.merge": "merge the copies judges send back into the workbook they started from",
    "help.merge_description": (
        "Three-way merge: every value a copy changed from BASE is taken; the same change in "
        "several copies is taken once; different changes to the same value are a conflict, "
        "and then nothing is written. MERGED is BASE with only the changed and added cells "
        "written; when BASE was scored, MERGED’s Standings, Round Points and Errors are "
        "scored anew from the merged results. Exit code 0: merged; 1: conflicts; 2: a file "
        "could not be used, or MERGED cannot be written (it exists without --force, is an input "
        "or a folder, is read-only or open in a spreadsheet)."
    ),
    "help.merge_base": "the workbook the judges got",
    "help.merge_copies": "the copies they sent back",
    "help.merge_output": "the file to write",
    "help.force_merge": "replace an existing MERGED (its contents are lost)",
    "help.archive": "archive a finished event: protected workbook, fingerprint, data package",
    "help.archive_description": (
        "Write FOLDER with the scored workbook (every sheet protected, a SHA-256 fingerprint "
        "of the results and standings recorded in it) and a Frictionless Data Package "
        "(datapackage.json, results.csv, games.csv, standings.csv). Refused while the event "
        "has problems. Exit code 0: archived; 1: the event has problems; 2: the file could "
        "not be used or FOLDER is not empty."
    ),
    "help.archive_workbook": "the event workbook",
    "help.archive_folder": "a new, empty folder",
    "help.verify": "check that an archived event was not edited since it was archived",
    "help.verify_description": (
        "Recompute everything from the archived results and compare it with the fingerprint, "
        "the Standings and Round Points sheets and, in an archive folder, datapackage.json "
        "and every CSV file. Exit code 0: everything agrees; 1: something was edited or "
        "removed; 2: the workbook could not be read."
    ),
    "help.verify_path": "an archive folder or its workbook",
    "help.serve": "open the organiser’s web page on this computer",
    "help.serve_description": (
        "Serve a web page where a workbook is dropped, checked and scored, on this computer "
        "only (127.0.0.1). With --host 0.0.0.0 judges on the same network can use it too: an "
        "access code is printed and the page asks for it."
    ),
    "help.port": "the port to listen on, or the next free one (default: {default}; 0: any)",
    "help.host": "the address to listen on (default: {default})",
    "help.no_browser": "do not open the page in the browser",
    "help.serve_lang": (
        "language of these messages and of the page opened (default: the system’s, else English)"
    ),
    "help.bad_port": "expected a port number from 0 to 65535",
}

ARGPARSE: dict[str, str] = {}
