#!/usr/bin/env python3
"""Writes camsched's man pages (mdoc) from the argument parser's own description of its commands.

Usage: scripts/gen-man.py CAMSCHED_BINARY OUT_DIR

`camsched --experimental-dump-help` prints every command, option, default and help text as
swift-argument-parser holds them, so the pages never drift from `--help`. One page per command:
camsched.1, camsched-run.1, camsched-catalog-list.1, ... The environment, exit status and files
sections of camsched.1 are kept here, beside the generator, because the parser does not know them.
"""
import json
import os
import subprocess
import sys
import time

ENVIRONMENT = [
    ("CAMSCHED_LOG_LEVEL", "The log level (trace, debug, info, notice, warning, error, critical) when "
     "--log-level is not given."),
    ("CAMSCHED_LOCK_DIR", "Where camera lock files are kept (default /run/lock/camsched, or the temporary "
     "folder when /run/lock is not writable); processes that take turns on a camera must share it."),
    ("XDG_RUNTIME_DIR", "Where the private lock folder (camsched-locks) goes when the shared one is a "
     "link or belongs to another user."),
    ("CAMSCHED_CATALOG_JOURNAL", "wal or rollback: force the catalog's journal mode instead of choosing by "
     "filesystem (rollback on NFS, SMB, 9p and FUSE)."),
    ("CAMSCHED_LIBCAMERA_SHIM", "The path of camsched's libcamera module (libcamsched-libcamera.so) to load "
     "instead of PREFIX/lib/camsched's or the one beside a build's binary."),
    ("CAMSCHED_TEST_FFMPEG_MISSING", "avutil, avcodec, avformat or swscale: pretend that FFmpeg library is "
     "missing (for tests)."),
    ("CAMSCHED_PRESSURE_SOURCES", "The pressure sources run watches, comma-separated, from thermal, psi "
     "(camsched's own cgroup), psi-host (the whole machine, never by default), encoder, disk and file "
     "(default: all but psi-host)."),
    ("CAMSCHED_SYS_ROOT", "Read thermal zones under this folder instead of /sys (for tests)."),
    ("CAMSCHED_PROC_ROOT", "Read pressure stall information under this folder instead of /proc (for tests)."),
    ("STATE_DIRECTORY", "Set by systemd's StateDirectory=: a relative output.root (and the default "
     "root, captures) resolves against it instead of the job file's folder."),
    ("JOURNAL_STREAM", "Set by systemd when stderr goes to the journal: log lines then start with their "
     "syslog priority (<3> error, <4> warning, <6> info, <7> debug) and carry no time."),
    ("NOTIFY_SOCKET, WATCHDOG_USEC", "Set by systemd for Type=notify units: daemon sends READY=1, "
     "STATUS=, STOPPING=1, and WATCHDOG=1 at half the watchdog period."),
    ("CAMSCHED_EVENT, CAMSCHED_JOB, CAMSCHED_RUN, CAMSCHED_FILE, CAMSCHED_SIDECAR, CAMSCHED_KIND",
     "Set by camsched in the environment of a job's hooks."),
    ("CAMSCHED_REHEARSAL", "Set to 1 in the environment of a rehearsal's hooks (run --at): its files are "
     "simulated, not real."),
    ("LIBV4L2_LOG_FILENAME", "libv4l2's own debug log, when set."),
    # Fleet catalog (PostgreSQL)
    ("CAMSCHED_CATALOG_URL", "The PostgreSQL fleet catalog (postgres://USER@HOST:PORT/DATABASE) of jobs whose "
     "output.catalog is true; a URL in the job file wins. Also the default of catalog sync."),
    ("CAMSCHED_LOCATION", "Where the camera is, for jobs without a location of their own, as the job key's "
     "JSON object: {\"latitude\": 52.52, \"longitude\": 13.40, \"elevation\": 34}."),
    ("CAMSCHED_METRICS_FILE", "Where run and daemon write their metrics in Prometheus text format for "
     "node_exporter's textfile collector when --metrics-file is not given (e.g. in a systemd unit's Environment=)."),
    ("CAMSCHED_NODE", "The node name every fleet catalog row carries (default: the host name)."),
    ("CAMSCHED_MQTT_PASSWORD", "The MQTT password of jobs whose mqtt block has a username and no password "
     "(a file of mode 600 or a variable named there wins); not passed on to hooks."),
    ("CAMSCHED_CAMERA_CREDENTIALS", "user:password for network cameras whose job names no camera.credentials, and for snapshot and devices --probe without --credentials; not passed on to hooks."),
    ("PGPASSWORD", "The fleet catalog's password; else ~/.pgpass (mode 600) is read, as by psql."),
    ("CAMSCHED_TEST_FLEET_KILL_AFTER_COMMIT", "1: SIGKILL camsched right after the fleet catalog committed a "
     "batch, before the rows are marked sent (for tests only)."),
]

EXIT_STATUS = [
    ("0", "done"),
    ("1", "failed at run time, after filing what it could (status failed), or a run that filed none of the shots it "
          "was due (status nothing-filed)"),
    ("2", "invalid input: a bad option, job file or device URI"),
    ("3", "camera unavailable: missing, busy or not permitted"),
    ("75", "run --lock fail and another camsched holds the camera"),
    ("129", "run only: stopped by SIGHUP (the terminal or ssh session went away), every open file finalised"),
    ("130, 143", "stopped by SIGINT or SIGTERM, every open file finalised"),
]

