#!/usr/bin/env python3
"""Record a small ht exchange for catad-gradbench's replay tests.

    GB_DIR/.venv/bin/python scripts/record_ht.py GB_DIR OUT.jsonl [CORRESPONDENCES]

ht's inputs carry the whole hand model (544 vertices, 22 bones: ~300 KB a message), too much for
tests/data. This script reads GradBench's small model and `hand1` in both variants, keeps the
first CORRESPONDENCES (default 8) correspondences and only the vertices they read (re-indexed,
with their triangles), and asks the reference tool `manual` for the objective and Jacobian of
each: the simple variant, the complicated one, and (the objective only) the complicated one
with the model mirrored (`is_mirrored`, which GradBench's data never sets): manual's Jacobian
of a mirrored model is wrong, as `ht_d.cpp` negates the skinned positions' x but not their
derivatives' (catad's tests check its own against central differences). It writes the exchange as
scripts/record_exchange.py does, `{"message": …, "response": …}` per line, timings dropped.
"""
import json
import subprocess
import sys
from pathlib import Path

from gradbench.evals.ht import io


def instance(gb, variant, keep, mirrored):
    """hand1's input in `variant`, cut to its first `keep` correspondences."""
    data = Path(gb) / "evals/ht/data" / f"{variant}_small"
    fn = next(data.glob("hand1_*.txt"))
    full = io.read_hand_instance(data / "model", fn, variant == "complicated").to_dict()
    model, d = full["data"]["model"], full["data"]
    correspondences = d["correspondences"][:keep]
    if variant == "complicated":
        triangles = [model["triangles"][c] for c in correspondences]
        used = sorted({v for t in triangles for v in t})
    else:
        used = sorted(set(correspondences))
    index = {v: i for i, v in enumerate(used)}
    if variant == "complicated":
        model["triangles"] = [[index[v] for v in t] for t in triangles]
        correspondences = list(range(len(triangles)))
    else:
        model["triangles"] = []
        correspondences = [index[c] for c in correspondences]
    model["base_positions"] = [model["base_positions"][v] for v in used]
    model["weights"] = [model["weights"][v] for v in used]
    model["is_mirrored"] = mirrored
    d["correspondences"] = correspondences
    d["points"] = d["points"][:keep]
    full["us"] = full["us"][:keep]
    return full


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    gb, out = sys.argv[1], sys.argv[2]
    keep = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    both = ["objective", "jacobian"]
    inputs = [
        ("simple", instance(gb, "simple", keep, False), both),
        ("complicated", instance(gb, "complicated", keep, False), both),
        ("complicated mirrored", instance(gb, "complicated", keep, True), ["objective"]),
    ]
    messages = [
        {"id": 0, "kind": "start", "eval": "ht", "config": {"correspondences": keep}},
        {"id": 1, "kind": "define", "module": "ht"},
    ]
    for description, input, functions in inputs:
        for function in functions:
            messages.append({
                "id": len(messages), "kind": "evaluate", "module": "ht",
                "function": function, "description": description,
                "input": input | {"min_runs": 1, "min_seconds": 0},
            })
    tool = subprocess.Popen(
        [f"{gb}/.venv/bin/python", "-m", "gradbench.cpp", "manual"],
        cwd=gb, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    with open(out, "w") as f:
        for message in messages:
            tool.stdin.write(json.dumps(message) + "\n")
            tool.stdin.flush()
            response = json.loads(tool.stdout.readline())
            if message["kind"] == "evaluate" and not response.get("success"):
                sys.exit(f"manual failed on {message['description']}: {response}")
            response.pop("timings", None)
            f.write(json.dumps({"message": message, "response": response}) + "\n")
    tool.stdin.close()
    tool.wait()
    print(f"ht: {len(messages)} messages recorded in {out}")


main()
