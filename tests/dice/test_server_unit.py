"""The systemd unit shipped for a dedicated server (issue 26, item 3): the command it runs is
one the server accepts, and it keeps the hardening an operator relies on."""

from __future__ import annotations

import shlex
from pathlib import Path

from tortuga_desktop.net.server import build_parser

UNIT = Path(__file__).resolve().parents[2] / "docs" / "tortuga-server.service"


def unit() -> dict[str, dict[str, list[str]]]:
    out: dict[str, dict[str, list[str]]] = {}
    section = ""
    for raw in UNIT.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            out[section] = {}
            continue
        key, _, value = line.partition("=")
        out[section].setdefault(key, []).append(value)
    return out


def test_the_unit_runs_a_command_the_server_accepts() -> None:
    service = unit()["Service"]
    (cmd,) = service["ExecStart"]
    argv = shlex.split(cmd)
    assert argv[0].endswith("/tortuga-server")
    opts = build_parser().parse_args(argv[1:])  # an option the server lacks exits here
    state = "/var/lib/" + service["StateDirectory"][0]
    assert str(opts.save_dir) == state == service["WorkingDirectory"][0]
    assert opts.port == 47600 and opts.max_connections + 64 <= int(service["LimitNOFILE"][0])


def test_the_unit_is_hardened() -> None:
    service = unit()["Service"]
    want = {"DynamicUser": "yes", "ProtectSystem": "strict", "ProtectHome": "yes", "PrivateTmp": "yes",
            "NoNewPrivileges": "yes", "PrivateDevices": "yes", "UMask": "0077", "StateDirectoryMode": "0700",
            "RestrictSUIDSGID": "yes", "CapabilityBoundingSet": ""}
    for key, value in want.items():
        assert service.get(key) == [value], key
    assert "ReadWritePaths" not in service  # it writes only to its own state folder
    assert service["KillSignal"] == ["SIGTERM"]  # the server's clean stop (autosaves written)
