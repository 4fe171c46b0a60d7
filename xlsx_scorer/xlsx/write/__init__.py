"""Writing into the organiser's workbook by splicing text: their bytes stay, ours are added.

``splice.write_sheets`` writes our sheets (``spec`` says what one holds; ``sheetxml``,
``styles``, ``chart`` and ``workbookxml`` give the XML); ``patch`` edits result cells in place
and ``carrydown`` carries a table down over added rows; ``archival`` seals an archive copy;
``save`` writes the file atomically; ``sheetview`` unselects a sheet of theirs.
"""
