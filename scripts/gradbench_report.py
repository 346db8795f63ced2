#!/usr/bin/env python3
"""Run GradBench's evals against the reference tool, catad-gradbench, JAX and PyTorch, and write
docs/gradbench.md.

    scripts/gradbench_report.py [--gb DIR] [--run EVAL ...] [--tools TOOL ...]
        [--eval-args EVAL=OPTIONS ...] [--evaluation-timeout SECONDS] [--timeout SECONDS]
        [--out FILE]

For each eval named by --run (default: all of EVALS), this runs each tool of TOOLS in turn (manual,
catad, JAX, PyTorch; --tools runs only some), one after the other, from the harness directory DIR
(made by `../shared/gradbench/setup DIR` and `../shared/gradbench/setup-peers DIR`; default
/work/gb-peers):

    ../shared/gradbench/run '.venv/bin/python python/gradbench/gradbench/evals/EVAL/run.py' \\
        -- 'scripts/gradbench_tap.py LOG -- /usr/bin/time -v -o FILE taskset -c 0 TOOL'

`taskset -c 0` keeps every tool on one core; `/usr/bin/time -v` measures the tool's peak resident
memory (not manual's, whose define compiles the module); `gradbench_tap.py` keeps every timing the
tool reports (`run` prints only the median of the `evaluate` ones: catad-gradbench also reports
`prepare`, its recording) and stops an evaluation that outlasts --evaluation-timeout. A peer that does not implement the eval (no module
of that name among its files) is not run, and the table says so; catad-gradbench is always run, its
`define` answering whether it has the eval. --eval-args passes options to an eval's run.py (sizes,
`--min-seconds`: `--eval-args 'lse=-n 2500 5000'`), and the raw output records them.

Each run's output (one line per evaluation, then one `# timings` line per evaluation from the tap)
is kept in docs/gradbench-runs/EVAL-TOOL.txt, headed by the date, the commands and the load
average. The report is then written from the outputs kept there for every eval of EVALS, run now
or before: a summary at the largest sizes, and per eval a table of every tool's median `evaluate`
time and its ratio to manual's, with each tool's validity, and a table of catad's `prepare` beside
JAX's first call. So `--run ode` refreshes ode's tables and keeps the others.

catad-gradbench is built first (`cargo build --release -p catad-gradbench`, in CARGO_TARGET_DIR if
set, else the workspace's target/), and the binary is run directly. An eval is added by naming it
in EVALS; a tool, in TOOLS, LABELS, COMMANDS and implements().
"""
import argparse
import datetime
import json
import os
import re
import shlex
import signal
import subprocess
import sys
from pathlib import Path

# The evals, in the report's order.
EVALS = ["hello", "lse", "llsq", "ode", "det", "gmm", "ba", "saddle", "particle", "kmeans",
         "lstm", "ht"]

# The tools, in the order they run and appear; `manual` is the reference the ratios divide by.
TOOLS = ["manual", "catad", "jax", "pytorch"]
LABELS = {"manual": "manual", "catad": "catad", "jax": "JAX", "pytorch": "PyTorch"}

