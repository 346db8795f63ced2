#!/usr/bin/env python3
"""Run GradBench's evals against catad-gradbench and the reference tool, and write docs/gradbench.md.

    scripts/gradbench_report.py [--gb DIR] [--run EVAL ...] [--timeout SECONDS] [--out FILE]

For each eval named by --run (default: all of EVALS), at its default sizes, this runs from the
harness directory DIR (made by `../shared/gradbench/setup DIR`; default /work/gb):

    ../shared/gradbench/run '.venv/bin/python python/gradbench/gradbench/evals/EVAL/run.py' \\
        -- 'WORKSPACE/target/release/catad-gradbench'
    ../shared/gradbench/run '.venv/bin/python python/gradbench/gradbench/evals/EVAL/run.py' \\
        -- '.venv/bin/python -m gradbench.cpp manual'

the first under `/usr/bin/time -v` for catad's peak resident memory, and keeps each run's output
(one line per evaluation) in docs/gradbench-runs/EVAL-{catad,manual}.txt. The report is then
written from the outputs kept there for every eval of EVALS, run now or before: one table per eval
(function, size, catad's and manual's median `evaluate` time, their ratio, validity) and the
commands. So `--run ode` refreshes ode's table and keeps the others.

catad-gradbench is built first (`cargo build --release -p catad-gradbench`, in CARGO_TARGET_DIR if
set, else the workspace's target/), and the binary is run directly, as `cargo run --release -q -p
catad-gradbench` would after building. An eval is added by naming it in EVALS.
"""
import argparse
import datetime
import os
import re
import subprocess
import sys
from pathlib import Path

# The evals, in the report's order. catad-gradbench answers each (a missing one fails its define).
EVALS = ["hello", "lse", "llsq", "ode", "det", "gmm", "ba", "saddle", "particle", "kmeans"]

