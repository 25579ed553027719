#!/bin/sh
# Prints to stdout without end.
yes '{"flood":true}'
