#!/usr/bin/env bash
# The deployment files hold: the systemd unit passes `systemd-analyze verify` (with the built
# binary in place of /usr/local/bin/feldpost, which a CI machine does not have) and the
# Caddyfile passes `caddy validate` (Debian's caddy, installed when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-target/debug/feldpost}"
[ -x "$binary" ] || cargo build --quiet
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if ! command -v systemd-analyze >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq systemd >/dev/null
fi
sed "s|/usr/local/bin/feldpost|$(realpath "$binary")|" deploy/feldpost.service > "$work/feldpost.service"
# verify answers 0 even for a key it does not know or a value it cannot read ("…service:30:
# Unknown key …, ignoring"): every line naming a line of the unit is a failure here. What it
# cannot see in a container (no /etc/feldpost, no postgresql unit) is not.
out="$(systemd-analyze verify "$work/feldpost.service" 2>&1)" || { echo "$out"; exit 1; }
if echo "$out" | grep -E "feldpost\.service:[0-9]+:"; then
    echo "deploy/feldpost.service: systemd-analyze verify found the lines above wrong"
    exit 1
fi
echo "deploy/feldpost.service: verified"

if ! command -v caddy >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq caddy >/dev/null
    # Debian's package starts a caddy on port 80; CI needs only the binary.
    (systemctl stop caddy || pkill -x caddy) >/dev/null 2>&1 || true
fi
caddy validate --adapter caddyfile --config deploy/Caddyfile
echo "deploy/Caddyfile: valid"