# What a reader needs to know to read an eval's table, beside the numbers.
NOTES = {
    "det": "catad computes the determinant by Gaussian elimination with partial pivoting, "
           "O(ℓ³), where manual expands by minors, O(ℓ!) (as the spec describes), so the times "
           "compare different algorithms; both agree to the eval's tolerance. Both functions are "
           "staged, as lse's gradient is: the program is recorded at the input before the timed "
           "runs (the `prepare` step: for the gradient, 1.6 ms at ℓ = 5 to 31 ms at ℓ = 11, in a "
           "one-off timing on this machine) and the times are its tape's, whose guards "
           "(the pivot comparisons) hold at every matrix with the same pivots. Run through "
           "catad's closures instead, the gradient took 1.09 ms at ℓ = 5 (219× the reference) "
           "and 13.4 ms at ℓ = 11.",
    "kmeans": "catad's `cost` and `dir` both run the cost on whole vectors (`cost_on_vectors` "
              "in `gradbench/src/evals/kmeans.rs`): each point's squared distance to its nearest "
              "centroid, one primitive over the points' matrix "
              "(`catad::linalg::nearest_distances_sqr`, whose derivative reads only each point's "
              "nearest centroid), summed. `dir` reads the Hessian on its diagonal sparsity pattern "
              "(`catad::nested::SparseHessian`), whose one colour asks for one Hessian-vector "
              "product, `H · 1`: forward mode over reverse mode, the gradient of the cost in "
              "`Reverse` over the dual numbers `catad::nested::Tangent<f64>` (a real field, so "
              "that `catad::linalg` runs over it), every centroid coordinate's tangent 1; the "
              "search for each point's nearest centroid runs on the values alone, in `f64` "
              "(`Scalar::exact_f64`), and only the distances to the nearest carry tangents "
              "(4294a18: before it, `dir` took 1.9–3.4× the reference, 130 ms at the largest "
              "size). Before that (the cost written on scalars, one closure per scalar "
              "operation) `cost` took 72–124× the reference and `dir` 1639–8673×. The "
              "reference's `dir` is the closed form `c − mean` (no derivative taken).",
    "llsq": "catad's `primal` and `gradient` are staged sums over samples "
            "(`gradbench/src/evals/llsq.rs`): one sample's half squared residual is recorded "
            "once, before the timed runs (in `prepare`), as a tape of one sample's work (its "
            "gradient's tape computes no gradient by the sample), and run over the n samples in "
            "lanes, x shared (`Compiled::sum_value_and_gradient`, `Compiled::sum_apply`); the "
            "medians are the tapes'. Recording takes milliseconds. Before, the whole objective "
            "was one tape (every power tᵢʲ a constant, all n·m products recorded): at n = 16392 "
            "recording it took 27–33 s for the gradient and 8–9 s for the primal, and the tapes "
            "ran in 32.2 ms (9.8×) and 17.8 ms (11×), outgrowing the caches from n = 8196 on. "
            "This table is from the machine of lse's (which see); on the noisier one of c7352dd, "
            "with the same tape, one run read the gradient at 1.3–3.0×.",
    "ba": "catad's `objective` and `jacobian` are staged (`gradbench/src/evals/ba.rs`): the "
          "reprojection error of one observation, a program generic in its scalar over small "
          "arrays, is recorded once (its value, or its 2 × 17 Jacobian by two reverse sweeps) and "
          "the tape is evaluated at every observation in lanes (`Tape::eval_lanes`: each "
          "operation run for a batch of up to 64 observations at once), allocating nothing per "
          "observation; recorded again where an observation takes the other branch of Rodrigues' "
          "formula. Evaluated one observation at a time, the tape took 205 ms (5.8×) for the "
          "largest objective and 1113 ms (2.2×) for its Jacobian; before staging (direct "
          "`Reverse` per observation), 10.0 s (286×) and 60.8 s (116×).",
    "lse": "catad's `gradient` is staged (`gradbench/src/evals/lse.rs`): the program and its "
           "derivative are recorded as a tape before the timed runs (in `prepare`, as GradBench's "
           "ADOL-C tool records its tape), and the runs evaluate the tape, valid at every input "
           "with the same argmax. The recording is not in these times and is far larger: at "
           "n = 1280000 it took 6.8–8.6 s (when it was timed as the first run, the median was 7 s, "
           "935×; the direct gradient took 778 ms, 76×); at n = 80000, 0.29 s. The gradient's "
           "ratio moves by a third between runs of one binary: on 2026-11-27 (at 4294a18) three "
           "runs of this table read it at 2.2–3.3× for n = 10000–80000 and 2.4–4.1× at "
           "n = 1280000, while four runs of catad alone, alternating that binary with the one "
           "before the session's changes (3f5e8ca), read the same times for both (n = 80000: "
           "1.08–1.23 ms; n = 1280000: 19.2–20.8 ms) and the reference's runs read 0.46–0.48 ms "
           "and 7.5–10.2 ms there: typically 2.2–2.7×. Later that day (b3818a0) the tape checks "
           "its guards once each and in runs, drops the negations its reverse sweep summed and "
           "runs long runs over slices: alternating the two binaries on the tape alone, n = 80000 "
           "went from 1.09–1.12 to 0.86–0.93 ms and n = 1280000 from 19.6–20.0 to 17.3–17.5 ms; "
           "that day's table read the gradient at 1.8–2.4×. On a noisier machine (a later "
           "session, c7352dd, whose changes leave this tape as it was) two runs read it at "
           "2.1–3.8× and 1.2–3.7×, the ratio jumping between neighbouring sizes (n = 320000: "
           "3.8× then 1.7×). This table is from 2026-11-29 (2d5ee9b), run with nothing else "
           "running on the machine, 1.8–2.5×; a run earlier that day, beside release builds (of "
           "a binary whose lse tape is the same), read 1.6–4.5× (4.5× at n = 1280000).",
    "particle": "No reference C++ computes particle (manual has no such module): the eval checks "
                "every answer against the control it states, 0.2071918746486116. catad's inner "
                "gradient (the force, at every Euler step) is a derivative program, "
                "`catad::nested::gradient_of` in the inner mode, called from the `#[catad::program]` "
                "that integrates the path; the outer derivative is taken through the whole `while` "
                "loop in the outer mode (`gradbench/src/evals/particle.rs`). `ff`, `fr`, `rf`, `rr` "
                "name the outer mode, then the inner.",
    "saddle": "No reference C++ computes saddle (manual has no such module): the eval checks every "
              "answer against the point it states (all four coordinates 8.246324826140356e-06, "
              "which catad's answers equal to the last bit). The outer gradient is taken through "
              "the inner gradient ascent, itself a `#[catad::program]` calling the inner "
              "gradient, a derivative program (`catad::nested::gradient_of`) "
              "(`gradbench/src/evals/saddle.rs`). `ff`, `fr`, `rf`, `rr` name the outer mode, then "
              "the inner.",
    "ode": "manual's `gradient` is the derivative of the ODE's exact solution in closed form "
           "(`ode.cpp`), not of the Runge–Kutta steps, so its gradient times (and the ratios) "
           "compare different computations; catad differentiates the `s` steps (O(s·n) where "
           "the closed form is O(n): at n = 10⁵, s = 100 the reference's own primal is 155 times "
           "its gradient, so no tool that differentiates the steps can come within 3× of it). "
           "A step's variables are copied once per read, not its whole environment per `let` "
           "(`Func::apply_ref`, `DMap::linearize_ref`). The reverse pass joins the cotangents "
           "of a value's uses by value (`Additive::plus_owned`: a zero side is not copied) and "
           "`linalg`'s transposes move what they make into an empty accumulator (c7352dd): "
           "alternating the binaries before and after on one machine, the gradient at "
           "n = 10⁵, s = 100 went from 2.26–2.88 s to 1.78–2.05 s and the primal (whose "
           "`shift` now copies a slice) from 395–540 to 272–357 ms.",
}

