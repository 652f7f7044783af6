"""``python -m cardscript``: the command-line interface."""

import sys

from cardscript.cli import main

sys.exit(main())
