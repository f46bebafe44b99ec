#!/usr/bin/env python3
"""Regenerates docs/performance.md: every benchmark with its goal, start-up time under Xvfb,
peak memory with every pane open, and the sandbox under load (oha).

    python3 benches/report.py            # everything (about 30 minutes on 2 cores)
    python3 benches/report.py --runs 5   # start-up / memory / load repeated 5 times (default 5)

Needs apt (installs Xvfb, xdotool and Mesa's Vulkan driver when missing) and installs `oha` with
cargo when missing. Figures are medians: criterion's median of its samples, and the median of
`--runs` runs for the others.
"""

import argparse
import json
import os
import platform
import re
import shutil
import socket
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / "target" / "release" / "leasedesk"
KEY = "leasedesk-demo-key"

# Benchmark id, what it measures, goal (text), goal in nanoseconds (None: no goal).
BENCHES = [
    ("search_q/demo", "Search by q, demo portal (1,602 people), loopback", "—", None),
    ("search_q/large", "Search by q, 100,000 people", "< 20 ms", 20e6),
    ("activity_page/demo", "Activity read, one page of 100, demo", "—", None),
    ("activity_page/large", "Activity read, one page of 100, 500,000 activities", "—", None),
    ("case_read/32_connections", "Case read, 32 concurrent connections", "requests/s", None),
    ("decode/search_4000", "Decoding a 4,000-case Search response (4.3 MB)", "—", None),
    ("search_pane/4000", "Search pane frame, 4,000 cases", "< 2 ms", 2e6),
    ("search_pane/40000", "Search pane frame, 40,000 cases", "< 2 ms, no growth", 2e6),
    ("search_pane_naive/4000", "Same rows laid out naively (comparison)", "—", None),
    ("calendar_month/10000", "Month view frame, 10,000 activities in the month", "< 2 ms", 2e6),
    ("agenda/100000", "Agenda frame, 100,000 activities", "< 2 ms", 2e6),
    ("calendar_index/200000", "Indexing 200,000 activities (on arrival, filter change)", "—", None),
    ("my_day/200000", "Building My day from the index: 200,000 activities, 4,000 cases", "< 10 ms", 10e6),
    ("my_day_frame/200000", "My day frame, 200,000 activities", "< 2 ms", 2e6),
    ("funnel/200000", "Sales funnel: 200,000 activities, 40,000 cases, 90-day cohort by community", "< 50 ms", 50e6),
    ("forecast/100000", "Census forecast, 90 days: 20,000 units, 100,000 contracts", "< 50 ms", 50e6),
    ("inventory_board/5000", "Inventory board frame, 5,000 units", "< 2 ms", 2e6),
    ("occupancy_summary/100000", "Occupancy summary from 100,000 contracts", "< 50 ms", 50e6),
]


def run(cmd, **kw):
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run(cmd, check=True, **kw)


def ensure_tools():
    missing = [t for t in ("Xvfb", "xdotool") if not shutil.which(t)]
    if missing:
        run(["apt-get", "update", "-q"])
        run(["apt-get", "install", "-y", "-q", "--no-install-recommends", "xvfb", "xauth",
             "xdotool", "mesa-vulkan-drivers", "libvulkan1"])
    if not shutil.which("oha"):
        run(["cargo", "install", "oha", "--locked"])


def fmt_ns(ns):
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    return f"{ns / 1e3:.0f} µs"


def criterion_median(bench_id):
    # Groups are folders (`search_q/demo`); a top-level id's "/" becomes "_" in its folder name.
    candidates = [bench_id, bench_id.replace("/", "_")]
    paths = [ROOT / "target" / "criterion" / c / "new" / "estimates.json" for c in candidates]
    path = next((p for p in paths if p.exists()), None)
    if path is None:
        return None, None
    median = json.loads(path.read_text())["median"]["point_estimate"]
    info = json.loads((path.parent / "benchmark.json").read_text())
    throughput = info.get("throughput") or {}
    elements = throughput.get("Elements")
    return median, elements


def benchmarks(skip):
    if not skip:
        run(["cargo", "bench", "--bench", "sandbox", "--bench", "ui_frames", "--bench", "decode"],
            cwd=ROOT)
    rows = []
    for bench_id, what, goal, goal_ns in BENCHES:
        median, elements = criterion_median(bench_id)
        if median is None:
            rows.append((bench_id, what, "not run", goal, ""))
            continue
        if elements:
            figure = f"{elements / (median / 1e9):,.0f} requests/s"
            verdict = ""
        else:
            figure = fmt_ns(median)
            verdict = "" if goal_ns is None else ("met" if median < goal_ns else "**missed**")
        rows.append((bench_id, what, figure, goal, verdict))
    return rows


