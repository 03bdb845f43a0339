#!/bin/sh
# Build the engine if needed, then run it with all arguments passed on.
DIR="$(cd "$(dirname "$0")" && pwd)"
BIN="$DIR/frog"
SRC="$DIR/frog.cpp"
if [ ! -x "$BIN" ] || [ "$SRC" -nt "$BIN" ]; then
    g++ -std=c++17 -O2 -o "$BIN.tmp.$$" "$SRC" >&2 && mv -f "$BIN.tmp.$$" "$BIN" || exit 1
fi
exec "$BIN" "$@"