# What a reader needs to know to read an eval's table, beside the numbers.
NOTES = {
    "det": "catad expands by minors along the first row, as the spec and the reference (cmpad's "
           "`det_by_minor`) do, the same products and sums in the same order "
           "(`gradbench/src/evals/det.rs`), but computes each minor's determinant once: "
           "`#[catad::program]` refuses recursion, so the program folds over the rows from the "
           "last up, keeping the determinant of every minor on those rows by its set of columns, "
           "each expanded along its first row from the minors one row smaller. That is "
           "ℓ·(2^(ℓ−1) − 1) products (11,253 at ℓ = 11), where the reference's recursion computes "
           "each minor again wherever it occurs, about (e − 1)·ℓ! products (68.6 million at "
           "ℓ = 11); so the times compare a shared expansion with a recomputed one, and the ratio "
           "falls with ℓ. The operations are the recursion's, not another method's (no "
           "elimination, no division: the value run directly is the reference recursion's to the "
           "last bit, a unit test checks), and under catad's staging the recomputation cannot be "
           "kept: recorded over `Sym`, the reference's recursion itself leaves a tape of the same "
           "products (a unit test counts them), its recomputed minors being equal operations the "
           "recorder shares. Both functions are staged, as lse's gradient is: the program is "
           "recorded at the input in `prepare`, before the timed runs, and the times are its "
           "tape's, which has no guards (the program compares only indices) and so holds at every "
           "matrix of its size.",
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
              "(`Scalar::exact_f64`), and only the distances to the nearest carry tangents. The "
              "reference's `dir` is the closed form `c − mean` (no derivative taken).",
    "llsq": "catad's `primal` and `gradient` are staged sums over samples "
            "(`gradbench/src/evals/llsq.rs`): one sample's half squared residual is recorded "
            "once, in `prepare`, before the timed runs, as a tape of one sample's work (its "
            "gradient's tape computes no gradient by the sample), and run over the n samples in "
            "lanes, x shared (`Compiled::sum_value_and_gradient`, `Compiled::sum_apply`); the "
            "medians are the tapes'.",
    "ba": "catad's `objective` and `jacobian` are staged (`gradbench/src/evals/ba.rs`): the "
          "reprojection error of one observation, a program generic in its scalar over small "
          "arrays, is recorded once, in `prepare` (its value, or its 2 × 17 Jacobian by two "
          "reverse sweeps), and the tape is evaluated at every observation in lanes "
          "(`Tape::eval_lanes`: each operation run for a batch of up to 64 observations at once), "
          "allocating nothing per observation; recorded again where an observation takes the "
          "other branch of Rodrigues' formula. Upstream GradBench lists PyTorch's ba as expected "
          "to fail.",
    "lse": "catad's `gradient` is staged (`gradbench/src/evals/lse.rs`): the program and its "
           "derivative are recorded as a tape in `prepare`, before the timed runs (as GradBench's "
           "ADOL-C tool records its tape), and the runs evaluate the tape, valid at every input "
           "with the same argmax. The recording is not in the medians; it is catad's `prepare` "
           "in the second table. The primal is not staged: it runs the program over `f64`.",
    "particle": "No reference C++ computes particle (manual has no such module): the eval checks "
                "every answer against the control it states, 0.2071918746486116. catad's inner "
                "gradient (the force, at every Euler step) is a derivative program, "
                "`catad::nested::gradient_of` in the inner mode, called from the `#[catad::program]` "
                "that integrates the path; the outer derivative is taken through the whole `while` "
                "loop in the outer mode (`gradbench/src/evals/particle.rs`). `ff`, `fr`, `rf`, `rr` "
                "name the outer mode, then the inner.",
    "saddle": "No reference C++ computes saddle (manual has no such module): the eval checks every "
              "answer against the point it states (all four coordinates 8.246324826140356e-06). "
              "The outer gradient is taken through the inner gradient ascent, itself a "
              "`#[catad::program]` calling the inner gradient, a derivative program "
              "(`catad::nested::gradient_of`) (`gradbench/src/evals/saddle.rs`). `ff`, `fr`, `rf`, "
              "`rr` name the outer mode, then the inner.",
    "ode": "manual's `gradient` is the derivative of the ODE's exact solution in closed form "
           "(`ode.cpp`), not of the Runge–Kutta steps, so the gradient's ratios compare different "
           "computations: catad and JAX differentiate the `s` steps, O(s·n) where the closed form "
           "is O(n), and the reference's own primal, which takes the steps, is slower than its "
           "gradient at the larger sizes. In catad a step's variables are copied once per read, "
           "not its whole environment per `let` (`Func::apply_ref`, `DMap::linearize_ref`), and "
           "the reverse pass joins the cotangents of a value's uses by value "
           "(`Additive::plus_owned`: a zero side is not copied).",
    "ht": "catad differentiates ht piece by piece (`gradbench/src/evals/ht/`): five small "
          "`#[catad::program]`s over `f64` — a bone's posed relative transform, a product of "
          "transforms, a bone's share of a skinned vertex, a triangle's point, a "
          "correspondence's residual — each built once as a term (`::<Syn>`), run for the "
          "objective, and for the Jacobian run once for its value and its Jacobian by "
          "catad's reverse mode (`Term::value_and_jacobian`); the chain rule across the pieces (bone to "
          "parent bone, bone to vertex, vertex to residual) is written in Rust, carrying each "
          "piece's derivative with respect to `theta` as a 26-column matrix, as the reference's "
          "hand-written derivative does. The derivatives are catad's; their composition is not "
          "one catad program (that needs run-time vectors of bones and vertices as terms). "
          "Upstream GradBench lists PyTorch's ht as expected to time out.",
}

WORKSPACE = Path(__file__).resolve().parent.parent
RUN = WORKSPACE.parent / "shared" / "gradbench" / "run"
TAP = WORKSPACE / "scripts" / "gradbench_tap.py"
TARGET = Path(os.environ.get("CARGO_TARGET_DIR", WORKSPACE / "target"))
CATAD = str(TARGET / "release" / "catad-gradbench")
PEERS = "python/gradbench/gradbench/tools"
# Each tool's command, run from the harness directory, before `taskset -c 0`.
COMMANDS = {
    "manual": ".venv/bin/python -m gradbench.cpp manual",
    "catad": CATAD,
    "jax": ".venv/bin/python jax_synced.py",
    "pytorch": f".venv/bin/python {PEERS}/pytorch/run.py",
}


