#!/bin/sh
# A fixture transform hook: append.sh FIELD SUFFIX answers {"result": extra.FIELD + SUFFIX}.
# It reads the payload with sed, so the texts must be plain: no quotes, no backslashes.
text=$(sed -n "s/.*\"$1\":\"\([^\"]*\)\".*/\1/p")
printf '{"result":"%s%s"}\n' "$text" "$2"
