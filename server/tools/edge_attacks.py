#!/usr/bin/env python3
"""Attacks on a running adjutant-server's network edges, with figures (docs/reliability.md,
"Network edges"). Standard library only; Linux (reads /proc, binds 127.0.0.x source addresses).

    edge_attacks.py headers   --port P --pid PID [--count 10000] [--size 61440]
    edge_attacks.py spaces    --port P [--count 600]
    edge_attacks.py slowloris --port P [--count 1100] [--source 127.0.0.1] [--probe 127.0.0.2]

`headers` sends `count` requests, each with its own `size`-byte Authorization header, and
prints the server's resident memory before, after, and a few seconds after. `spaces` makes an
account and sends `count` requests with its token behind 1 to `count` spaces, counting how many
pass. `slowloris` opens
`count` connections that never finish their headers, counts how many the server keeps open,
times /healthz from another address meanwhile, and times how long the kept ones survive.
"""

import argparse
import os
import secrets
import select
import socket
import time
from collections import Counter


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def read_response(sock, buf):
    """Reads one HTTP/1.1 response with a Content-Length; returns (status, rest of buffer)."""
    while b"\r\n\r\n" not in buf:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed")
        buf += chunk
    head, _, rest = buf.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    status = int(lines[0].split()[1])
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed")
        rest += chunk
    return status, rest[length:]


def headers(args):
    before = rss_mb(args.pid)
    statuses = Counter()
    sock, buf = None, b""
    started = time.monotonic()
    for i in range(args.count):
        if sock is None:
            sock = socket.create_connection(("127.0.0.1", args.port))
            buf = b""
        token = secrets.token_hex(args.size // 2)[: args.size]
        request = (
            f"GET /api/accounts/me HTTP/1.1\r\nHost: adjutant\r\n"
            f"Authorization: Bearer {token}\r\n\r\n"
        ).encode()
        try:
            sock.sendall(request)
            status, buf = read_response(sock, buf)
            statuses[status] += 1
        except (ConnectionError, OSError):
            statuses["closed"] += 1
            sock.close()
            sock = None
    if sock is not None:
        sock.close()
    took = time.monotonic() - started
    after = rss_mb(args.pid)
    time.sleep(5)
    later = rss_mb(args.pid)
    print(f"{args.count} requests with distinct {args.size}-byte headers in {took:.1f} s")
    print(f"answers: {dict(statuses)}")
    print(f"server RSS: before {before:.0f} MB, after {after:.0f} MB, 5 s later {later:.0f} MB")


def spaces(args):
    sock = socket.create_connection(("127.0.0.1", args.port))
    body = b'{"name": "spaces%d"}' % (time.time_ns() % 10**9)
    sock.sendall(
        b"POST /api/accounts HTTP/1.1\r\nHost: adjutant\r\nContent-Type: application/json\r\n"
        b"Content-Length: %d\r\n\r\n%s" % (len(body), body)
    )
    sock.settimeout(10)
    answer = b""
    while b'"token"' not in answer or not answer.rstrip().endswith(b"}"):
        answer += sock.recv(65536)
    token = answer.split(b'"token":"')[1].split(b'"')[0].decode()
    statuses, buf = Counter(), b""
    for i in range(args.count):
        request = (
            f"GET /api/accounts/me HTTP/1.1\r\nHost: adjutant\r\n"
            f"Authorization: Bearer{' ' * (i + 1)}{token}\r\n\r\n"
        ).encode()
        sock.sendall(request)
        status, buf = read_response(sock, buf)
        statuses[status] += 1
    sock.close()
    print(f"{args.count} requests with one token behind 1 to {args.count} spaces: {dict(statuses)}")


def healthz_from(source, port, timeout):
    started = time.monotonic()
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout, (source, 0))
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: adjutant\r\nConnection: close\r\n\r\n")
        answer = sock.recv(64)
        sock.close()
        status = answer.split(b"\r\n")[0].decode() or "closed"
    except OSError as e:
        status = f"failed: {e}"
    return status, time.monotonic() - started


def still_open(sockets):
    """The sockets the server has not closed (no EOF or reset waiting to be read)."""
    alive = []
    for sock in sockets:
        poller = select.poll()
        poller.register(sock, select.POLLIN)
        if poller.poll(0):
            try:
                if sock.recv(1, socket.MSG_PEEK) == b"":
                    continue
            except OSError:
                continue
        alive.append(sock)
    return alive


def slowloris(args):
    half = b"GET /healthz HTTP/1.1\r\nHost: adjutant\r\nX-Slow: "
    sockets = []
    for _ in range(args.count):
        try:
            sock = socket.create_connection(("127.0.0.1", args.port), 5, (args.source, 0))
            sock.sendall(half)
            sockets.append(sock)
        except OSError as e:
            print(f"connect failed after {len(sockets)}: {e}")
            break
    opened = time.monotonic()
    time.sleep(1)
    alive = still_open(sockets)
    print(f"{len(sockets)} half-sent connections from {args.source}; "
          f"the server keeps {len(alive)} open after 1 s")
    status, took = healthz_from(args.probe, args.port, 10)
    print(f"/healthz from {args.probe} meanwhile: {status} in {took * 1000:.1f} ms")
    status, took = healthz_from(args.source, args.port, 10)
    print(f"/healthz from {args.source} meanwhile: {status} in {took * 1000:.1f} ms")
    while alive and time.monotonic() - opened < args.wait:
        time.sleep(0.25)
        alive = still_open(alive)
    print(f"{len(alive)} still open {time.monotonic() - opened:.1f} s after they were opened")
    for sock in sockets:
        sock.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="attack", required=True)
    h = sub.add_parser("headers")
    h.add_argument("--port", type=int, required=True)
    h.add_argument("--pid", type=int, required=True)
    h.add_argument("--count", type=int, default=10_000)
    h.add_argument("--size", type=int, default=60 * 1024)
    w = sub.add_parser("spaces")
    w.add_argument("--port", type=int, required=True)
    w.add_argument("--count", type=int, default=600)
    s = sub.add_parser("slowloris")
    s.add_argument("--port", type=int, required=True)
    s.add_argument("--count", type=int, default=1100)
    s.add_argument("--source", default="127.0.0.1")
    s.add_argument("--probe", default="127.0.0.2")
    s.add_argument("--wait", type=float, default=15, help="seconds to watch the kept ones")
    args = parser.parse_args()
    {"headers": headers, "spaces": spaces, "slowloris": slowloris}[args.attack](args)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
