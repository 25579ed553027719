#!/bin/sh
# A hook sleeping with a child in its group, for signals sent to hookctl meanwhile. With
# STRESS_QUICK set it answers at once.
if [ -n "$STRESS_QUICK" ]; then
	echo '{}'
	exit 0
fi
sleep 600 &
echo $$ > "$STRESS_DIR/started"
sleep 600