WORKSPACE = Path(__file__).resolve().parent.parent
RUN = WORKSPACE.parent / "shared" / "gradbench" / "run"
TARGET = Path(os.environ.get("CARGO_TARGET_DIR", WORKSPACE / "target"))
CATAD = str(TARGET / "release" / "catad-gradbench")
MANUAL = ".venv/bin/python -m gradbench.cpp manual"

LINE = re.compile(
    r"^\s*(?P<function>\S+)\s+(?P<size>\S*)\s+(?P<valid>valid|INVALID)\s+median\s+(?P<median>\S+) ms"
    r" over (?P<runs>\d+) runs"
)
FAILED = re.compile(r"^\s*(?P<function>\S+)\s+(?P<size>\S*)\s+FAILED\s+(?P<error>.*)$")
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed")
RSS = re.compile(r"^# peak resident memory: (\d+) KiB")
WALL = re.compile(r"^# wall time: ([\d.]+) s")


def eval_command(name):
    return f".venv/bin/python python/gradbench/gradbench/evals/{name}/run.py"


def run(gb, name, tool, timed, timeout):
    """The output of `run` for eval `name` against `tool`, with comment lines for the wall time
    and, where timed, the tool's peak resident memory."""
    rss_file = Path(gb) / f".rss-{name}"
    command = f"/usr/bin/time -v -o {rss_file} {tool}" if timed else tool
    start = datetime.datetime.now()
    try:
        proc = subprocess.run(
            [sys.executable, str(RUN), eval_command(name), "--", command],
            cwd=gb, capture_output=True, text=True, timeout=timeout,
        )
        output = proc.stdout
    except subprocess.TimeoutExpired as e:
        partial = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        output = partial + f"# stopped after the timeout of {timeout} s\n"
    wall = (datetime.datetime.now() - start).total_seconds()
    header = f"# wall time: {wall:.0f} s\n"
    if timed and rss_file.exists():
        m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", rss_file.read_text())
        if m:
            header += f"# peak resident memory: {m.group(1)} KiB\n"
        rss_file.unlink()
    return header + output


def parse(output):
    """The evaluations of a run's output, its summary (passed, failed) and the peak memory."""
    rows, summary, rss = [], None, None
    for line in output.splitlines():
        if m := LINE.match(line):
            rows.append(dict(function=m["function"], size=m["size"], valid=m["valid"] == "valid",
                             median=float(m["median"]), runs=int(m["runs"])))
        elif m := FAILED.match(line):
            rows.append(dict(function=m["function"], size=m["size"], valid=False, median=None,
                             runs=0, error=m["error"]))
        elif m := SUMMARY.match(line):
            summary = (int(m.group(1)), int(m.group(2)))
        elif m := RSS.match(line):
            rss = int(m.group(1))
    return rows, summary, rss


def ms(x):
    """A time in milliseconds, to three significant digits or to the millisecond."""
    if x is None:
        return "—"
    return f"{x:.0f}" if x >= 100 else f"{x:.3g}"


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
        valid = "valid" if r["valid"] else f"**not valid** {r.get('error', '')}".strip()
        lines.append(f"| {r['function']} | {r['size'] or '—'} | {ms(r['median'])} | "
                     f"{ms(ref_median)} | {ratio(r['median'], ref_median)} | {valid} |")
    return "\n".join(lines)


def ratio(catad_median, manual_median):
    if catad_median is None or not manual_median:
        return "—"
    r = catad_median / manual_median
    # Two significant digits below 10, so that a ratio under 1 (catad faster) does not read as 0×.
    return f"{r:.0f}×" if r >= 10 else f"{r:.2g}×"


def largest(catad_rows, manual_rows):
    """Each function's last evaluation (the evals send their sizes in increasing order), with the
    reference's median at that size."""
    last = {}
    for r in catad_rows:
        last[r["function"]] = r
    manual = {(r["function"], r["size"]): r["median"] for r in manual_rows}
    return [(r, manual.get((r["function"], r["size"]))) for r in last.values()]


def overview(results):
    """One line per eval and function: the outcome, and the times at the largest size."""
    lines = ["| eval | catad | function | largest size | catad median (ms) | manual median (ms) | ratio |",
             "|---|---|---|---|--:|--:|--:|"]
    for name, catad_out, manual_out in results:
        catad_rows, summary, _ = parse(catad_out)
        manual_rows, _, _ = parse(manual_out)
        marked = f"{name} †" if name in NOTES else name
        for r, ref in largest(catad_rows, manual_rows):
            lines.append(f"| {marked} | {outcome(summary)} | {r['function']} | {r['size'] or '—'} | "
                         f"{ms(r['median'])} | {ms(ref)} | {ratio(r['median'], ref)} |")
    if any(name in NOTES for name, _, _ in results):
        lines.append("\n† See the eval's section: its times need a note.")
    return "\n".join(lines)


