#!/usr/bin/env python3
"""tests/postfix/run.sh's player: creates a Na zajatce game through the API, confirms its host
like a user (the link from the mail in the sink, then the page's form), and plays moves only by
replying to turn mails through Postfix's smtpd: first by pipe (A), then, Postfix's transport
switched, by the listener (B). Each move must be in the game's history. Last, SpamAssassin
(local rules only) scores a turn mail with its picture and a game-over mail with its charts,
each below 1.0."""
import email, email.policy, glob, json, os, re, smtplib, subprocess, sys, time, urllib.request, urllib.error

T, PF, HTTP, SMTPD, DOMAIN = (os.environ[k] for k in ("T", "PF", "HTTP", "SMTPD", "DOMAIN"))
BASE = "http://127.0.0.1:%s" % HTTP
PLAYERS = {"alena@example.org": 0, "boris@example.org": 1}


def http(method, path, body=None, token=None, form=False):
    headers = {"Origin": BASE}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    elif form:
        data, headers["Content-Type"] = b"", "application/x-www-form-urlencoded"
    if token:
        headers["Authorization"] = "Bearer " + token
    req = urllib.request.Request(BASE + path, method=method, data=data, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def until(what, f, timeout=60):
    end = time.time() + timeout
    while time.time() < end:
        v = f()
        if v:
            return v
        time.sleep(0.3)
    sys.exit("timed out waiting for " + what)


def mails():
    out = []
    for path in sorted(glob.glob(os.path.join(T, "sink", "*.eml"))):
        with open(path, "rb") as f:
            out.append((path, email.message_from_binary_file(f, policy=email.policy.default)))
    return out


def text(m):
    part = m.get_body(preferencelist=("plain",))
    return part.get_content() if part else ""


def history(g):
    s, body = http("GET", "/api/games/%s/events" % g["game_id"], token=g["seats"][0]["token"])
    assert s == 200, (s, body)
    return json.loads(body)


seen = set()
# The first command a turn mail lists, as "   - 1. throw — Throw the die".
LISTED = re.compile(r"^\s*-\s*1\.\s+(.+?)\s+\u2014", re.M)


def turn_mail(g, step_now):
    """The newest unseen mail to a player whose Reply-To is a reply address of this game at
    step `step_now` or later: not an invitation or a notice (their reply addresses name no
    step), which are there before the turn mail that follows a move is."""
    best = None
    for path, m in mails():
        rt = str(m.get("Reply-To", ""))
        hit = re.search(r"feldpost\+%s\.(\d+)\.(\d+)\.[0-9a-z]+@" % re.escape(g["game_id"]), rt)
        # An invitation has the same Reply-To but lists no command: a turn mail does.
        if path in seen or not hit or not LISTED.search(text(m)):
            continue
        step = int(hit.group(2))
        if step < step_now:
            continue
        if best is None or step > best[0]:
            best = (step, path, m)
    return best


def reply(m):
    to = re.search(r"[\w.+-]+@[\w.-]+", str(m["Reply-To"])).group(0)
    player = str(m["X-Sink-To"]).strip()
    listed = LISTED.search(text(m))
    assert listed, "no command listed in the turn mail:\n" + text(m)
    command = listed.group(1).strip()
    r = email.message.EmailMessage()
    r["From"], r["To"], r["Subject"] = player, to, "Re: " + str(m["Subject"])
    r["In-Reply-To"] = r["References"] = str(m["Message-ID"])
    r["Message-ID"] = email.utils.make_msgid(domain="example.org")
    r.set_content(command + "\n")
    with smtplib.SMTP("127.0.0.1", int(SMTPD), timeout=30) as s:
        s.send_message(r, from_addr=player, to_addrs=[to])
    return player, command


def play(g, moves, mode):
    for _ in range(moves):
        before = len(history(g))
        step, path, m = until("a turn mail", lambda: turn_mail(g, before))
        seen.add(path)
        player, command = reply(m)
        until("the move (%s, %s: %r) in the history" % (mode, player, command),
              lambda: len(history(g)) > before)
        print("  %s: %s replied %r, step %d -> %d events" % (mode, player, command, step, len(history(g))))


s, body = http("POST", "/api/games", {
    "ruleset": "zajatce", "title": "Postfix", "lang": "en", "host_email": "host@example.org",
    "players": [{"name": "Alena", "email": "alena@example.org"},
                {"name": "Boris", "email": "boris@example.org"}]})
assert s == 201, (s, body)
g = json.loads(body)
confirmed = set()


def confirm_host():
    """The host confirms the newest game by the link its confirmation mail carries."""
    link = until("the host's confirmation mail", lambda: next(
        (l for l in (re.search(r"%s(/confirm/\S+)" % re.escape(BASE), text(m)).group(1)
                     for _, m in reversed(mails())
                     if "host@example.org" in str(m["X-Sink-To"]) and "/confirm/" in text(m))
         if l not in confirmed), None))
    confirmed.add(link)
    s, page = http("GET", link)
    assert s == 200 and 'method="post"' in page, (s, page[:500])
    s, page = http("POST", link, form=True)
    assert s in (200, 303), (s, page[:500])
    print("  host confirmed")


confirm_host()

play(g, 3, "pipe")
with open(os.path.join(PF, "transport.listener")) as f, open(os.path.join(PF, "feldpost-transport"), "w") as t:
    t.write(f.read())
subprocess.run(["postfix", "-c", PF, "reload"], check=True, capture_output=True)
play(g, 3, "listener")

# A relay outage loses nothing: the world away, a move made; Postfix keeps what feldpost sent
# and, the world back and the queue flushed, delivers each mail once.
# The last move's turn mail has arrived before the world goes away (its picture takes a moment).
step, path, m = until("a turn mail", lambda: turn_mail(g, len(history(g))))
seen.add(path)
with open(os.path.join(T, "sink.pid")) as f:
    os.kill(int(f.read()), 15)
time.sleep(0.5)
count = len(mails())
before = len(history(g))
reply(m)
until("the move in the history", lambda: len(history(g)) > before)
until("mail deferred in Postfix's queue", lambda: b"Mail queue is empty" not in subprocess.run(
    ["postqueue", "-c", PF, "-p"], capture_output=True).stdout, timeout=30)
sink = subprocess.Popen([sys.executable, os.path.join(os.environ["REPO"], "tests/postfix/sink.py"),
                         os.environ["SINK"], os.path.join(T, "sink")], start_new_session=True)
with open(os.path.join(T, "sink.pid"), "w") as f:
    f.write(str(sink.pid))
time.sleep(0.5)
assert len(mails()) == count, "mail arrived while the world was away"
subprocess.run(["postqueue", "-c", PF, "-f"], check=True)
until("the turn mail after the outage", lambda: turn_mail(g, before + 1))
ids = [str(m["Message-ID"]) for _, m in mails()]
assert len(ids) == len(set(ids)), "a mail arrived twice"
print("  outage: queued, then delivered once")

# A bounce is heard: the world refuses the players' addresses, Postfix bounces to the envelope
# sender (feldpost+b-…), feldpost marks the address failing, and the host page says so.
with open(os.path.join(T, "sink", "refuse"), "w") as f:
    f.write("alena@example.org\nboris@example.org\n")
step, path, m = turn_mail(g, len(history(g)))
seen.add(path)
player, _ = reply(m)
host_path = re.sub(r"^https?://[^/]+", "", g["host_url"])
until("the host page to show a failing address", lambda: 'class="error failing"' in http("GET", host_path)[1], timeout=60)
print("  bounce: the host page shows the failing address")


# SpamAssassin, Debian's, with its local rules only (no network test): what it makes of a turn
# mail with the board and of a game-over mail with the final statistics, as the world got them.
def pictures(m):
    return sum(1 for p in m.walk() if p.get_content_type() == "image/png")


def spam_score(path, *cf):
    with open(path, "rb") as f:
        # Every relay here is loopback, which ALL_TRUSTED would reward: not counted.
        out = subprocess.run(["spamassassin", "-L", "-t", "--cf=score ALL_TRUSTED 0"]
                             + ["--cf=" + c for c in cf], stdin=f, capture_output=True, timeout=300)
    status = re.search(rb"^X-Spam-Status: \w+, score=(-?[\d.]+)(.*(?:\n[ \t].*)*)", out.stdout, re.M)
    assert status, "no score from spamassassin: " + out.stderr.decode(errors="replace")[-2000:]
    return float(status.group(1)), " ".join(status.group(2).decode().split())


turn = next((path for path, m in reversed(mails())
             if pictures(m) == 1 and g["game_id"] in str(m.get("Reply-To", ""))), None)
assert turn, "no turn mail with its picture reached the world"

s, body = http("POST", "/api/games", {
    "ruleset": "zajatce", "title": "Postfix end", "lang": "en", "host_email": "host@example.org",
    "players": [{"name": "Carol", "email": "carol@example.org"},
                {"name": "Dan", "email": "dan@example.org"}]})
assert s == 201, (s, body)
g2 = json.loads(body)
confirm_host()
token = g2["seats"][1]["token"]
s, body = http("GET", "/api/games/%s" % g2["game_id"], token=token)
assert s == 200, (s, body)
s, body = http("POST", "/api/games/%s/actions" % g2["game_id"],
               {"expected_seq": json.loads(body)["current_seq"], "action": {"type": "concede"}}, token=token)
assert s == 200, (s, body)
end = until("the game-over mail with the statistics", lambda: next(
    (path for path, m in mails()
     if "carol@example.org" in str(m["X-Sink-To"]) and "The game is over" in text(m)
     and pictures(m) >= 2), None))
# Every mail with a picture the world got (each turn mail with its board, the game-over mail
# with its charts), not only the last: a short one, with an image and little text, is what
# HTML_IMAGE_ONLY_<n> scores.
pictured = [(path, m) for path, m in mails() if pictures(m) >= 1]
assert turn in [p for p, _ in pictured] and end in [p for p, _ in pictured]
for path, m in pictured:
    name = "%s (%s, %d picture%s)" % (os.path.basename(path), str(m["Subject"])[:40], pictures(m),
                                      "" if pictures(m) == 1 else "s")
    score, tests = spam_score(path)
    print("  spamassassin: %s scores %.1f (%s)" % (name, score, tests))
    assert score < 1.0, "%s scores %.1f: %s" % (name, score, tests)
