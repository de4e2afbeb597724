#!/usr/bin/env bash
# Browser suite: the real server, a game created through the API, and its pages loaded in
# headless Chromium (no JavaScript needed; the DOM Chromium built is checked, and screenshots
# are kept in target/browser/ to look at).
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v chromium >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
cargo build --quiet --bin feldpost
bin="${CARGO_TARGET_DIR:-target}/debug/feldpost"

out=target/browser
rm -rf "$out" && mkdir -p "$out/data"
port=18080
FELDPOST_BIND=127.0.0.1:$port FELDPOST_DATA_DIR="$out/data" FELDPOST_SECRET=browser-suite \
    "$bin" serve >"$out/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do curl -fs "http://127.0.0.1:$port/" >/dev/null && break; sleep 0.2; done

chrome() {
    chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$(mktemp -d)" --window-size=1280,1000 "$@" 2>/dev/null
}

passed=0
failed=0
check() { # name, file, pattern
    if grep -q -- "$3" "$2"; then passed=$((passed + 1)); echo "ok: $1"; else failed=$((failed + 1)); echo "FAILED: $1 (no '$3' in $2)"; fi
}

created=$(curl -fs -H 'Content-Type: application/json' -H 'Accept-Language: cs' \
    -d '{"ruleset":"zajatce","title":"Prohlížeč","host_email":"host@example.org","players":[{"name":"Alena"},{"name":"Bořek"}]}' \
    "http://127.0.0.1:$port/api/games")
seat0=$(echo "$created" | python3 -c 'import json,sys; print(json.load(sys.stdin)["seats"][0]["url"])')
seat1=$(echo "$created" | python3 -c 'import json,sys; print(json.load(sys.stdin)["seats"][1]["url"])')

chrome --lang=cs --dump-dom "http://127.0.0.1:$port/?lang=cs" >"$out/home.html"
check "home page in Czech" "$out/home.html" "Deskové hry e-mailem"
chrome --dump-dom "$seat0?lang=en" >"$out/game.html"
chrome --dump-dom "$seat1?lang=en" >"$out/game-seat1.html"
check "game page shows the board" "$out/game.html" "<svg"
# Who throws first is drawn: one of the two seats has the action form.
cat "$out/game.html" "$out/game-seat1.html" >"$out/game-both.html"
check "the seat whose turn it is gets an action form" "$out/game-both.html" 'name="expected_seq"'
chrome --dump-dom "$seat0/history?at=1&lang=en" >"$out/history.html"
check "history page has its slider" "$out/history.html" 'type="range"'
chrome --screenshot="$out/game.png" "$seat0?lang=en" >/dev/null
if [ -s "$out/game.png" ]; then passed=$((passed + 1)); echo "ok: screenshot taken"; else failed=$((failed + 1)); echo "FAILED: no screenshot"; fi

chrome --dump-dom "http://127.0.0.1:$port/boards/colditz?lang=en" >"$out/colditz.html"
check "Colditz board page draws the board" "$out/colditz.html" "<svg"
chrome --window-size=1600,1400 --screenshot="$out/colditz.png" "http://127.0.0.1:$port/boards/colditz?lang=en"
chrome --window-size=1400,1000 --screenshot="$out/colditz-zoom3.png" "http://127.0.0.1:$port/boards/colditz?lang=cs&zoom=3" >/dev/null
if [ -s "$out/colditz.png" ]; then passed=$((passed + 1)); echo "ok: Colditz board screenshot taken"; else failed=$((failed + 1)); echo "FAILED: no Colditz screenshot"; fi

sluzba=$(curl -fs -H 'Content-Type: application/json' \
    -d '{"ruleset":"sluzba","title":"Služba","host_email":"host@example.org","players":[{"name":"Rudolf"},{"name":"Blanka"},{"name":"Radek"},{"name":"Bára"}]}' \
    "http://127.0.0.1:$port/api/games")
