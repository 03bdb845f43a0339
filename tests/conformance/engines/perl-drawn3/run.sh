#!/bin/sh
# Runs the Frog engine (Perl 5, core modules only; nothing to build).
# Usage: run.sh [--house NAME]...
DIR=$(cd "$(dirname "$0")" && pwd)
exec perl "$DIR/frog.pl" "$@"
