#!/nonexistent/hookctl-test/interpreter
echo "this line is never run"