# What each tool is, asked before its run (from the harness directory) and kept in its output.
VERSIONS = {
    "manual": ["g++", "--version"],
    "catad": ["git", "-C", str(WORKSPACE), "log", "-1", "--format=catad at commit %h (%cs)"],
    "jax": [".venv/bin/python", "-c", "import jax, jaxlib; print('jax', jax.__version__, "
            "'jaxlib', jaxlib.__version__)"],
    "pytorch": ["taskset", "-c", "0", ".venv/bin/python", "-c", "import torch; print('torch', torch.__version__, "
                "torch.get_num_threads(), 'threads under taskset -c 0')"],
}


def version(gb, tool):
    try:
        out = subprocess.run(VERSIONS[tool], cwd=gb, capture_output=True, text=True, timeout=120)
        line = (out.stdout.strip().splitlines() or ["unknown"])[0]
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    if tool == "catad":
        dirty = subprocess.run(["git", "-C", str(WORKSPACE), "status", "--porcelain", "--",
                                "src", "gradbench", "macros", "Cargo.toml", "Cargo.lock"],
                               capture_output=True, text=True).stdout.strip()
        line += ", with uncommitted changes" if dirty else ""
    return line


def implements(gb, tool, name):
    """Whether `tool` has the eval `name` among its files (None: ask it, by running it), and
    where that shows."""
    if tool == "catad":
        return None, None
    if tool == "manual":
        listed = Path(gb) / "tools" / "manual" / "evals.txt"
        return name in listed.read_text().split(), "not listed in tools/manual/evals.txt"
    module = f"{PEERS}/{tool}/{name}.py"
    return (Path(gb) / module).exists(), f"no {module}"


LINE = re.compile(
    r"^\s*(?P<function>\S+)\s+(?P<size>\S*)\s+(?P<valid>valid|INVALID)\s+median\s+(?P<median>\S+) ms"
    r" over (?P<runs>\d+) runs\s*(?P<error>.*)$"
)
FAILED = re.compile(r"^\s*(?P<function>\S+)\s+(?P<size>\S*)\s+FAILED\s+(?P<error>.*)$")
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed")
DEFINE = re.compile(r"^define (\S+): tool has no implementation: ?(?P<error>.*)$")
CLOSED = re.compile(r"^tool closed its output at message .*$")
ENDED = re.compile(r"^# (tool ended .*)$")
RSS = re.compile(r"^# peak resident memory: (\d+) KiB")
WALL = re.compile(r"^# wall time: ([\d.]+) s")
DATE = re.compile(r"^# run on (\S+)")
LOAD = re.compile(r"^# load average (before|after) the run: (.*)$")
NOT_RUN = re.compile(r"^# not run: (.*)$")
STOPPED = re.compile(r"^# stopped after the timeout of .*$")
EVAL_COMMAND = re.compile(r"^# eval: (.*)$")
VERSION = re.compile(r"^# version: (.*)$")
MACHINE = re.compile(r"^# machine: (.*)$")
TOOL_TIMEOUT = re.compile(r"^# tool: .*gradbench_tap\.py \S+ --timeout (\S+) ")
TIMINGS = re.compile(r"^# timings (\{.*\})$")


def eval_command(name, options=""):
    return f".venv/bin/python python/gradbench/gradbench/evals/{name}/run.py {options}".strip()