def outcome(summary):
    return f"{summary[0]} passed, {summary[1]} failed" if summary else "did not finish"


def section(name, catad_out, manual_out):
    catad_rows, summary, rss = parse(catad_out)
    manual_rows, manual_summary, _ = parse(manual_out)
    rss_text = f"{rss / 1024:.0f} MiB" if rss else "not measured"
    note = f" {NOTES[name]}" if name in NOTES else ""
    return (f"## {name}\n\ncatad: **{outcome(summary)}**; manual: {outcome(manual_summary)}. "
            f"Peak resident memory of catad-gradbench over the whole eval: {rss_text}.{note}\n\n"
            f"{table(catad_rows, manual_rows)}\n")


def cpu_name():
    try:
        return next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                    if line.startswith("model name"))
    except (OSError, StopIteration):
        return "unknown processor"


def header(gb):
    return f"""# catad on GradBench

Generated by `scripts/gradbench_report.py` ({cpu_name()}, {os.cpu_count()} cores; both tools
single-threaded: the reference is built without OpenMP, GradBench's default). Each eval ran at its
default sizes, catad and the reference (`manual`, GradBench's hand-written C++ derivatives) one
after the other; the times are the median of the `evaluate` timings each tool reported (one per
run, at least one run and at least a second per evaluation), and validity is the eval's check of
catad's output against the reference at relative tolerance 1e-4. How each eval is written and
differentiated is in `gradbench/src/evals/`; the raw outputs of the runs, with the date of each
table's run, are in `docs/gradbench-runs/`. The machine was shared with other builds and runs
while these ran, so the times are indicative: two runs of lse's gradient at n = 640000 on one
afternoon took 824 and 1185 ms.

Commands, from the harness directory (`../shared/gradbench/setup DIR`, here DIR = target/gradbench), for each EVAL:

```sh
cargo build --release -p catad-gradbench
{RUN} '{eval_command('EVAL')}' \\
    -- 'TARGET/release/catad-gradbench'
{RUN} '{eval_command('EVAL')}' \\
    -- '{MANUAL}'
```

where TARGET is the workspace's target directory (`cargo run --release -q -p catad-gradbench`
from the workspace root is the same tool); catad's command ran under `/usr/bin/time -v` for its
peak memory.
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gb", default="/work/gb")
    parser.add_argument("--run", nargs="*", default=EVALS,
                        help="the evals to run now (the others are read from earlier runs)")
    parser.add_argument("--timeout", type=float, default=3600,
                        help="seconds allowed to each run of an eval")
    parser.add_argument("--out", default=str(WORKSPACE / "docs" / "gradbench.md"))
    args = parser.parse_args()
    unknown = [e for e in args.run if e not in EVALS]
    if unknown:
        sys.exit(f"unknown evals {unknown}: add them to EVALS")

    raw = Path(args.out).parent / "gradbench-runs"
    raw.mkdir(exist_ok=True)
    if args.run:
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "catad-gradbench"],
                       cwd=WORKSPACE, check=True)
    for name in args.run:
        today = f"# run on {datetime.date.today()}\n"
        print(f"{name}: catad", file=sys.stderr, flush=True)
        catad_out = today + run(args.gb, name, CATAD, True, args.timeout)
        (raw / f"{name}-catad.txt").write_text(catad_out)
        print(f"{name}: manual", file=sys.stderr, flush=True)
        manual_out = today + run(args.gb, name, MANUAL, False, args.timeout)
        (raw / f"{name}-manual.txt").write_text(manual_out)
        print(f"{name}: catad {outcome(parse(catad_out)[1])}, "
              f"manual {outcome(parse(manual_out)[1])}", file=sys.stderr, flush=True)

    results = []
    for name in EVALS:
        catad_file, manual_file = raw / f"{name}-catad.txt", raw / f"{name}-manual.txt"
        if catad_file.exists() and manual_file.exists():
            results.append((name, catad_file.read_text(), manual_file.read_text()))
    sections = [section(*r) for r in results]
    chart = (
        "![catad's time ÷ the reference C++, at the largest sizes](figures/gradbench.svg)\n\n"
        "(The chart is drawn from this table by `cargo run -p catad-charts`; a test checks it is current.)\n"
    )
    summary = f"## At the largest sizes\n\n{overview(results)}\n\n{chart}"
    Path(args.out).write_text(header(args.gb) + "\n" + summary + "\n" + "\n".join(sections))
    print(f"wrote {args.out}", file=sys.stderr)


main()
