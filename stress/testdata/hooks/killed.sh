#!/bin/sh
# Dies by a signal after printing half an answer.
printf '{"action":'
kill -KILL $$
