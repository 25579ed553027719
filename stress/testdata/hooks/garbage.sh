#!/bin/sh
# Prints binary garbage (random bytes the test wrote).
exec cat "$STRESS_DIR/garbage.bin"
