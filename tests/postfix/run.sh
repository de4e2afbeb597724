#!/usr/bin/env bash
# The Postfix deployment of docs/mail.md, tested: a Postfix instance of its own (in a temporary
# directory, on loopback ports only) configured with the files of deploy/postfix, between
# `feldpost serve` and "the world" (tests/postfix/sink.py, a loopback SMTP server). A game is
# played by replies only, first through the pipe (A), then through the listener (B); a bounce
# and a relay outage are checked on the way; last, SpamAssassin scores a turn mail and a
# game-over mail with their pictures (tests/postfix/drive.py says what is asserted).
# Needs root (Postfix, the feldpost user). Everything it starts is stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/../.."
REPO=$PWD
DOMAIN=feldpost.test

if ! command -v postfix >/dev/null || ! [ -x /usr/lib/postfix/sbin/master ]; then
    echo "installing postfix"
    # The package may try to start a system instance on port 25: ours uses none of it.
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postfix >/dev/null
fi
# SpamAssassin scores what the world got (local rules only: no network test).
if ! command -v spamassassin >/dev/null; then
    echo "installing spamassassin"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends spamassassin >/dev/null
fi
# The pipe runs as this user, as the guide says it must exist.
id feldpost >/dev/null 2>&1 || useradd --system --home-dir /nonexistent --shell /usr/sbin/nologin feldpost

cargo build --quiet --bin feldpost
BIN="${CARGO_TARGET_DIR:-$REPO/target}/debug/feldpost"

T=$(mktemp -d /tmp/feldpost-postfix.XXXXXX)
chmod 755 "$T"
PF="$T/postfix"          # config_directory
SERVER_PID=""
cleanup() {
    local rc=$?
    set +e
    if [ $rc -ne 0 ]; then
        echo "== FAILED ($rc): postfix's log"
        tail -n 150 "$T/maillog" 2>/dev/null
        echo "== the server's log"
        tail -n 150 "$T/server.log" 2>/dev/null
        echo "== the sink"
        ls "$T/sink" 2>/dev/null
    fi
    [ -f "$PF/main.cf" ] && postfix -c "$PF" stop >/dev/null 2>&1
    [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null
    [ -f "$T/sink.pid" ] && kill "$(cat "$T/sink.pid")" 2>/dev/null
    sleep 0.5
    [ -n "$SERVER_PID" ] && kill -9 "$SERVER_PID" 2>/dev/null
    [ -n "${KEEP:-}" ] || rm -rf "$T"
    exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

read -r HTTP SMTPD SINK LISTENER < <(python3 -c '
import socket
socks = [socket.socket() for _ in range(4)]
for s in socks: s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in socks])')

# The world.
mkdir -p "$T/sink"
python3 "$REPO/tests/postfix/sink.py" "$SINK" "$T/sink" >"$T/sink.log" 2>&1 &
echo $! >"$T/sink.pid"

# feldpost: the binary, data and pipe environment where the feldpost user can read them.
install -m 755 "$BIN" "$T/feldpost"
install -d -o feldpost -g feldpost -m 700 "$T/data"
SECRET=$(python3 -c 'import secrets; print(secrets.token_hex(32))')
install -o feldpost -g feldpost -m 600 /dev/null "$T/pipe.env"
cat >"$T/pipe.env" <<ENV
# written by tests/postfix/run.sh, as deploy/postfix/pipe.env.example
DATABASE_URL=sqlite:$T/data/feldpost.db
FELDPOST_SECRET=$SECRET
FELDPOST_MAIL_FROM=feldpost <feldpost@$DOMAIN>
FELDPOST_BASE_URL=http://127.0.0.1:$HTTP
FELDPOST_SMTP_URL=smtp://127.0.0.1:$SMTPD
ENV
sed -e "s|^env_file=.*|env_file=$T/pipe.env|" -e "s|^feldpost=.*|feldpost=$T/feldpost|" \
    "$REPO/deploy/postfix/feldpost-pipe" >"$T/feldpost-pipe"
chmod 755 "$T/feldpost-pipe"

# Postfix: Debian's master.cf with smtpd on a loopback port instead of 25 and nothing chrooted
# (the queue directory is ours), feldpost's line appended; main.cf a few settings of the test's,
# the guide's fragment, then what only the test needs (the world is the sink).
mkdir -p "$PF"
for f in feldpost-recipients feldpost-verify transport.pipe transport.listener; do
    sed -e "s/play\.example\.org/$DOMAIN/g" -e "s/127\.0\.0\.1\]:2525/127.0.0.1]:$LISTENER/" \
        "$REPO/deploy/postfix/$f" >"$PF/$f"
done
cp "$PF/transport.pipe" "$PF/feldpost-transport"
awk -v port="$SMTPD" '
    /^smtp[ \t]+inet/ { $1 = "127.0.0.1:" port }
    /^[a-z]/ && NF >= 8 && ($2 == "inet" || $2 == "unix" || $2 == "unix-dgram" || $2 == "fifo") { $5 = "n" }
    { print }' /etc/postfix/master.cf >"$PF/master.cf"
sed -e "s|/usr/local/bin/feldpost-pipe|$T/feldpost-pipe|" "$REPO/deploy/postfix/master.cf.fragment" >>"$PF/master.cf"
{
    cat <<CF
# tests/postfix/run.sh: an instance of its own
compatibility_level = 3.6
config_directory = $PF
queue_directory = $T/queue
data_directory = $T/pflib
meta_directory = /etc/postfix
maillog_file = $T/maillog
maillog_file_prefixes = $T
inet_interfaces = loopback-only
inet_protocols = ipv4
myhostname = mx.$DOMAIN
mydomain = $DOMAIN
myorigin = $DOMAIN
mydestination =
mynetworks = 127.0.0.0/8
alias_maps =
alias_database =
smtpd_banner = mx.$DOMAIN ESMTP
CF
    sed -e "s/play\.example\.org/$DOMAIN/g" -e "s|/etc/postfix/|$PF/|g" "$REPO/deploy/postfix/main.cf.fragment"
    cat <<CF
# the test's world
relayhost = [127.0.0.1]:$SINK
smtp_dns_support_level = disabled
# a refusal is bounced at once; a deferral is retried on demand (postqueue -f)
bounce_queue_lifetime = 1h
CF
} >"$PF/main.cf"
mkdir -p "$T/queue"
install -d -o postfix -g postfix -m 700 "$T/pflib"
touch "$T/maillog"
postfix -c "$PF" check
postfix -c "$PF" start

# The server, as the feldpost user (it shares the SQLite file with the pipe).
setpriv --reuid=feldpost --regid=feldpost --init-groups env -i PATH=/usr/bin:/bin RUST_LOG=info \
    FELDPOST_BIND=127.0.0.1:$HTTP FELDPOST_DATA_DIR="$T/data" \
    $(grep -v '^#' "$T/pipe.env" | grep -v '^FELDPOST_MAIL_FROM' | tr '\n' ' ') \
    FELDPOST_MAIL_FROM="feldpost <feldpost@$DOMAIN>" \
    FELDPOST_INBOUND_SMTP=127.0.0.1:$LISTENER FELDPOST_TICK_MS=200 \
    "$T/feldpost" serve >"$T/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:$HTTP/healthz" >/dev/null 2>&1 && break
    sleep 0.1
done

export T PF HTTP SMTPD SINK DOMAIN REPO
timeout 300 python3 "$REPO/tests/postfix/drive.py"
echo "== postfix: all passed"
