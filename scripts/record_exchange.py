#!/usr/bin/env python3
"""Record a GradBench exchange for catad-gradbench's replay tests.

    scripts/record_exchange.py GB_DIR EVAL OUT.jsonl [EVAL OPTIONS...]

Runs the eval EVAL from the harness in GB_DIR (made by `../shared/gradbench/setup GB_DIR`) against
the reference tool `manual`, and writes one line per message to OUT.jsonl:
`{"message": …, "response": …}`, the eval's message and the reference's answer (its timings
dropped). The eval options choose small sizes, e.g. `-n 10 100 --min-seconds 0` for lse; see the
eval's run.py. The replay test (gradbench/tests/replay.rs) sends the same messages to
catad-gradbench and compares its outputs with the reference's at the harness's tolerance.
"""
import json
import subprocess
import sys


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    gb, name, out = sys.argv[1], sys.argv[2], sys.argv[3]
    options = sys.argv[4:]
    python = f"{gb}/.venv/bin/python"
    ev = subprocess.Popen(
        [python, f"python/gradbench/gradbench/evals/{name}/run.py", *options],
        cwd=gb, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    tool = subprocess.Popen(
        [python, "-m", "gradbench.cpp", "manual"],
        cwd=gb, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    records = []
    failed = 0
    while True:
        line = ev.stdout.readline()
        if not line:
            break
        message = json.loads(line)
        if message.get("kind") == "end":
            break
        tool.stdin.write(line)
        tool.stdin.flush()
        answer = tool.stdout.readline()
        response = json.loads(answer)
        if message.get("kind") == "analysis" and not message.get("valid"):
            failed += 1
        response.pop("timings", None)
        records.append({"message": message, "response": response})
        ev.stdin.write(answer)
        ev.stdin.flush()
    tool.stdin.close()
    ev.stdin.close()
    tool.wait()
    ev.wait()
    with open(out, "w") as f:
        for r in records:
            f.write(json.dumps(r) + "\n")
    print(f"{name}: {len(records)} messages recorded in {out}, {failed} invalid")
    sys.exit(1 if failed else 0)


main()
