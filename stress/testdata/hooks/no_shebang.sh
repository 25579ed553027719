# An executable script with no #! line: only a shell would guess how to run it.
echo '{"action":"block","message":"should never run"}'
