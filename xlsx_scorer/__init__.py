"""xlsx_scorer: score Catan tournaments kept in Excel workbooks."""

__version__ = "0.1.0"
