"""Benchmarks, soaks, fuzzers and screenshot makers: run one from the repository root as a
module, ``python -m scripts.NAME --help`` (the game must be installed: ``pip install -e .``).
What several share (options, worker processes, JSON output) is in :mod:`scripts.harness`."""
