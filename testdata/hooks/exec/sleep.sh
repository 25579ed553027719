#!/bin/sh
# Sleeps for $1 seconds, then answers.
sleep "$1"
printf '{}\n'
