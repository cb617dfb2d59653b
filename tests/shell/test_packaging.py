"""The Linux install script puts the executable, a menu entry and the icon in place, and removes them."""

import os
import pathlib
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_install_and_uninstall_for_the_user(tmp_path: pathlib.Path) -> None:
    binary = tmp_path / "tortuga"
    binary.write_text("#!/bin/sh\necho tortuga\n")
    binary.chmod(0o755)
    prefix = tmp_path / "prefix"
    env = {**os.environ, "PREFIX": str(prefix), "XDG_DATA_HOME": str(prefix / "share")}
    script = ROOT / "scripts" / "install.sh"
    subprocess.run(["bash", str(script), "--binary", str(binary)], check=True, env=env, capture_output=True)
    exe = prefix / "bin" / "tortuga"
    desktop = prefix / "share" / "applications" / "tortuga-desktop.desktop"
    icon = prefix / "share" / "icons" / "hicolor" / "scalable" / "apps" / "tortuga-desktop.svg"
    assert exe.is_file() and os.access(exe, os.X_OK)
    assert icon.read_bytes() == (ROOT / "assets" / "art" / "app_icon.svg").read_bytes()
    entry = desktop.read_text()
    assert f"Exec={exe}" in entry and "Icon=tortuga-desktop" in entry and "Categories=Game;" in entry
    subprocess.run(["bash", str(script), "--uninstall"], check=True, env=env, capture_output=True)
    assert not exe.exists() and not desktop.exists() and not icon.exists()


def test_build_spec_has_no_machine_specific_paths() -> None:
    spec = (ROOT / "build.spec").read_text()
    assert "/work/" not in spec and "/home/" not in spec and "C:\\\\" not in spec
    assert "SPECPATH" in spec
