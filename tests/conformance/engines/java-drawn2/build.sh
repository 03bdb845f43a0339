#!/bin/sh
# Build the engine: classes go to out/.
set -e
cd "$(dirname "$0")"
mkdir -p out
javac -d out src/Frog.java