def load():
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def run(gb, name, tool, options, evaluation_timeout, timeout):
    """The raw output of eval `name` against `tool`: comment lines for the date, the commands,
    the load average, the wall time and the peak memory, `run`'s lines, then the tap's timings
    (and, where an evaluation failed, the end of the tool's standard error)."""
    gb = Path(gb)
    rss_file, log_file = gb / f".rss-{name}-{tool}", gb / f".timings-{name}-{tool}"
    for f in (rss_file, log_file):
        f.unlink(missing_ok=True)
    tap = [sys.executable, str(TAP), str(log_file)]
    if evaluation_timeout:
        tap += ["--timeout", f"{evaluation_timeout:g}"]
    # Not manual's memory: its define compiles the module, and the compiler's would be the peak.
    timed = [] if tool == "manual" else ["/usr/bin/time", "-v", "-o", str(rss_file)]
    command = shlex.join(tap + ["--"] + timed + ["taskset", "-c", "0"] +
                         shlex.split(COMMANDS[tool]))
    evaluation = eval_command(name, options)
    now = datetime.datetime.now()
    header = (f"# run on {now.date()} at {now.strftime('%H:%M:%S')}\n# eval: {evaluation}\n"
              f"# tool: {command}\n# version: {version(gb, tool)}\n# machine: {machine()}\n"
              f"# load average before the run: {load()}\n")
    # In a session of its own, so that a run over time is stopped whole: `run`, the eval and the
    # tap, which stops the tool.
    proc = subprocess.Popen([sys.executable, "-u", str(RUN), evaluation, "--", command], cwd=gb,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        output, stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            output, stderr = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            output, stderr = proc.communicate()
        output += f"# stopped after the timeout of {timeout:g} s\n"
    wall = (datetime.datetime.now() - now).total_seconds()
    header += f"# load average after the run: {load()}\n# wall time: {wall:.0f} s\n"
    if rss_file.exists():
        usage = rss_file.read_text()
        if m := re.search(r"Maximum resident set size \(kbytes\): (\d+)", usage):
            header += f"# peak resident memory: {m.group(1)} KiB\n"
        if m := re.search(r"Command terminated by signal (\d+)", usage):
            header += f"# tool ended by signal {m.group(1)} ({signal.Signals(int(m.group(1))).name})\n"
        elif (m := re.search(r"Exit status: (\d+)", usage)) and m.group(1) != "0":
            header += f"# tool ended with exit status {m.group(1)}\n"
        rss_file.unlink()
    timings = ""
    if log_file.exists():
        timings = "".join(f"# timings {line}" for line in log_file.read_text().splitlines(True))
        log_file.unlink()
    summary = parse(output)["summary"]
    if stderr.strip() and (summary is None or summary[1] > 0):
        tail = stderr.strip().splitlines()[-20:]
        timings += "".join(f"# stderr: {line}\n" for line in tail)
    return header + output + timings


def parse(output):
    """A tool's run of an eval, from its raw output: its evaluations (rows, each with the tap's
    timings where kept), its summary (passed, failed) and what else the output says."""
    result = dict(rows=[], summary=None, rss=None, date=None, load=[], not_run=None,
                  define=None, closed=None, stopped=None, eval=None, wall=None, version=None,
                  evaluation_timeout=None, ended=None, machine=None)
    timings = []
    for line in output.splitlines():
        if m := LINE.match(line):
            result["rows"].append(dict(function=m["function"], size=m["size"],
                                       valid=m["valid"] == "valid", median=float(m["median"]),
                                       runs=int(m["runs"]), error=m["error"].strip()))
        elif m := FAILED.match(line):
            result["rows"].append(dict(function=m["function"], size=m["size"], valid=False,
                                       median=None, runs=0, error=m["error"].strip(), failed=True))
        elif m := SUMMARY.match(line):
            result["summary"] = (int(m.group(1)), int(m.group(2)))
        elif m := DEFINE.match(line):
            result["define"] = m["error"].strip() or "its define failed"
        elif CLOSED.match(line):
            result["closed"] = line.strip()
        elif m := ENDED.match(line):
            result["ended"] = m.group(1)
        elif m := TIMINGS.match(line):
            timings.append(json.loads(m.group(1)))
        elif m := RSS.match(line):
            result["rss"] = int(m.group(1))
        elif m := WALL.match(line):
            result["wall"] = float(m.group(1))
        elif m := DATE.match(line):
            result["date"] = line[len("# run on "):].strip()
        elif m := LOAD.match(line):
            result["load"].append((m.group(1), m.group(2)))
        elif m := NOT_RUN.match(line):
            result["not_run"] = m.group(1)
        elif STOPPED.match(line):
            result["stopped"] = line[2:].strip()
        elif m := EVAL_COMMAND.match(line):
            result["eval"] = m.group(1)
        elif m := VERSION.match(line):
            result["version"] = m.group(1)
        elif m := MACHINE.match(line):
            result["machine"] = m.group(1)
        elif m := TOOL_TIMEOUT.match(line):
            result["evaluation_timeout"] = m.group(1)
    # The tap logs the evaluations in the order the eval sent them, as `run` prints them.
    pending = {}
    for t in timings:
        pending.setdefault((t["function"], t["description"]), []).append(t)
    for r in result["rows"]:
        queue = pending.get((r["function"], r["size"]), [])
        logged = queue.pop(0) if queue else {}
        r["timings"], r["min_seconds"] = logged.get("timings"), logged.get("min_seconds")
        # The tap's median is `run`'s, in nanoseconds where `run` prints three decimals of a
        # millisecond.
        if r["median"] is not None and r["timings"] and "evaluate" in r["timings"]:
            r["median"] = r["timings"]["evaluate"]["median"] / 1e6
    return result


def keyed(rows):
    """Rows by (function, size, how many times that function and size came before)."""
    seen, out = {}, {}
    for r in rows:
        k = (r["function"], r["size"])
        out[k + (seen.get(k, 0),)] = r
        seen[k] = seen.get(k, 0) + 1
    return out


def ms(x):
    """A time in milliseconds, to three significant digits or to the millisecond."""
    if x is None:
        return "—"
    return f"{x:.0f}" if x >= 100 else f"{x:.3g}"


def ratio(median, manual_median):
    if median is None or not manual_median:
        return "—"
    r = median / manual_median
    # Two significant digits below 10, so that a ratio under 1 (faster than manual) does not read
    # as 0×.
    return f"{r:.0f}×" if r >= 10 else f"{r:.2g}×"


def timing_ms(row, name, which):
    """One of a row's tap timings (`which`: first, median, count, total), in milliseconds."""
    t = (row or {}).get("timings") or {}
    return t[name][which] / 1e6 if name in t else None


def compiled_in_median(row):
    """Whether a JAX evaluation ran only once or twice because its first call, which compiles,
    took half the least time the eval asked for or more (so the median includes compiling)."""
    first, wanted = timing_ms(row, "evaluate", "first"), (row or {}).get("min_seconds")
    return (row is not None and row["median"] is not None and row["runs"] <= 2
            and bool(wanted) and first is not None and first >= wanted * 1e3 / 2)


class Eval:
    """One eval's runs, a parse() per tool (None where the tool's output was never kept)."""

    def __init__(self, name, outputs):
        self.name = name
        self.runs = {tool: parse(out) if out is not None else None for tool, out in outputs.items()}
        self.by_key = {tool: keyed(r["rows"]) if r else {} for tool, r in self.runs.items()}
        # Every evaluation any tool answered, in the order the eval sent them.
        self.keys = []
        for tool in TOOLS:
            for k in self.by_key[tool]:
                if k not in self.keys:
                    self.keys.append(k)

    def absent(self, tool):
        """Why `tool` has no times for this eval, or None where it ran it."""
        r = self.runs[tool]
        if r is None:
            return "not run"
        if r["not_run"]:
            return "not implemented"
        if r["define"] is not None:
            return "missing"
        return None

    def outcome(self, tool):
        r, label = self.runs[tool], LABELS[tool]
        if r is None:
            return f"{label}: not run"
        if r["not_run"]:
            return f"{label}: not run, as {r['not_run']}"
        if r["define"] is not None:
            return f"{label}: **missing** (its define failed: {r['define']})"
        text = (f"{r['summary'][0]} passed, {r['summary'][1]} failed" if r["summary"]
                else "did not finish")
        why = [w for w in (r["stopped"], r["closed"], r["ended"]) if w]
        if why:
            text += f" ({'; '.join(why)})"
        return f"{label}: **{text}**" if tool == "catad" else f"{label}: {text}"

    def cell(self, tool, key):
        """A tool's median at an evaluation, marked where its answer was not valid, and JAX's
        where its first call, compilation included, is half the runs or more."""
        row = self.by_key[tool].get(key)
        if row is None:
            return "no answer"
        if row["median"] is None:
            error = row["error"]
            return ("timed out" if error.startswith("timed out") else
                    "not run" if error.startswith("not run") else "failed")
        few = " ‡" if tool == "jax" and compiled_in_median(row) else ""
        return ms(row["median"]) + few + ("" if row["valid"] else " (invalid)")

    def few_runs(self, keys=None):
        rows = self.by_key["jax"]
        return any(compiled_in_median(rows.get(k)) for k in (keys or rows))

    def median(self, tool, key):
        row = self.by_key[tool].get(key)
        return row["median"] if row else None

    def validity(self, key):
        """What was not valid at an evaluation, tool by tool, or `valid`."""
        problems = []
        for tool in TOOLS:
            if self.absent(tool):
                continue
            row = self.by_key[tool].get(key)
            if row is None:
                problems.append(f"{LABELS[tool]}: no answer")
            elif not row["valid"]:
                error = row["error"][:160] + ("…" if len(row["error"]) > 160 else "")
                kind = "failed" if row.get("failed") else "invalid"
                for word in ("timed out", "not run"):
                    if error.startswith(word):
                        kind, error = word, error[len(word):].lstrip(": ")
                problems.append(f"{LABELS[tool]} **{kind}**" + (f": {error}" if error else ""))
        return "; ".join(problems).replace("|", "\\|") or "valid"

    def has_manual(self):
        return self.absent("manual") is None and any(
            r["median"] is not None for r in self.by_key["manual"].values())

    def largest(self):
        """Each function's last evaluation (the evals send their sizes in increasing order)."""
        last = {}
        for k in self.keys:
            last[k[0]] = k
        return list(last.values())


def columns(ev, tool):
    """A tool's columns in an eval's table: header cells and a function of the evaluation."""
    label = LABELS[tool]
    if why := ev.absent(tool):
        return [label], lambda k: [why]
    if tool == "manual" or not ev.has_manual():
        return [f"{label} (ms)"], lambda k: [ev.cell(tool, k)]
    return ([f"{label} (ms)", f"{label} ÷ manual"],
            lambda k: [ev.cell(tool, k), ratio(ev.median(tool, k), ev.median("manual", k))])


def markdown(head, rows, align):
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join(align) + "|"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def times_table(ev):
    cols = [columns(ev, tool) for tool in TOOLS]
    head = ["function", "size"] + [h for hs, _ in cols for h in hs] + ["validity"]
    align = ["---", "---"] + ["--:" for hs, _ in cols for _ in hs] + ["---"]
    rows = [[k[0], k[1] or "—"] + [c for _, f in cols for c in f(k)] + [ev.validity(k)]
            for k in ev.keys]
    return markdown(head, rows, align)


def first_call_cells(ev, key):
    """catad's `prepare` and median, JAX's first call and median, at an evaluation."""
    cells = []
    for tool, first in (("catad", "prepare"), ("jax", "evaluate")):
        if why := ev.absent(tool):
            cells.append(why)
            continue
        row = ev.by_key[tool].get(key)
        pick = "first" if first == "evaluate" else "median"
        cells += [ms(timing_ms(row, first, pick)), ev.cell(tool, key)]
    return cells


def first_call_head(ev):
    head = []
    for tool, first in (("catad", "prepare"), ("jax", "first call")):
        label = LABELS[tool]
        head += [label] if ev.absent(tool) else [f"{label} {first} (ms)", f"{label} median (ms)"]
    return head


def first_call_table(ev):
    head = ["function", "size"] + first_call_head(ev)
    rows = [[k[0], k[1] or "—"] + first_call_cells(ev, k) for k in ev.keys]
    return markdown(head, rows, ["---", "---"] + ["--:"] * (len(head) - 2))


def has_timings(ev, tool):
    return any(r.get("timings") for r in ev.by_key[tool].values())


def peer_cell(ev, tool, key):
    """A peer's median and ratio to manual in one cell, for the summary."""
    if why := ev.absent(tool):
        return why
    cell = ev.cell(tool, key)
    r = ratio(ev.median(tool, key), ev.median("manual", key))
    return cell if r == "—" else f"{cell} ({r})"


FEW_RUNS = ("‡ JAX ran this evaluation only once or twice, as its first call, which compiles, took "
            "half the least time the eval asks a tool to run for (`min_seconds`) or more: its "
            "median includes the compilation.")


def overview(evals):
    """One line per eval and function: catad's outcome, and every tool's time at the largest
    size. (catad-charts draws its chart from this table: the header's first cells and column 7,
    catad's ratio, are what it reads.)"""
    head = ["eval", "catad", "function", "largest size", "catad (ms)", "manual (ms)",
            "catad ÷ manual", "JAX (ms, ÷ manual)", "PyTorch (ms, ÷ manual)"]
    rows = []
    for ev in evals:
        marked = f"{ev.name} †" if ev.name in NOTES else ev.name
        catad = (ev.absent("catad") or
                 ev.outcome("catad").split(": ", 1)[1].replace("**", ""))
        for k in ev.largest():
            catad_cell = ev.absent("catad") or ev.cell("catad", k)
            manual_cell = ev.absent("manual") or ev.cell("manual", k)
            rows.append([marked, catad, k[0], k[1] or "—", catad_cell, manual_cell,
                         ratio(ev.median("catad", k), ev.median("manual", k)),
                         peer_cell(ev, "jax", k), peer_cell(ev, "pytorch", k)])
    text = markdown(head, rows, ["---"] * 4 + ["--:"] * 5)
    if any(ev.name in NOTES for ev in evals):
        text += "\n\n† See the eval's section: its times need a note."
    if any(ev.few_runs(ev.largest()) for ev in evals):
        text += "\n\n" + FEW_RUNS
    return text


def first_call_overview(evals):
    """catad's `prepare` beside JAX's first call, at the largest sizes, for the evals either ran."""
    head = ["eval", "function", "largest size", "catad prepare (ms)", "catad median (ms)",
            "JAX first call (ms)", "JAX median (ms)"]
    rows = []
    for ev in evals:
        if not (has_timings(ev, "catad") or has_timings(ev, "jax")):
            continue
        for k in ev.largest():
            cells = []
            for tool, name, pick in (("catad", "prepare", "median"), ("jax", "evaluate", "first")):
                why = ev.absent(tool)
                row = ev.by_key[tool].get(k)
                cells += [why, why] if why else [ms(timing_ms(row, name, pick)), ev.cell(tool, k)]
            rows.append([ev.name, k[0], k[1] or "—"] + cells)
    return markdown(head, rows, ["---"] * 3 + ["--:"] * 4)


def section(ev):
    outcomes = "; ".join(ev.outcome(tool) for tool in TOOLS)
    runs = [r for r in ev.runs.values() if r and not r["not_run"] and r["date"]]
    when = ""
    if runs:
        dates = sorted({r["date"].split(" at ")[0] for r in runs})
        when = f" Run on {', '.join(dates)}"
        loads = [load.split()[0] for r in runs for _, load in r["load"]]
        if loads:
            when += (f", load average (1 minute) {min(loads, key=float)}–{max(loads, key=float)} "
                     f"before and after the runs")
        when += "."
        tooled = [(t, ev.runs[t]) for t in TOOLS if ev.runs[t] in runs]
        if len({r["machine"] for _, r in tooled}) > 1:
            when += (f" The runs were made on different machines ({machines(tooled)}), so a "
                     f"ratio between tools on different machines compares the machines too.")
        options = {r["eval"] for r in runs if r["eval"]} - {eval_command(ev.name)}
        if options:
            when += " Eval command: " + ", ".join(f"`{o}`" for o in sorted(options)) + "."
    memory = []
    for tool in TOOLS:
        r = ev.runs[tool]
        if r and not ev.absent(tool) and r["rss"]:
            memory.append(f"{LABELS[tool]} {r['rss'] / 1024:.0f} MiB")
    memory_text = (f" Peak resident memory over the whole eval: {', '.join(memory)}."
                   if memory else "")
    note = f" {NOTES[ev.name]}" if ev.name in NOTES else ""
    text = (f"## {ev.name}\n\n{outcomes}.{when}{memory_text}{note}\n\n"
            f"{times_table(ev)}\n")
    if ev.few_runs():
        text += f"\n{FEW_RUNS}\n"
    if has_timings(ev, "catad") or has_timings(ev, "jax"):
        text += (f"\nBefore the timed runs: catad's `prepare` and JAX's first call (its "
                 f"compilation and one run), beside their medians.\n\n{first_call_table(ev)}\n")
    return text


def machine():
    """This machine's processor and its number of cores, as a run's output records them."""
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                   if line.startswith("model name"))
    except (OSError, StopIteration):
        cpu = "unknown processor"
    return f"{cpu}, {os.cpu_count()} cores"