FILES = [
    ("/etc/camsched/jobs/", "the job files camsched.service runs"),
    ("/var/lib/camsched/", "where the service files captures (its StateDirectory)"),
    ("ROOT/catalog.sqlite", "the catalog of everything filed under an output root"),
]


def escape(text):
    """Text for an mdoc line: backslashes escaped, a leading dot or quote made literal."""
    text = text.replace("\\", "\\e")
    text = "".join(c if ord(c) < 128 else "\\[u%04X]" % ord(c) for c in text)
    lines = []
    for line in text.split("\n"):
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def paragraphs(text):
    out = []
    for index, block in enumerate(p.strip() for p in text.split("\n\n")):
        if not block:
            continue
        if index:
            out.append(".Pp")
        out.append(escape(block))
    return out


def flag_name(name):
    # `Fl` prints one dash itself: `Fl -json` renders --json, `Fl o` renders -o.
    return "-" + name["name"] if name["kind"] == "long" else name["name"]


def shown(args):
    return [a for a in args if a.get("shouldDisplay", True) and a.get("valueName") not in ("help", "version")]


def synopsis_item(arg):
    if arg["kind"] == "positional":
        item = "Ar " + arg["valueName"] + (" ..." if arg.get("isRepeating") else "")
    else:
        item = "Fl " + flag_name(arg["preferredName"])
        if arg["kind"] == "option":
            item += " Ar " + arg["valueName"]
    return "." + (("Op " + item) if arg.get("isOptional") else item)


def option_entry(arg):
    if arg["kind"] == "positional":
        head = ".It Ar " + arg["valueName"]
    else:
        names = [flag_name(n) for n in arg["names"]]
        parts = []
        for name in names:
            part = "Fl " + name
            if arg["kind"] == "option":
                part += " Ar " + arg["valueName"]
            parts.append(part)
        head = ".It " + " , ".join(parts)
    body = arg.get("abstract", "")
    if arg.get("allValues"):
        body += " One of: " + ", ".join(arg["allValues"]) + "."
    if arg.get("defaultValue") is not None:
        body += " Default: " + arg["defaultValue"] + "."
    return [head, escape(body.strip())]


def page(command, path, date):
    name = " ".join(path)
    title = "-".join(path).upper()
    args = shown(command.get("arguments", []))
    subcommands = [s for s in command.get("subcommands", []) if s["commandName"] != "help"]
    lines = [f".Dd {date}", f".Dt {title} 1", ".Os", ".Sh NAME", f'.Nm "{name}"',
             ".Nd " + escape(command.get("abstract", "")), ".Sh SYNOPSIS", ".Nm"]
    if subcommands:
        lines.append(".Ar command ...")
    lines += [synopsis_item(a) for a in args]
    lines.append(".Sh DESCRIPTION")
    lines += paragraphs(command.get("discussion") or command.get("abstract", ""))
    if args:
        lines += [".Sh OPTIONS", ".Bl -tag -width Ds"]
        for arg in args:
            lines += option_entry(arg)
        lines.append(".El")
    if subcommands:
        lines += [".Sh COMMANDS", ".Bl -tag -width Ds"]
        for sub in subcommands:
            lines += [".It Cm " + sub["commandName"], escape(sub.get("abstract", "")),
                      "See " + "-".join(path + [sub["commandName"]]) + "(1)."]
        lines.append(".El")
    if len(path) == 1:
        lines += root_sections()
    lines += [".Sh SEE ALSO"]
    see = ["-".join(path[:-1])] if len(path) > 1 else []
    see += ["-".join(path + [s["commandName"]]) for s in subcommands]
    lines += [f".Xr {s} 1 ," for s in see[:-1]] + [f".Xr {s} 1" for s in see[-1:]]
    if not see:
        lines.append(".Xr camsched 1")
    return "\n".join(lines) + "\n"


def root_sections():
    lines = [".Sh ENVIRONMENT", ".Bl -tag -width Ds"]
    for name, text in ENVIRONMENT:
        lines += [".It Ev " + name, escape(text)]
    lines += [".El", ".Sh EXIT STATUS", ".Bl -tag -width Ds"]
    for code, text in EXIT_STATUS:
        lines += [".It " + code, escape(text)]
    lines += [".El", ".Sh FILES", ".Bl -tag -width Ds"]
    for path, text in FILES:
        lines += [".It Pa " + path, escape(text)]
    lines.append(".El")
    return lines


def walk(command, path, out, date):
    with open(os.path.join(out, "-".join(path) + ".1"), "w") as handle:
        handle.write(page(command, path, date))
    for sub in command.get("subcommands", []):
        if sub["commandName"] != "help":
            walk(sub, path + [sub["commandName"]], out, date)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: gen-man.py CAMSCHED_BINARY OUT_DIR")
    binary, out = sys.argv[1], sys.argv[2]
    dump = json.loads(subprocess.run([binary, "--experimental-dump-help"], check=True,
                                     capture_output=True, text=True).stdout)
    # Reproducible: the date of the last commit (SOURCE_DATE_EPOCH) rather than today.
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", time.time()))
    date = time.strftime("%B %-d, %Y", time.gmtime(epoch))
    os.makedirs(out, exist_ok=True)
    walk(dump["command"], [dump["command"]["commandName"]], out, date)


if __name__ == "__main__":
    main()
