# Reads a file beside it through __file__ (run as "python3 ./file.py").
import json
import os
import sys

here = os.path.dirname(__file__)
with open(os.path.join(here, "reason.txt")) as f:
    reason = f.read().strip()
sys.stdin.read()
print(json.dumps({"decision": "block", "reason": os.path.basename(__file__) + ": " + reason}))
