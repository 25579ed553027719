#!/bin/sh
# Never reads its stdin, however large the payload; answers after a moment.
sleep 0.2
echo '{"action":"block","message":"answered without reading stdin"}'
