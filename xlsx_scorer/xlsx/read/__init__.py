"""Reading a workbook: the ``Results`` table, the roster and the event, from the package's XML.

``reader.read_workbook`` is the entry; under it ``sheetcells`` (expat, streamed, exact) or
``plaincells`` (the plain form spreadsheets write) read one sheet's cells as codes,
``cellvalues`` says what a cell's text means, ``resultsframe`` makes the ``Results`` frame.
Nothing here imports ``xlsx.write``: reading a workbook changes nothing.
"""
