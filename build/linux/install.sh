#!/bin/sh
# Installs (or removes) Iwari Desktop for the current user on Linux: no root, nothing outside $HOME.
#
#   ./install.sh [APP_FOLDER]      install the one-folder build (default: ./iwari next to this
#                                  script in a release archive, else dist/iwari of a checkout)
#   ./install.sh --uninstall       remove the program, menu entry and icon (saves are kept)
#
# What goes where (XDG defaults):
#   program    ~/.local/opt/iwari-desktop/          (a copy of the one-folder build)
#   command    ~/.local/bin/iwari                   (a symlink)
#   menu entry ~/.local/share/applications/iwari-desktop.desktop
#   icon       ~/.local/share/icons/hicolor/256x256/apps/iwari-desktop.png
# Saves and settings are not touched: they live in ~/.local/share/iwari-desktop and
# ~/.config/iwari-desktop (platformdirs), whichever way the game was installed.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
data_home=${XDG_DATA_HOME:-$HOME/.local/share}
opt_dir="$HOME/.local/opt/iwari-desktop"
bin_link="$HOME/.local/bin/iwari"
desktop_file="$data_home/applications/iwari-desktop.desktop"
icon_file="$data_home/icons/hicolor/256x256/apps/iwari-desktop.png"

refresh_menus() {
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q "$data_home/applications" 2>/dev/null || true
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1; then
        gtk-update-icon-cache -q -t "$data_home/icons/hicolor" 2>/dev/null || true
    fi
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -rf "$opt_dir"
    [ -L "$bin_link" ] && rm -f "$bin_link"
    rm -f "$desktop_file" "$icon_file"
    refresh_menus
    echo "Iwari Desktop removed (saves and settings kept in $data_home/iwari-desktop and ${XDG_CONFIG_HOME:-$HOME/.config}/iwari-desktop)."
    exit 0
fi

if [ $# -ge 1 ]; then
    app_src=$1
elif [ -x "$here/iwari/iwari" ]; then
    app_src="$here/iwari"
elif [ -x "$here/iwari" ] && [ -d "$here/_internal" ]; then
    app_src="$here"
else
    app_src="$here/../../dist/iwari"
fi
if [ ! -x "$app_src/iwari" ]; then
    echo "error: no Iwari build at $app_src (run 'make dist' first, or pass the folder holding 'iwari')" >&2
    exit 1
fi
app_src=$(cd "$app_src" && pwd)

template="$here/iwari-desktop.desktop"
[ -f "$template" ] || template="$app_src/iwari-desktop.desktop"
if [ ! -f "$template" ]; then
    echo "error: iwari-desktop.desktop not found next to $0" >&2
    exit 1
fi

mkdir -p "$(dirname "$opt_dir")" "$(dirname "$bin_link")" "$(dirname "$desktop_file")" "$(dirname "$icon_file")"
rm -rf "$opt_dir.new"
cp -R "$app_src" "$opt_dir.new"
rm -rf "$opt_dir"
mv "$opt_dir.new" "$opt_dir"
ln -sfn "$opt_dir/iwari" "$bin_link"

icon_src="$opt_dir/_internal/assets/sprites/icon.png"
[ -f "$icon_src" ] && cp "$icon_src" "$icon_file"

# Exec needs quoting rules of the Desktop Entry spec (the path may hold spaces); TryExec is literal.
exec_quoted=$(printf '%s' "$opt_dir/iwari" | sed 's/[\\"`$]/\\\\&/g')
while IFS= read -r line || [ -n "$line" ]; do
    case $line in
        Exec=*) printf 'Exec="%s"\n' "$exec_quoted" ;;
        TryExec=*) printf 'TryExec=%s\n' "$opt_dir/iwari" ;;
        *) printf '%s\n' "$line" ;;
    esac
done <"$template" >"$desktop_file"
chmod 644 "$desktop_file"
refresh_menus

echo "Iwari Desktop installed in $opt_dir"
echo "  menu entry: $desktop_file"
case ":$PATH:" in
    *":$HOME/.local/bin:"*) echo "  command:    iwari" ;;
    *) echo "  command:    $bin_link (add ~/.local/bin to PATH to type just 'iwari')" ;;
esac
