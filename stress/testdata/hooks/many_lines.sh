#!/bin/sh
# Prints 10,000 lines of noise, then its answer on the last line.
i=0
while [ $i -lt 10000 ]; do
	echo "noise line $i"
	i=$((i + 1))
done
echo '{"action":"block","message":"the last line answers"}'
