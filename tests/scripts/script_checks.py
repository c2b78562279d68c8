# SPDX-License-Identifier: GPL-3.0-or-later
"""What the tests of scripts/ share: a script loaded as a module (its functions tested on
made-up data), and the failed checks collected and reported at the end. Standard library only."""

import importlib.util
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def script_path(name):
    """scripts/NAME.py in this checkout."""
    return os.path.join(ROOT, "scripts", name + ".py")


def load_script(name):
    """scripts/NAME.py as a module: its definitions run, its main() does not."""
    spec = importlib.util.spec_from_file_location(name, script_path(name))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Checks:
    """check(condition, message) records the message when the condition is false; finish()
    prints every recorded one and exits 1 if there was any, 0 otherwise."""

    def __init__(self, test_name):
        self.test_name = test_name
        self.failures = []

    def __call__(self, condition, message):
        if not condition:
            self.failures.append(message)

    def finish(self):
        for message in self.failures:
            print("FAILED:", message)
        print(f"{self.test_name}: {len(self.failures)} failure(s)")
        sys.exit(1 if self.failures else 0)
