"""A real SMTP server for the tests (Debian's python3-aiosmtpd), started by mail-servers.ts.

It listens on loopback, requires AUTH (PLAIN or LOGIN) against the same passwd-files dovecot
reads, and delivers each message into the recipient's Maildir under the mail root (tmp/ then a
rename into new/, as any MDA does), where dovecot serves it over IMAP. Unknown recipients are
refused with 550. Arguments: port, users directory, mail root. Prints "ready" once it listens.
With OPEN_PORT in the environment it also listens there without AUTH (the EHLO offers none), as
a relay for a trusted network does: the tests of an honest "Test connection" need one.
"""
import os
import socket
import ssl
import sys
import time
import warnings
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

PORT, USERS, ROOT = int(sys.argv[1]), sys.argv[2], sys.argv[3]
# Optional: a TLS port, certificate and key. Then PORT offers STARTTLS and the TLS port speaks
# TLS from the first byte.
TLS_PORT, CERT, KEY = (int(sys.argv[4]), sys.argv[5], sys.argv[6]) if len(sys.argv) > 6 else (0, None, None)
OPEN_PORT = int(os.environ.get("OPEN_PORT", "0"))
counter = 0


def users():
    """Address -> password, from the passwd-files (one per user) dovecot reads too."""
    found = {}
    for entry in os.listdir(USERS):
        with open(os.path.join(USERS, entry), encoding="utf-8") as handle:
            for line in handle:
                name, _, rest = line.strip().partition(":")
                if name:
                    found[name.lower()] = rest.split(":")[0].removeprefix("{PLAIN}")
    return found


def authenticate(server, session, envelope, mechanism, auth_data):
    if not isinstance(auth_data, LoginPassword):
        return AuthResult(success=False, handled=False)
    name = auth_data.login.decode("utf-8", "replace").lower()
    good = users().get(name)
    ok = good is not None and good == auth_data.password.decode("utf-8", "replace")
    # handled=False: aiosmtpd itself answers 235 or 535.
    return AuthResult(success=ok, handled=False)


class Deliver:
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.lower() not in users():
            return "550 5.1.1 No such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        global counter
        data = envelope.original_content or envelope.content
        if isinstance(data, str):
            data = data.encode("utf-8")
        data = data.replace(b"\r\n", b"\n")
        for rcpt in envelope.rcpt_tos:
            box = os.path.join(ROOT, rcpt.lower(), "Maildir")
            for sub in ("tmp", "new", "cur"):
                os.makedirs(os.path.join(box, sub), exist_ok=True)
            counter += 1
            name = f"{time.time_ns()}.P{os.getpid()}Q{counter}.{socket.gethostname()}"
            with open(os.path.join(box, "tmp", name), "wb") as handle:
                handle.write(f"Return-Path: <{envelope.mail_from}>\n".encode("utf-8"))
                handle.write(data)
            os.rename(os.path.join(box, "tmp", name), os.path.join(box, "new", name))
        return "250 2.0.0 Delivered"


warnings.filterwarnings("ignore", message="Requiring AUTH while not requiring TLS")
common = dict(authenticator=authenticate, auth_required=True, auth_require_tls=False, decode_data=False)
context = None
if CERT:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(CERT, KEY)
controllers = [Controller(Deliver(), hostname="127.0.0.1", port=PORT, tls_context=context, **common)]
if TLS_PORT:
    controllers.append(
        Controller(Deliver(), hostname="127.0.0.1", port=TLS_PORT, ssl_context=context, **common)
    )
if OPEN_PORT:
    # auth_require_tls without TLS: AUTH is neither offered in the EHLO nor accepted.
    controllers.append(
        Controller(Deliver(), hostname="127.0.0.1", port=OPEN_PORT, auth_required=False,
                   auth_require_tls=True, decode_data=False)
    )
for controller in controllers:
    controller.start()
print("ready", flush=True)
try:
    sys.stdin.read()
finally:
    for controller in controllers:
        controller.stop()