class Display:
    def __init__(self):
        self.number = f":{90 + os.getpid() % 9}"
        self.proc = subprocess.Popen(["Xvfb", self.number, "-screen", "0", "1440x900x24",
                                      "-nolisten", "tcp"], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        time.sleep(1.5)

    def close(self):
        self.proc.terminate()
        self.proc.wait()


def app_env(display, home):
    env = dict(os.environ)
    runtime = tempfile.mkdtemp()
    os.chmod(runtime, 0o700)
    env.update(HOME=str(home), XDG_DATA_HOME=f"{home}/.local/share",
               XDG_CONFIG_HOME=f"{home}/.config", XDG_RUNTIME_DIR=runtime,
               DISPLAY=display.number)
    return env


def startup_once(display, home):
    report = Path(tempfile.mkstemp()[1])
    report.unlink()
    env = app_env(display, home)
    env["LEASEDESK_STARTUP_REPORT"] = str(report)
    proc = subprocess.Popen([BIN], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 180
    while not report.exists() and time.time() < deadline:
        time.sleep(0.05)
    time.sleep(0.2)
    proc.terminate()
    proc.wait()
    values = dict(line.split() for line in report.read_text().splitlines())
    report.unlink()
    return int(values["first_frame_ms"]), int(values["cases_shown_ms"])


def startup(display, runs):
    first_run = [startup_once(display, Path(tempfile.mkdtemp())) for _ in range(runs)]
    warm_home = Path(tempfile.mkdtemp())
    startup_once(display, warm_home)  # creates and seeds the sandbox on disk
    warm = [startup_once(display, warm_home) for _ in range(runs)]
    med = lambda xs, i: statistics.median(x[i] for x in xs)
    return {
        "warm_first_frame": med(warm, 0), "warm_cases": med(warm, 1),
        "cold_first_frame": med(first_run, 0), "cold_cases": med(first_run, 1),
    }


def peak_rss_once(display, home):
    env = app_env(display, home)
    proc = subprocess.Popen([BIN], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(10)
    window = subprocess.run(["xdotool", "search", "--name", "LeaseDesk"], env=env,
                            capture_output=True, text=True).stdout.split()
    for key in range(1, 10):
        if window:
            subprocess.run(["xdotool", "key", "--window", window[0], f"ctrl+{key}"], env=env)
        time.sleep(5)
    status = Path(f"/proc/{proc.pid}/status").read_text()
    hwm = int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1))
    proc.terminate()
    proc.wait()
    return hwm / 1024


def peak_rss(display, runs):
    home = Path(tempfile.mkdtemp())
    startup_once(display, home)
    return statistics.median(peak_rss_once(display, home) for _ in range(runs))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def load(runs):
    port = free_port()
    server = subprocess.Popen([BIN, "sandbox", "--in-memory", "--addr", f"127.0.0.1:{port}"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/v3/Case/?CaseNumber=12&PortalId=4200"
    for _ in range(600):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.1)
    results = {}
    for connections in (32, 256):
        samples = []
        for _ in range(runs):
            out = subprocess.run(["oha", "-z", "10s", "-c", str(connections), "--no-tui",
                                  "--output-format", "json", "-H",
                                  f"Ocp-Apim-Subscription-Key: {KEY}", url],
                                 capture_output=True, text=True, check=True).stdout
            data = json.loads(out)
            p = data["latencyPercentiles"]
            codes = data.get("statusCodeDistribution", {})
            samples.append((data["summary"]["requestsPerSec"], p["p50"], p["p90"], p["p99"],
                            sum(v for k, v in codes.items() if k != "200")))
        results[connections] = tuple(statistics.median(s[i] for s in samples) for i in range(5))
    server.terminate()
    server.wait()
    return results


def headless_report(runs):
    """Seconds for `leasedesk report weekly` on the embedded sandbox: the first run in a fresh
    home (the demo portal is created and seeded first), then the median of `runs` more."""
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, HOME=home, XDG_DATA_HOME=f"{home}/data",
                   XDG_CONFIG_HOME=f"{home}/config")
        env.pop("LEASEDESK_SUBSCRIPTION_KEY", None)
        times = []
        for _ in range(runs + 1):
            out = Path(home) / "week.pdf"
            began = time.monotonic()
            run([BIN, "report", "weekly", "--out", str(out)], env=env,
                stdout=subprocess.DEVNULL)
            times.append(time.monotonic() - began)
            out.unlink()
        return times[0], statistics.median(times[1:])


def machine():
    cpu = "unknown CPU"
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    mem = int(re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text()).group(1))
    rustc = subprocess.run(["rustc", "-V"], capture_output=True, text=True).stdout.strip()
    return (f"{os.cpu_count()} cores ({cpu}), {mem / 1024 / 1024:.1f} GiB RAM, "
            f"{platform.system()} {platform.release()}, {rustc}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--skip-bench", action="store_true",
                        help="use the criterion results already in target/criterion")
    args = parser.parse_args()
    ensure_tools()
    run(["cargo", "build", "--release", "--locked"], cwd=ROOT)
    bench_rows = benchmarks(args.skip_bench)
    display = Display()
    try:
        start = startup(display, args.runs)
        rss = peak_rss(display, max(1, args.runs // 2))
    finally:
        display.close()
    oha = load(args.runs)
    report_cold, report_warm = headless_report(args.runs)

    lines = [
        "# Performance report",
        "",
        f"Generated by `python3 benches/report.py --runs {args.runs}` on "
        f"{time.strftime('%Y-%m-%d')}. Machine: {machine()}.",
        "",
        "Every figure is a median: criterion's median over its samples for the benchmarks, and "
        f"the median of {args.runs} runs for start-up, memory and load. Release builds.",
        "",
        "## Benchmarks (criterion)",
        "",
        "| Benchmark | What | Median | Goal | |",
        "| --- | --- | --- | --- | --- |",
    ]
    lines += [f"| `{b}` | {w} | {f} | {g} | {v} |" for b, w, f, g, v in bench_rows]
    lines += [
        "",
        "Reproduce: `cargo bench --bench sandbox --bench ui_frames --bench decode`.",
        "",
        "## Start-up under Xvfb",
        "",
        "Time from process start to the first frame drawn, and to the first page of cases on "
        "screen, with the embedded sandbox (1440×900 Xvfb, Mesa's software Vulkan).",
        "",
        "| Case | First frame | Cases on screen |",
        "| --- | --- | --- |",
        f"| Demo data already on disk | {start['warm_first_frame']:.0f} ms | {start['warm_cases']:.0f} ms |",
        f"| First run (fresh home: the sandbox is created and seeded) | {start['cold_first_frame']:.0f} ms | {start['cold_cases']:.0f} ms |",
        "",
        "The window draws before the sandbox is ready (the UI never waits on it); on a first run "
        "the seed is built in the background while the window shows \"Connecting\".",
        "",
        "## Memory",
        "",
        f"Peak resident memory (VmHWM) with the demo portal open on every pane in turn "
        f"(Ctrl+1 … Ctrl+9, 5 s each): **{rss:.0f} MiB** (median of {max(1, args.runs // 2)} runs; "
        "includes the embedded sandbox and the software renderer).",
        "",
        "## The sandbox under load (oha, loopback)",
        "",
        "`oha -z 10s -c N` on `GET /v3/Case/?CaseNumber=12&PortalId=4200` against "
        "`leasedesk sandbox --in-memory` (release).",
        "",
        "| Connections | Requests/s | p50 | p90 | p99 | Non-200 |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for c, (rps, p50, p90, p99, bad) in oha.items():
        lines.append(f"| {c} | {rps:,.0f} | {p50 * 1000:.2f} ms | {p90 * 1000:.2f} ms | "
                     f"{p99 * 1000:.2f} ms | {bad:.0f} |")
    lines += ["", "The load generator runs on the same 2 cores as the server, so these figures "
              "are a floor, not a ceiling.", "",
              "## The weekly report, headless",
              "",
              "`leasedesk report weekly --out week.pdf` on the embedded sandbox's demo portal "
              "(every activity, contract, unit, case and campaign read, the queue's checklists, "
              "the PDF written):",
              "",
              f"- first run in a fresh home (the demo portal is created first): {report_cold:.2f} s",
              f"- demo data already on disk: {report_warm:.2f} s (median of {args.runs})",
              ""]
    (ROOT / "docs" / "performance.md").write_text("\n".join(lines))
    print("wrote docs/performance.md")


if __name__ == "__main__":
    main()
