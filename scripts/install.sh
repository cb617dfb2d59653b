#!/usr/bin/env bash
# Install (or uninstall) the one-file executable for the current user on Linux.
#   scripts/install.sh [--uninstall] [--binary PATH]
# Puts the executable in ~/.local/bin, a .desktop entry in ~/.local/share/applications and the
# icon in ~/.local/share/icons/hicolor/scalable/apps. XDG_DATA_HOME and PREFIX are respected.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
prefix="${PREFIX:-$HOME/.local}"
data="${XDG_DATA_HOME:-$prefix/share}"
bin_dir="$prefix/bin"
app_dir="$data/applications"
icon_dir="$data/icons/hicolor/scalable/apps"
binary=""
action=install
while [ $# -gt 0 ]; do
  case "$1" in
    --uninstall) action=uninstall ;;
    --binary) binary="$2"; shift ;;
    -h|--help) sed -n 2,6p "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
  shift
done
if [ "$action" = uninstall ]; then
  rm -f "$bin_dir/tortuga" "$app_dir/tortuga-desktop.desktop" "$icon_dir/tortuga-desktop.svg"
  echo "Tortuga removed from $prefix (saves and settings are kept)."
  exit 0
fi
# The executable: an explicit --binary, one next to this script (release archive) or dist/ (checkout).
for candidate in "$binary" "$here/tortuga" "$root/tortuga" "$root/dist/tortuga"; do
  if [ -n "$candidate" ] && [ -f "$candidate" ]; then binary="$candidate"; break; fi
done
[ -f "$binary" ] || { echo "no executable found: build it with 'pyinstaller build.spec' first" >&2; exit 1; }
icon=""
for candidate in "$here/tortuga-desktop.svg" "$root/assets/art/app_icon.svg"; do
  if [ -f "$candidate" ]; then icon="$candidate"; break; fi
done
mkdir -p "$bin_dir" "$app_dir" "$icon_dir"
install -m 755 "$binary" "$bin_dir/tortuga"
[ -n "$icon" ] && install -m 644 "$icon" "$icon_dir/tortuga-desktop.svg"
cat > "$app_dir/tortuga-desktop.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Tortuga
GenericName=Pirate dice game
Comment=Roll dice, fight over actions and ship treasure to Tortuga
Exec=$bin_dir/tortuga
Icon=tortuga-desktop
Terminal=false
Categories=Game;BoardGame;
DESKTOP
echo "Tortuga installed: $bin_dir/tortuga (menu entry: $app_dir/tortuga-desktop.desktop)"
