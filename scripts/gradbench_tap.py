#!/usr/bin/env python3
"""Relay GradBench's messages to a tool, keep every evaluation's timings, stop a slow evaluation.

    scripts/gradbench_tap.py LOG [--timeout SECONDS] -- TOOL COMMAND ...

Sits between a GradBench intermediary (`../shared/gradbench/run`, which prints only the median of
the `evaluate` timings) and a tool: passes each message to the tool and the tool's answer back
unchanged, and for each evaluate message appends one line of JSON to LOG:

    {"function": ..., "description": ..., "success": ...,
     "timings": {NAME: {"count": ..., "first": ..., "median": ..., "total": ...}, ...},
     "min_runs": ..., "min_seconds": ...}

(the last two as the input asked, where it did), one entry in `timings` per timing name the tool reported (`evaluate` for a run; catad-gradbench and the
reference C++ also report `prepare`), in nanoseconds. The tap's own work (parsing the answers) is
outside the tool's timings, which the tool measures itself.

If the tool has not answered an evaluate message after SECONDS (default: no limit), the tap stops
the tool (its whole process group) and answers that evaluation with a failure, `timed out after
SECONDS s`; it answers each later evaluation with a failure, `not run: an earlier evaluation timed
out`, and any other message with its id, so that the eval runs to its end and every evaluation is
accounted for. A tool that closes its output ends the tap, as it would end the intermediary.
"""
import json
import os
import queue
import signal
import statistics
import subprocess
import sys
import threading


def summary(values):
    return dict(count=len(values), first=values[0], median=statistics.median(values),
                total=sum(values))


def record(log, message, answer):
    by_name = {}
    for t in answer.get("timings") or []:
        by_name.setdefault(t.get("name"), []).append(t.get("nanoseconds", 0))
    entry = dict(function=message.get("function"), description=message.get("description", ""),
                 success=bool(answer.get("success")),
                 timings={name: summary(values) for name, values in by_name.items()})
    given = message.get("input")
    if isinstance(given, dict):
        entry |= {k: given[k] for k in ("min_runs", "min_seconds") if k in given}
    log.write(json.dumps(entry) + "\n")
    log.flush()


def main():
    args = sys.argv[1:]
    if "--" not in args or not args or args[0] in ("--", "--timeout"):
        sys.exit("usage: gradbench_tap.py LOG [--timeout SECONDS] -- TOOL COMMAND ...")
    split = args.index("--")
    options, tool_command = args[:split], args[split + 1:]
    log_path, timeout = options[0], None
    if options[1:2] == ["--timeout"]:
        timeout = float(options[2])

    tool = subprocess.Popen(tool_command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, start_new_session=True)
    answers = queue.Queue()

    def stop(signum, frame):
        os.killpg(tool.pid, signal.SIGKILL)
        sys.exit(1)

    # Stopped itself (the report script's timeout for a whole run), the tap stops the tool.
    signal.signal(signal.SIGTERM, stop)

    def read_answers():
        for line in tool.stdout:
            answers.put(line)
        answers.put(None)

    threading.Thread(target=read_answers, daemon=True).start()
    stopped = None  # why the tool was stopped, once it is
    with open(log_path, "a") as log:
        for line in sys.stdin:
            message = json.loads(line)
            kind = message.get("kind")
            if stopped is None:
                tool.stdin.write(line if line.endswith("\n") else line + "\n")
                tool.stdin.flush()
                try:
                    answer_line = answers.get(timeout=timeout if kind == "evaluate" else None)
                except queue.Empty:
                    os.killpg(tool.pid, signal.SIGKILL)
                    tool.wait()
                    stopped = f"timed out after {timeout:g} s"
                    answer_line = json.dumps({"id": message["id"], "success": False,
                                              "error": stopped}) + "\n"
                if answer_line is None:
                    break
            elif kind == "evaluate":
                answer_line = json.dumps({"id": message["id"], "success": False,
                                          "error": "not run: an earlier evaluation timed out"}) + "\n"
            else:
                answer_line = json.dumps({"id": message["id"]}) + "\n"
            if kind == "evaluate":
                record(log, message, json.loads(answer_line))
            sys.stdout.write(answer_line)
            sys.stdout.flush()
    if stopped is None:
        tool.stdin.close()
        tool.wait()


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        pass
