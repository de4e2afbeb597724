"""The Nu HTML Checker's answer (vnu.jar --format json) as one line per page: 0 errors passes.

Usage: nu_report.py VNU_JSON PAGE...   (every page checked, so that a page with no message counts)
"""
import json
import os
import sys

report, pages = sys.argv[1], sys.argv[2:]
with open(report) as f:
    text = f.read()
messages = json.loads(text).get("messages", []) if text.strip() else None
if messages is None:
    print("FAILED: the Nu checker gave no answer")
    sys.exit(1)
errors = {}
for m in messages:
    if m.get("type") == "error" or m.get("subType") == "fatal":
        page = os.path.basename(m.get("url", "?").replace("file:", ""))
        errors.setdefault(page, []).append(f'line {m.get("lastLine", "?")}: {m.get("message", "")}')
failed = 0
if not pages or not all(os.path.isfile(p) for p in pages):
    print("FAILED: Nu HTML Checker: no pages were saved to check")
    sys.exit(1)
for p in pages:
    name = os.path.basename(p)
    found = errors.get(name, [])
    if found:
        failed += 1
        print(f"FAILED: Nu HTML Checker: {name}: {len(found)} errors")
        for e in found[:10]:
            print(f"    {e}")
    else:
        print(f"ok: Nu HTML Checker: {name}: 0 errors")
print(f"Nu HTML Checker: {len(pages) - failed} pages passed, {failed} failed")
sys.exit(1 if failed else 0)