coordinator=$(echo "$sluzba" | python3 -c 'import json,sys; print(json.load(sys.stdin)["seats"][0]["url"])')
member=$(echo "$sluzba" | python3 -c 'import json,sys; print(json.load(sys.stdin)["seats"][2]["url"])')
chrome --dump-dom "$coordinator?lang=cs" >"$out/sluzba-coordinator.html"
check "Služba coordinator sees the key overlay" "$out/sluzba-coordinator.html" 'data-colour="pursuer"'
check "Služba coordinator is asked for a clue" "$out/sluzba-coordinator.html" 'name="text_word"'
chrome --dump-dom "$member?lang=cs" >"$out/sluzba-member.html"
if grep -q 'data-colour=' "$out/sluzba-member.html"; then failed=$((failed + 1)); echo "FAILED: a member's page names a card colour"; else passed=$((passed + 1)); echo "ok: member's page names no colour"; fi
chrome --window-size=390,1200 --screenshot="$out/sluzba-phone.png" "$coordinator?lang=cs" >/dev/null
if [ -s "$out/sluzba-phone.png" ]; then passed=$((passed + 1)); echo "ok: Služba phone screenshot taken"; else failed=$((failed + 1)); echo "FAILED: no Služba screenshot"; fi

# Escape from Colditz: three players, guards placed, the first Escape Officer has thrown a 3 (a
# card drawn), so his page shows the men, his hand and a move form whose path the script fills.
api() { curl -fs -H 'Content-Type: application/json' "$@"; }
colditz=$(api -d '{"ruleset":"colditz","title":"Colditz","options":{"dice":"manual"},"players":[{"name":"Gerhard"},{"name":"Amy"},{"name":"Bill"}]}' \
    "http://127.0.0.1:$port/api/games")
cid=$(echo "$colditz" | python3 -c 'import json,sys; print(json.load(sys.stdin)["game_id"])')
ctok() { echo "$colditz" | python3 -c "import json,sys; print(json.load(sys.stdin)['seats'][$1]['token'])"; }
curl_act() { # seat, action JSON
    local tok seq
    tok=$(ctok "$1")
    seq=$(curl -fs -H "Authorization: Bearer $tok" "http://127.0.0.1:$port/api/games/$cid" | python3 -c 'import json,sys; print(json.load(sys.stdin)["current_seq"])')
    api -H "Authorization: Bearer $tok" -d "{\"expected_seq\":$seq,\"action\":$2}" "http://127.0.0.1:$port/api/games/$cid/actions" >/dev/null
}
place=$(curl -fs -H "Authorization: Bearer $(ctok 0)" "http://127.0.0.1:$port/api/games/$cid" |
    python3 -c 'import json,sys; print(json.dumps(next(a["action"] for a in json.load(sys.stdin)["legal_actions"] if a["action"]["action"]=="place_guards")))')
