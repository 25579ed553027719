#!/bin/sh
# Double-forks into a new session: the grandchild leaves the hook's process group, so it is
# out of hookctl's reach. It keeps stdout open and writes its pid for the test to end it.
( setsid sh -c 'echo $$ > "$STRESS_DIR/escaped.pid"; exec sleep 600' & )
while [ ! -s "$STRESS_DIR/escaped.pid" ]; do sleep 0.01; done
echo '{"action":"block","message":"answered, an escaped grandchild still holds stdout"}'
