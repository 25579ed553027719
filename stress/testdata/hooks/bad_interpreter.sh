#!/nonexistent/bin/interpreter
echo '{"action":"block","message":"should never run"}'
