#!/usr/bin/env python3
"""The world, for tests/postfix/run.sh: a tiny SMTP server on loopback that Postfix relays to
(relayhost). Each message taken is stored as DIR/NNNN.eml, its envelope first as X-Sink-From and
X-Sink-To headers. An address listed in DIR/refuse (one a line) is refused at RCPT with 550, so
Postfix bounces the mail to its envelope sender.

    sink.py PORT DIR
"""
import os
import socketserver
import sys
import threading

PORT, DIR = int(sys.argv[1]), sys.argv[2]
lock = threading.Lock()


def refused():
    try:
        with open(os.path.join(DIR, "refuse")) as f:
            return {line.strip().lower() for line in f if line.strip()}
    except FileNotFoundError:
        return set()


def address(arg):
    return arg.split(":", 1)[1].split(">", 1)[0].strip().lstrip("<").lower()


class Session(socketserver.StreamRequestHandler):
    timeout = 30

    def say(self, line):
        self.wfile.write((line + "\r\n").encode())
        self.wfile.flush()

    def handle(self):
        self.say("220 sink.test ESMTP")
        sender, rcpts = None, []
        while True:
            raw = self.rfile.readline()
            if not raw:
                return
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            verb = line[:4].upper()
            if verb in ("EHLO", "HELO"):
                self.say("250-sink.test\r\n250-8BITMIME\r\n250 SMTPUTF8" if verb == "EHLO" else "250 sink.test")
            elif verb == "MAIL":
                sender, rcpts = address(line), []
                self.say("250 2.1.0 ok")
            elif verb == "RCPT":
                to = address(line)
                if to in refused():
                    self.say("550 5.1.1 <%s>: no such user here" % to)
                else:
                    rcpts.append(to)
                    self.say("250 2.1.5 ok")
            elif verb == "DATA":
                if not rcpts:
                    self.say("554 5.5.1 no valid recipients")
                    continue
                self.say("354 go on")
                body = []
                while True:
                    raw = self.rfile.readline()
                    if not raw:
                        return
                    if raw in (b".\r\n", b".\n"):
                        break
                    body.append(raw[1:] if raw.startswith(b"..") else raw)
                with lock:
                    n = len([f for f in os.listdir(DIR) if f.endswith(".eml")])
                    head = "X-Sink-From: <%s>\r\nX-Sink-To: %s\r\n" % (sender, ", ".join(rcpts))
                    tmp = os.path.join(DIR, "%04d.tmp" % n)
                    with open(tmp, "wb") as f:
                        f.write(head.encode() + b"".join(body))
                    os.rename(tmp, os.path.join(DIR, "%04d.eml" % n))
                self.say("250 2.0.0 stored")
                sender, rcpts = None, []
            elif verb == "RSET":
                sender, rcpts = None, []
                self.say("250 ok")
            elif verb == "NOOP":
                self.say("250 ok")
            elif verb == "QUIT":
                self.say("221 bye")
                return
            else:
                self.say("502 5.5.2 not here")


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


os.makedirs(DIR, exist_ok=True)
Server(("127.0.0.1", PORT), Session).serve_forever()
