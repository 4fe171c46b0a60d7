"""The organiser's workbook, in two directions: reading it, and writing our sheets into theirs.

- ``read/``: what the organiser typed, read from the package's XML: the ``Results`` table,
  the roster, the event (``reader`` and the cell readers under it).  Nothing in ``read/``
  imports ``write/``: reading a workbook changes nothing.
- ``write/``: our sheets spliced into their package (``splice``), cells edited in place
  (``patch``, ``carrydown``), an archive sealed (``archival``), the file saved (``save``).
  Writing asks ``read/`` what the workbook holds (where a cell is, the shared strings).
- Here, what both directions share: ``worksheet`` (one worksheet's XML, the one front door
  for every question asked of it), ``ours`` (which sheets we wrote: the marker),
  ``eventformat`` (the format the ``Event`` sheet records: read, and recorded by a patch)
  and ``parallel`` (a pure function mapped on two processes, for reading and for writing).

For example, ``xlsx_scorer.xlsx.read.reader.read_workbook`` reads a workbook and
``xlsx_scorer.xlsx.write.splice.write_sheets`` writes the scored sheets into it.
"""
