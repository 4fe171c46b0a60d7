"""``python -m xlsx_scorer``."""

import sys

from xlsx_scorer.cli import main

sys.exit(main())
