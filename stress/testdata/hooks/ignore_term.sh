#!/bin/sh
# Ignores SIGTERM, and so do its children (an ignored signal stays ignored across exec):
# only the SIGKILL that follows the grace can end it.
trap '' TERM
sleep 600 &
while :; do sleep 1; done
