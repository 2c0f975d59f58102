"""Frozen entry point of Iwari Desktop (the script PyInstaller starts).

`iwari_desktop/__main__.py` uses a relative import, so it cannot be PyInstaller's top-level
script itself; this file calls the same `main()` that `iwari` and `python -m iwari_desktop` call.
"""

import sys

from iwari_desktop.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
