"""``xlsx-scorer serve [EVENT.xlsx]``: the organiser's page, served on this computer
(``xlsx_scorer.web``); with a workbook, that event's tables typing their results at the table
(``app.live``: the journal ``EVENT.xlsx.journal.sqlite`` beside it; ``--auto-approve``).

It listens on 127.0.0.1, port 8765 or the next free one, prints the address
and opens the browser there.  A host beyond this computer (``--host 0.0.0.0``,
for judges on the same network) gets a fresh access token, printed here and
required by the API; the page asks for it (the browser opened here gets it in
the address).  The server answers only at this computer's own names and
addresses (``own_hosts``; any other ``Host`` is refused, against DNS
rebinding), and bounds its connections (``web.connections``: a request head
within 10 s, idle connections closed after 5 s, at most 64 at once, the one
waiting longest for a head making room for a new one; 512 while an event is
served).  Ctrl-C stops the server cleanly, dropping any upload still arriving.
Messages, and the log of each request, follow ``--lang``, else the system's language
(``i18n.choose_language``), else English; an event's pages and answers to a request that
asks for no language of ours follow ``--lang``, else the workbook's (``live.language``).
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import ipaddress
import secrets
import socket
import sys
import threading
import time
import webbrowser
from typing import Any

from xlsx_scorer.cli.options import add_command
from xlsx_scorer.cli.parser import checked_number, say
from xlsx_scorer.i18n import LANGUAGES, choose_language, text

DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 8765
#: Ports tried from the one asked for, when it is taken.
PORT_ATTEMPTS = 100
#: How long to wait for the server before opening the browser anyway (seconds).
BROWSER_WAIT = 10.0
#: An address outside any network, "reached" (no packet is sent) to learn this computer's own.
_PROBE = ("192.0.2.1", 9)
#: The same for IPv6: an address of the documentation range (RFC 3849).
_PROBE6 = ("2001:db8::1", 9)


def add_parser(commands: Any, lang: str) -> None:
    """Add ``serve`` to the sub-commands ``commands`` (``ArgumentParser.add_subparsers()``)."""
    serve = add_command(commands, "serve", lang)
    serve.add_argument(
        "--port",
        metavar=say(lang, "help.metavar_port"),
        type=checked_number(lang, 0, 65535, "help.bad_port"),
        default=DEFAULT_PORT,
        help=say(lang, "help.port", default=str(DEFAULT_PORT)),  # digits: 8765, not 8.765
    )
    serve.add_argument(
        "--host",
        metavar=say(lang, "help.metavar_host"),
        default=DEFAULT_HOST,
        help=say(lang, "help.host", default=DEFAULT_HOST),
    )
    serve.add_argument(
        "event",
        nargs="?",
        metavar=say(lang, "help.metavar_event"),
        help=say(lang, "help.serve_event"),
    )
    serve.add_argument("--auto-approve", action="store_true", help=say(lang, "help.auto_approve"))
    serve.add_argument("--no-browser", action="store_true", help=say(lang, "help.no_browser"))
    serve.add_argument("--lang", choices=sorted(LANGUAGES), help=say(lang, "help.serve_lang"))
    serve.add_argument("--debug", action="store_true", help=say(lang, "help.debug"))


def run(args: argparse.Namespace) -> int:
    """Serve until Ctrl-C; the exit code is 0, or 2 when no port could be had."""
    import logging  # noqa: PLC0415 - the web stack loads only for this command

    import uvicorn  # noqa: PLC0415

    from xlsx_scorer.app.api import heavy_steps  # noqa: PLC0415
    from xlsx_scorer.web import connections  # noqa: PLC0415
    from xlsx_scorer.web.server import create_app  # noqa: PLC0415

    lang = choose_language(args.lang)
    event = None
    if args.event is not None:
        from pathlib import Path  # noqa: PLC0415

        from xlsx_scorer.app import live  # noqa: PLC0415

        path = Path(args.event)
        if not path.is_file():
            print(text(lang, "cli.serve_no_event", path=path), file=sys.stderr)
            return 2
        event = live.open_event(path, auto_approve=args.auto_approve, lang=args.lang)
        threading.Thread(target=event.warm_up, name="live-writer-start", daemon=True).start()
        print(text(lang, "cli.serve_event", path=path, journal=live.journal_path(path)))
    token = None if is_loopback(args.host) else secrets.token_urlsafe(16)
    try:
        listener = bind(args.host, args.port)
    except OSError as error:
        print(text(lang, "cli.serve_no_port", host=args.host, detail=error), file=sys.stderr)
        return 2
    port = int(listener.getsockname()[1])
    hosts = own_hosts(args.host)
    url = f"http://{_browser_host(args.host)}:{port}/" + (f"?lang={args.lang}" if args.lang else "")
    local_url = url + (f"#token={token}" if token else "")
    print(text(lang, "cli.serve_address", url=local_url), flush=True)
    if token:
        host = socket.gethostname()
        print(text(lang, "cli.serve_network", url=f"http://{host}:{port}/", token=token))
    print(text(lang, "cli.serve_stop"), flush=True)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    heavy_steps()  # imported (and set aside) before the first request, not during it
    config = uvicorn.Config(
        create_app(token=token, hosts=hosts, lang=lang, event=event),
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=5,
        **connections.settings(
            connections=connections.MAX_CONNECTIONS
            if event is None
            else connections.LIVE_CONNECTIONS
        ),
    )
    server = uvicorn.Server(config)
    if not args.no_browser:
        threading.Thread(target=_open_browser, args=(server, local_url), daemon=True).start()
    try:
        server.run(sockets=[listener])
    except KeyboardInterrupt:  # uvicorn stops gracefully, then passes Ctrl-C on
        pass
    finally:
        listener.close()
        if event is not None:
            event.close()
    print(text(lang, "cli.serve_stopped"), flush=True)
    return 0


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this computer only (no token needed then).

    >>> [is_loopback(h) for h in ("127.0.0.1", "localhost", "::1", "0.0.0.0", "192.168.1.5")]
    [True, True, True, False, False]
    """
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:  # a name other than localhost: it may be reached from the network
        return False


