#!/bin/sh
# Answers, closes stdout, then keeps working a little before it exits.
echo '{"action":"block","message":"answered, then closed stdout"}'
exec >&-
sleep 0.5
echo $$ > "$STRESS_DIR/finished"