def named(machine):
    """A run's machine as the report names it (runs made before outputs recorded it have none)."""
    return f"`{machine}`" if machine else "a machine its output does not name"


def machines(runs):
    """The machines of `runs` (tool, output), each with its tools."""
    by = {}
    for tool, r in runs:
        by.setdefault(r["machine"] or "", []).append(LABELS[tool])
    return "; ".join(f"{', '.join(tools)} on {named(m)}" for m, tools in sorted(by.items()))


def versions(evals):
    """Each tool's versions over the runs shown, from their outputs."""
    lines = []
    for tool in TOOLS:
        seen = sorted({ev.runs[tool]["version"] for ev in evals
                       if ev.runs[tool] and ev.runs[tool]["version"]})
        if seen:
            lines.append(f"- {LABELS[tool]}: " + "; ".join(f"`{v}`" for v in seen))
    text = ("\nThe tools, as each run's output records them:\n\n" + "\n".join(lines) + "\n"
            if lines else "")
    limits = sorted({r["evaluation_timeout"] for ev in evals for r in ev.runs.values()
                     if r and r["evaluation_timeout"]}, key=float)
    if limits:
        text += (f"\nA tool that had not answered an evaluation after {' or '.join(limits)} s\n"
                 f"(the script's `--evaluation-timeout`) was stopped: that evaluation is marked "
                 f"as timed out,\nand the tool's later evaluations in that eval as not run.\n")
    return text


