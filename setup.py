"""Package discovery for setuptools; everything else is declared in pyproject.toml.

Every package under ``tortuga_desktop/`` is found automatically (a new sub-package can never be left out of
the wheel), and ``assets/`` is added as ``tortuga_desktop.assets`` (mapped in pyproject.toml's package-dir).
"""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["tortuga_desktop", "tortuga_desktop.*"]), "tortuga_desktop.assets"])
