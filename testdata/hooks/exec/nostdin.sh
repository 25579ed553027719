#!/bin/sh
# Never reads stdin.
printf '{}\n'