curl_act 0 "$place"
curl_act 1 '{"action":"throw","dice":[[1,2]]}'
amy=$(echo "$colditz" | python3 -c 'import json,sys; print(json.load(sys.stdin)["seats"][1]["url"])')
gerhard=$(echo "$colditz" | python3 -c 'import json,sys; print(json.load(sys.stdin)["seats"][0]["url"])')
chrome --dump-dom "$amy?lang=en" >"$out/colditz-amy.html"
check "Colditz page draws the men" "$out/colditz-amy.html" 'class="piece"'
check "Colditz page offers a move with a path field" "$out/colditz-amy.html" 'name="ids_path"'
check "Colditz page shows the seat its own hand" "$out/colditz-amy.html" 'Your Opportunity cards'
check "Colditz script adds the clear buttons" "$out/colditz-amy.html" 'class="path-clear"'
chrome --dump-dom "$gerhard?lang=cs" >"$out/colditz-gerhard.html"
check "Colditz German's page in Czech" "$out/colditz-gerhard.html" 'Karty v ostatních rukou'
if grep -q 'Your Opportunity cards\|Vaše karty příležitostí' "$out/colditz-gerhard.html"; then failed=$((failed + 1)); echo "FAILED: the German's page shows an Opportunity hand"; else passed=$((passed + 1)); echo "ok: the German's page shows no Opportunity hand"; fi
# The script at work: the raw page with a few clicks scripted after load (the page's own script
# is fetched from the server): two circles, then one of Amy's men, then a circle again.
cat >"$out/colditz-clicks.js" <<'JS'
addEventListener("load", () => {
  const click = (e) => e.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const circles = [...document.querySelectorAll("#circles circle")];
  click(circles[0]); click(circles[1]);
  const first = document.querySelector("input[name=ids_path]").value;
  click(document.querySelector('.man[data-man="2"] circle'));
  click(circles[2]);
  const form = document.querySelector("form.active-move");
  const active = form.querySelector("input[name=ids_path]").value;
  document.body.setAttribute("data-first", first + "|" + circles[0].id + " " + circles[1].id);
  document.body.setAttribute("data-active", active + "|" + circles[2].id + "|" + JSON.parse(form.querySelector("input[name=action]").value).man);
});
JS
curl -fs "$amy?lang=en" | python3 -c '
import sys
page, port, clicks = sys.stdin.read(), sys.argv[1], open(sys.argv[2]).read()
page = page.replace("/static/colditz.js", "http://127.0.0.1:%s/static/colditz.js" % port)
print(page.replace("</body>", "<script>" + clicks + "</script></body>"))' "$port" "$out/colditz-clicks.js" >"$out/colditz-click-src.html"
chrome --allow-file-access-from-files --dump-dom "file://$PWD/$out/colditz-click-src.html" >"$out/colditz-click.html"
if python3 - "$out/colditz-click.html" <<'PY'
import re, sys
html = open(sys.argv[1]).read()
first = re.search(r'data-first="([^"]*)"', html).group(1).split("|")
active = re.search(r'data-active="([^"]*)"', html).group(1).split("|")
assert first[0] == first[1] and first[0].count(" ") == 1, first
assert active == [active[1], active[1], "2"], active
PY
then passed=$((passed + 1)); echo "ok: clicking circles fills the path; clicking a man picks his form"; else failed=$((failed + 1)); echo "FAILED: clicking circles did not fill the path (see $out/colditz-click.html)"; fi
chrome --window-size=1400,2000 --screenshot="$out/colditz-german-cs.png" "$gerhard?lang=cs" >/dev/null
chrome --window-size=390,1400 --screenshot="$out/colditz-phone.png" "$amy?lang=cs" >/dev/null
chrome --window-size=1400,2400 --screenshot="$out/colditz-game.png" "$amy?lang=en" >/dev/null
if [ -s "$out/colditz-game.png" ]; then passed=$((passed + 1)); echo "ok: Colditz game screenshot taken"; else failed=$((failed + 1)); echo "FAILED: no Colditz game screenshot"; fi

# The Content-Security-Policy (no unsafe-inline) breaks nothing: Chromium reports no violation on
# the pages with boards and scripts; and it would report one (a page that breaks its own policy).
csp_violations() { # url
    chromium --headless --no-sandbox --disable-gpu --no-first-run --enable-logging=stderr --v=0 \
        --user-data-dir="$(mktemp -d)" --dump-dom "$1" 2>&1 >/dev/null | grep -c "Content Security Policy" || true
}
control=$(csp_violations "data:text/html,<meta http-equiv=\"Content-Security-Policy\" content=\"style-src 'none'\"><p style=\"color:red\">x</p>")
if [ "$control" -gt 0 ]; then passed=$((passed + 1)); echo "ok: Chromium reports a CSP violation (control)"; else failed=$((failed + 1)); echo "FAILED: Chromium reports no CSP violation even where there is one"; fi
for page in "http://127.0.0.1:$port/boards/colditz?zoom=2" "$amy?lang=en" "$gerhard?lang=cs" "$coordinator?lang=cs" "$seat0/history?at=1" "http://127.0.0.1:$port/new/zajatce"; do
    n=$(csp_violations "$page")
    if [ "$n" -eq 0 ]; then passed=$((passed + 1)); echo "ok: no CSP violation on ${page%%\?*}"; else failed=$((failed + 1)); echo "FAILED: $n CSP violations on $page"; fi
done

echo "browser: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