def own_hosts(host: str) -> list[str]:
    """The names and addresses the server answers at, besides ``127.0.0.1``/``localhost``/``::1``.

    ``host`` itself (unless a wildcard), and when it reaches beyond this computer
    the computer's name as printed in the judges' link, its full name and its
    addresses (a judge may type the address instead of the name).

    >>> own_hosts("127.0.0.1")
    ['127.0.0.1']
    >>> import socket
    >>> socket.gethostname() in own_hosts("0.0.0.0")
    True
    """
    bare = host.strip("[]")
    found = [] if bare in {"0.0.0.0", "::", ""} else [bare]  # noqa: S104 - the wildcard
    if is_loopback(host):
        return found
    names = [socket.gethostname(), socket.getfqdn()]
    found.extend(names)
    for name in names:
        with contextlib.suppress(OSError):
            found.extend(str(entry[4][0]) for entry in socket.getaddrinfo(name, None))
    for family, target in ((socket.AF_INET, _PROBE), (socket.AF_INET6, _PROBE6)):
        with contextlib.suppress(OSError), socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.connect(target)  # no packet is sent: the route out names the address
            found.append(str(probe.getsockname()[0]).partition("%")[0])
    return list(dict.fromkeys(found))


def bind(host: str, port: int, attempts: int | None = None) -> socket.socket:
    """A listening socket on ``host`` at ``port``, or at the next free port after it.

    Port 0 takes any free port.  Raises ``OSError`` when none of ``attempts``
    (default ``PORT_ATTEMPTS``) ports is free, or the address cannot be used at all.

    The socket is made for TCP by name (``IPPROTO_TCP``, not the default 0): asyncio turns
    Nagle's delay off (``TCP_NODELAY``) only on connections whose socket says TCP, and
    without that every answer after the first on a kept connection (a phone polling once
    a second, a table sending) waited about 40 ms for the client's delayed
    acknowledgement (measured: ``/healthz`` 44 ms from the second request, 1 ms after).
    """
    attempts = PORT_ATTEMPTS if attempts is None else attempts
    family = socket.getaddrinfo(host.strip("[]"), None, type=socket.SOCK_STREAM)[0][0]
    last = port if port == 0 else min(port + attempts - 1, 65535)
    for candidate in range(port, last + 1):
        listener = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        try:
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            listener.bind((host.strip("[]"), candidate))
            listener.listen()
        except OSError as error:
            listener.close()
            if error.errno != errno.EADDRINUSE or candidate == last:
                raise
            continue
        return listener
    raise OSError(errno.EADDRINUSE, f"ports {port} to {last} are taken")


def _browser_host(host: str) -> str:
    """Where this computer's browser reaches ``host``: a wildcard address means this computer.

    >>> _browser_host("0.0.0.0"), _browser_host("::"), _browser_host("::1"), _browser_host("pc")
    ('127.0.0.1', '[::1]', '[::1]', 'pc')
    """
    bare = host.strip("[]")
    if bare in {"0.0.0.0", ""}:  # noqa: S104 - recognising the wildcard, not binding it
        return "127.0.0.1"
    if bare == "::":
        return "[::1]"
    return f"[{bare}]" if ":" in bare else bare


def _open_browser(server: Any, url: str) -> None:
    """Open ``url`` once ``server`` has started (or after ``BROWSER_WAIT`` seconds)."""
    waited = 0.0
    while not server.started and not server.should_exit and waited < BROWSER_WAIT:
        time.sleep(0.05)
        waited += 0.05
    if not server.should_exit:
        webbrowser.open(url)
