#!/bin/sh
# Answers with invalid UTF-8 (bytes 0xff 0xfe) inside the message.
printf '{"action":"block","message":"bad \377\376 bytes"}\n'
