#!/bin/sh
# Leaves a trace that it ran, so a test can prove it did not.
: > "$STRESS_DIR/ran"
echo '{}'
