"""The words of seating (``xlsx-scorer seat``) in English: ``SEATING`` (part of ``en.STRINGS``).

>>> from xlsx_scorer.i18n import text
>>> text("en", "seat.sheet", round=3)
'Seating R3'
"""

SEATING = {
    # The roster's optional columns and the Event sheet's number of rounds
    "roster.dropped_after": "Dropped After Round",
    "roster.fixed_table": "Fixed Table",
    "roster.club": "Club",
    "event.rounds": "Rounds",
    # Results: the table of a bye; the printable sheet
    "seat.bye": "Bye",
    "seat.sheet": "Seating R{round}",
    "seat.title": "Round {round}: seating",
    "seat.note": "The first seat of each table starts. Type the results in {sheet}.",
    "seat.table": "Table",
    "seat.seat": "Seat",
    "seat.player": "Player",
    "seat.result": "Result",
    # Findings
    "notice.seat_summary": (
        "Round {round}: {players, plural, one {# player} other {# players}} at "
        "{tables, plural, one {# table} other {# tables}}, {byes, plural, =0 {no bye} one {# bye}"
        " other {# byes}}, {repeats, plural, =0 {no repeated opponents} one {# pair meeting "
        "again} other {# pairs meeting again}}."
    ),
    "notice.seat_repeat": (
        "{players} meet again (meeting {times}): no seating without it was found."
    ),
    "notice.seat_club": (
        "{players} share the club “{club}” and sit together: the roster leaves no other way."
    ),
    "notice.seat_small_again": (
        "{player} sits at a 3-player table again (time {times}) before everyone has had one."
    ),
    "notice.seat_bye_again": (
        "{player} gets a bye again (time {times}) before everyone has had one."
    ),
    "notice.seat_starts": "Starts per player after this round: from {low} to {high}.",
    "notice.seat_spread": (
        "Swiss: the players of a table are on average {spread} places apart in the standings."
    ),
    "notice.seat_fixed_missing": (
        "{player}: there is no table {table} this round ({tables, plural, one {# table} other "
        "{# tables}}); seated at another."
    ),
    "notice.seat_fixed_shared": (
        "{player} cannot keep fixed table {table}: {players} are fixed there, more than it seats."
    ),
    "notice.seat_fixed_unmet": "{player} could not be seated at fixed table {table}.",
    "unusable.seat_count": (
        "{count, plural, one {# player} other {# players}} cannot be seated at tables of {sizes}."
    ),
    "unusable.seat_round_taken": (
        "Round {round} already has rows in {results}; a seated round is not seated again."
    ),
    "unusable.seat_no_roster": "Seating needs the Players sheet with the name of every player.",
    "unusable.seat_needs_scores": (
        "Swiss seating needs the earlier rounds complete and without errors: "
        "{count, plural, one {# problem} other {# problems}} found (see xlsx-scorer check)."
    ),
    "cli.seat_done": (
        "Round {round} seated in {file}: its rows are in {results}, the slips in {sheet}."
    ),
    # The command's help
    "help.seat": "seat the next round: tables written into Results, a printable sheet",
    "help.seat_description": (
        "Seat every active player of the roster for the round given: no repeated opponents while "
        "possible, fair 3-player tables, byes and starts, fixed tables and clubs kept."
    ),
    "help.seat_round": "the round to seat",
    "help.seat_method": "random (default for table games) or swiss (default for 2-player formats)",
    "help.seat_seed": "the seed: the same workbook and seed give the same seating (default: 0)",
    "help.seat_rounds": (
        "the event''s number of rounds (default: the Event sheet''s, else the round)"
    ),
    "help.seat_output": "write the seated workbook here (default: in place)",
    "help.force_seat": "replace an existing OUTPUT",
}
