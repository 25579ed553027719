#!/bin/sh
# Answers after a UTF-8 byte-order mark.
printf '\357\273\277{"action":"block","message":"answered after a BOM"}\n'
