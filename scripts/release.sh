#!/usr/bin/env bash
# Build the one-file executable and a Linux release archive dist/tortuga-<version>-linux-<arch>.tar.gz.
#   scripts/release.sh            (expects the dev extra installed: pip install -e ".[dev]")
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
py="${PYTHON:-python}"
[ -x .venv/bin/python ] && py=.venv/bin/python
"$py" -m PyInstaller --noconfirm --clean build.spec >/dev/null
version="$("$py" -c 'import tomllib;print(tomllib.load(open("pyproject.toml","rb"))["project"]["version"])')"
name="tortuga-$version-linux-$(uname -m)"
stage="dist/$name"
rm -rf "$stage" && mkdir -p "$stage"
cp dist/tortuga "$stage/tortuga"
cp scripts/install.sh "$stage/install.sh"
cp assets/art/app_icon.svg "$stage/tortuga-desktop.svg"
cp README.md "$stage/README.md"
cp LICENSE "$stage/LICENSE"
cp assets/fonts/OFL.txt "$stage/FONT-LICENSE-OFL.txt"
tar -C dist -czf "dist/$name.tar.gz" "$name"
echo "dist/$name.tar.gz"