def machines_of(evals):
    """A sentence naming the machines of the runs shown, each with its runs."""
    by = {}
    for ev in evals:
        for tool in TOOLS:
            r = ev.runs[tool]
            if r and not r["not_run"] and r["date"]:
                by.setdefault(r["machine"] or "", []).append(f"{ev.name} {LABELS[tool]}")
    known = [f"on `{m}`: {', '.join(runs)}" for m, runs in sorted(by.items()) if m]
    text = f"Runs {'; '.join(known)}." if known else ""
    if "" in by:
        text += (f" {'The other runs' if known else 'The runs'} were made before a run's output "
                 f"named its machine, on 2-core machines of this kind; the report first written "
                 f"from them named an Intel(R) Xeon(R) Processor.")
    return text.strip()


def header(evals):
    commands = "\n".join(
        f"{RUN} '{eval_command('EVAL')}' \\\n    -- '{shlex.join(['taskset', '-c', '0'] + shlex.split(COMMANDS[t].replace(CATAD, 'TARGET/release/catad-gradbench')))}'"
        for t in TOOLS)
    return f"""# catad on GradBench

Generated by `scripts/gradbench_report.py`. {machines_of(evals)} Each eval ran
at the sizes its section gives (its default sizes unless the section gives its command) against
four tools, one after the other: the reference (`manual`, GradBench's hand-written C++ derivatives,
built without OpenMP, GradBench's default), catad, and upstream GradBench's JAX and PyTorch tools,
each peer only on the evals it implements. Every tool ran pinned to one core, CPU 0 (`taskset -c
0`; JAX's tool also pins itself there). The times are the median of the `evaluate` timings each
tool reported (one per run, at least one run and at least a second per evaluation; hello's, whose
input is a bare number, one run), and each ratio
is a tool's median over manual's at the same evaluation. Validity is the eval's check of each
tool's output against the reference at relative tolerance 1e-4; an evaluation that a tool failed
(an error, or no answer within the per-evaluation timeout) or answered wrongly is marked in its
cell and in the row's validity, never dropped.

Besides `evaluate`, catad-gradbench reports one `prepare` timing per evaluation: the time from the
parsed input to the first timed run, building the programs and, where a function is staged,
recording its tape at the input (one untimed run). JAX's tool reports only `evaluate`; it compiles
its functions (`jax.jit`; hello's run op by op) at the first call at an input's shapes, so its
first timing is its first-call cost, compilation and one run. The median counts that run, which
moves it only where an evaluation ran few times (the counts are in the raw outputs). JAX's times
are from `jax_synced.py`, which waits for each call's result (`jax.block_until_ready`), as JAX
dispatches asynchronously. manual reports a `prepare` timing too (constructing its benchmark
object from the input), kept in the raw outputs; PyTorch (eager) reports only `evaluate`.
{versions(evals)}
How catad writes and differentiates each eval is in `gradbench/src/evals/`; the raw outputs of the
runs, with each run's date, commands and load average, are in `docs/gradbench-runs/`. The machine
was shared with other builds and runs while these ran, so the times are indicative.

Commands, from the harness directory (`../shared/gradbench/setup DIR` then
`../shared/gradbench/setup-peers DIR`), for each EVAL:

```sh
cargo build --release -p catad-gradbench
{commands}
```

where TARGET is the workspace's target directory. The script runs each tool's command through
`scripts/gradbench_tap.py` (which keeps every timing the tool reports and stops an evaluation that
outlasts the per-evaluation timeout) and, but for manual's (whose `define` compiles the module, so
that the compiler's would be the peak), under `/usr/bin/time -v` for its peak resident memory.
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gb", default="/work/gb-peers")
    parser.add_argument("--run", nargs="*", default=EVALS,
                        help="the evals to run now (the others are read from earlier runs)")
    parser.add_argument("--tools", nargs="*", default=TOOLS,
                        help="the tools to run now (the others' earlier outputs are kept)")
    parser.add_argument("--eval-args", action="append", default=[], metavar="EVAL=OPTIONS",
                        help="options for an eval's run.py, e.g. 'lse=-n 2500 5000'")
    parser.add_argument("--evaluation-timeout", type=float, default=120,
                        help="seconds a tool may take to answer one evaluation (0: no limit)")
    parser.add_argument("--timeout", type=float, default=3600,
                        help="seconds allowed to each run of an eval against a tool")
    parser.add_argument("--out", default=str(WORKSPACE / "docs" / "gradbench.md"))
    args = parser.parse_args()
    unknown = [e for e in args.run if e not in EVALS] + [t for t in args.tools if t not in TOOLS]
    if unknown:
        sys.exit(f"unknown evals or tools {unknown}: add them to EVALS or TOOLS")
    options = {}
    for item in args.eval_args:
        name, _, opts = item.partition("=")
        if name not in EVALS:
            sys.exit(f"--eval-args {item!r}: no eval {name!r}")
        options[name] = opts

    raw = Path(args.out).parent / "gradbench-runs"
    raw.mkdir(exist_ok=True)
    if args.run and "catad" in args.tools:
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "catad-gradbench"],
                       cwd=WORKSPACE, check=True)
    for name in args.run:
        for tool in [t for t in TOOLS if t in args.tools]:
            has, where = implements(args.gb, tool, name)
            if has is False:
                out = (f"# run on {datetime.date.today()}\n"
                       f"# not run: {LABELS[tool]} does not implement {name} ({where})\n")
            else:
                print(f"{name}: {tool}", file=sys.stderr, flush=True)
                out = run(args.gb, name, tool, options.get(name, ""), args.evaluation_timeout,
                          args.timeout)
            (raw / f"{name}-{tool}.txt").write_text(out)
        ev = Eval(name, {t: read(raw / f"{name}-{t}.txt") for t in TOOLS})
        print(f"{name}: " + "; ".join(ev.outcome(t).replace("**", "") for t in TOOLS),
              file=sys.stderr, flush=True)

    evals = []
    for name in EVALS:
        outputs = {t: read(raw / f"{name}-{t}.txt") for t in TOOLS}
        if any(out is not None for out in outputs.values()):
            evals.append(Eval(name, outputs))
    chart = (
        "![catad's time ÷ the reference C++, at the largest sizes](figures/gradbench.svg)\n\n"
        "(The chart is drawn from this table by `cargo run -p catad-charts`; a test checks it is "
        "current.)\n"
    )
    summary = f"## At the largest sizes\n\n{overview(evals)}\n\n{chart}"
    if any(has_timings(ev, "catad") or has_timings(ev, "jax") for ev in evals):
        summary += (f"\n### Before the timed runs, at the largest sizes\n\n"
                    f"catad's `prepare` (building and recording its programs) beside JAX's first "
                    f"call (its compilation and one run), each with its median `evaluate` time.\n\n"
                    f"{first_call_overview(evals)}\n")
    Path(args.out).write_text(header(evals) + "\n" + summary + "\n" +
                              "\n".join(section(ev) for ev in evals))
    print(f"wrote {args.out}", file=sys.stderr)


def read(path):
    return path.read_text() if path.exists() else None


main()
