#!/bin/sh
# Answers and exits at once, leaving a grandchild in its group that keeps stdout open.
( sleep 600 & )
echo '{"action":"block","message":"answered, a grandchild still holds stdout"}'
