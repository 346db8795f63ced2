#!/usr/bin/env python3
"""Run GradBench's evals against catad-gradbench and the reference tool, and write docs/gradbench.md.

    scripts/gradbench_report.py [--gb DIR] [--evals hello lse ...] [--out docs/gradbench.md]

For each eval, at its default sizes, this runs (from the harness directory DIR, made by
`../shared/gradbench/setup DIR`; default /work/gb):

    ../shared/gradbench/run '.venv/bin/python python/gradbench/gradbench/evals/EVAL/run.py' \\
        -- 'cargo run --release -q --manifest-path WORKSPACE/Cargo.toml -p catad-gradbench'
    ../shared/gradbench/run '.venv/bin/python python/gradbench/gradbench/evals/EVAL/run.py' \\
        -- '.venv/bin/python -m gradbench.cpp manual'

the first under `/usr/bin/time -v` for catad's peak resident memory, and writes one table per eval
(function, size, catad's and manual's median `evaluate` time, their ratio, validity) with the
commands. The raw outputs of the runs are kept next to the report, in docs/gradbench-runs/.
Needs CARGO_TARGET_DIR or builds in the workspace's target/.
"""
import argparse
import datetime
import os
import platform
import re
import subprocess
import sys
from pathlib import Path

EVALS = ["hello", "lse", "llsq", "ode", "det", "gmm", "ba"]
WORKSPACE = Path(__file__).resolve().parent.parent
RUN = WORKSPACE.parent / "shared" / "gradbench" / "run"
LINE = re.compile(
    r"^\s*(?P<function>\S+)\s+(?P<size>\S*)\s+(?P<valid>valid|INVALID)\s+median\s+(?P<median>\S+) ms"
    r" over (?P<runs>\d+) runs"
)
FAILED = re.compile(r"^\s*(?P<function>\S+)\s+(?P<size>\S*)\s+FAILED\s+(?P<error>.*)$")
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed")


def eval_command(name):
    return f".venv/bin/python python/gradbench/gradbench/evals/{name}/run.py"


CATAD = f"cargo run --release -q --manifest-path {WORKSPACE}/Cargo.toml -p catad-gradbench"
MANUAL = ".venv/bin/python -m gradbench.cpp manual"


def run(gb, name, tool, timed):
    """The lines `run` printed, and the tool's peak RSS in KiB where timed."""
    rss_file = Path(gb) / f".rss-{name}"
    command = tool
    if timed:
        command = f"/usr/bin/time -v -o {rss_file} {tool}"
    proc = subprocess.run(
        [sys.executable, str(RUN), eval_command(name), "--", command],
        cwd=gb, capture_output=True, text=True,
    )
    rss = None
    if timed and rss_file.exists():
        m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", rss_file.read_text())
        rss = int(m.group(1)) if m else None
        rss_file.unlink()
    return proc.stdout, rss


def parse(output):
    rows, summary = [], None
    for line in output.splitlines():
        if m := LINE.match(line):
            rows.append(dict(function=m["function"], size=m["size"], valid=m["valid"] == "valid",
                             median=float(m["median"]), runs=int(m["runs"])))
        elif m := FAILED.match(line):
            rows.append(dict(function=m["function"], size=m["size"], valid=False, median=None,
                             runs=0, error=m["error"]))
        elif m := SUMMARY.match(line):
            summary = (int(m.group(1)), int(m.group(2)))
    return rows, summary


def ms(x):
    return "—" if x is None else f"{x:.3f}"


def table(catad_rows, manual_rows):
    lines = ["| function | size | catad median (ms) | manual median (ms) | ratio | valid |",
             "|---|---|--:|--:|--:|---|"]
    manual = {}
    for r in manual_rows:
        manual.setdefault((r["function"], r["size"]), []).append(r)
    for r in catad_rows:
        ref = manual.get((r["function"], r["size"]), [])
        ref = ref.pop(0) if ref else None
        ref_median = ref["median"] if ref else None
        ratio = (f"{r['median'] / ref_median:.1f}×"
                 if r["median"] is not None and ref_median else "—")
        valid = "valid" if r["valid"] else f"**not valid** {r.get('error', '')}".strip()
        lines.append(f"| {r['function']} | {r['size'] or '—'} | {ms(r['median'])} | "
                     f"{ms(ref_median)} | {ratio} | {valid} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gb", default="/work/gb")
    parser.add_argument("--evals", nargs="+", default=EVALS)
    parser.add_argument("--out", default=str(WORKSPACE / "docs" / "gradbench.md"))
    args = parser.parse_args()

    subprocess.run(["cargo", "build", "--release", "-q", "-p", "catad-gradbench"],
                   cwd=WORKSPACE, check=True)
    raw = Path(args.out).parent / "gradbench-runs"
    raw.mkdir(exist_ok=True)
    sections = []
    for name in args.evals:
        print(f"{name}: catad", file=sys.stderr, flush=True)
        catad_out, rss = run(args.gb, name, CATAD, timed=True)
        print(f"{name}: manual", file=sys.stderr, flush=True)
        manual_out, _ = run(args.gb, name, MANUAL, timed=False)
        (raw / f"{name}-catad.txt").write_text(catad_out)
        (raw / f"{name}-manual.txt").write_text(manual_out)
        catad_rows, summary = parse(catad_out)
        manual_rows, manual_summary = parse(manual_out)
        passed = f"{summary[0]} passed, {summary[1]} failed" if summary else "did not finish"
        ref = (f"{manual_summary[0]} passed, {manual_summary[1]} failed"
               if manual_summary else "did not finish")
        rss_text = f"{rss / 1024:.0f} MiB" if rss else "not measured"
        sections.append(
            f"## {name}\n\ncatad: **{passed}**; manual: {ref}. "
            f"Peak resident memory of catad-gradbench over the whole eval: {rss_text}.\n\n"
            f"{table(catad_rows, manual_rows)}\n")
        print(f"{name}: catad {passed}, manual {ref}", file=sys.stderr, flush=True)

    cpu = platform.processor() or platform.machine()
    try:
        cpu = next(l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo")
                   if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    header = f"""# catad on GradBench

Generated by `scripts/gradbench_report.py` on {datetime.date.today()} ({cpu}, {os.cpu_count()} cores;
both tools single-threaded). Each eval ran at its default sizes, catad and the reference
(`manual`, GradBench's hand-written C++ derivatives) in the same session; the times are the median
of the `evaluate` timings each tool reported (one per run, at least one run and at least a second
per evaluation), and validity is the eval's check of catad's output against the reference at
relative tolerance 1e-4. How each eval is written and differentiated is in
`gradbench/src/evals/`; the raw outputs of the runs are in `docs/gradbench-runs/`.

Commands, from the harness directory (`../shared/gradbench/setup {args.gb}`):

```sh
{RUN} '{eval_command('EVAL')}' \\
    -- '{CATAD}'
{RUN} '{eval_command('EVAL')}' \\
    -- '{MANUAL}'
```

with `CARGO_TARGET_DIR` set to the workspace's target directory, and catad's command wrapped in
`/usr/bin/time -v` for its peak memory.
"""
    Path(args.out).write_text(header + "\n" + "\n".join(sections))
    print(f"wrote {args.out}", file=sys.stderr)


main()
