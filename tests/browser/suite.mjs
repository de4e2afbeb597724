// The browser suite's checks, in headless Chromium (Debian's, driven by playwright-core):
// every page type at 1280 and 390 px in every language the server ships, with axe-core on the
// live page (no serious or critical violation), the Content-Security-Policy (no violation), no
// raw message id on the page, and a screenshot kept in target/browser/ to look at (a screenshot
// is never a pass). The served HTML of each page is saved for the Nu HTML Checker, which
// run.sh runs afterwards. Then the clicking flows: Služba (click a card, confirm, the guess is
// recorded), Na zajatce (tap a stone: its move is the current choice; its button moves it), a
// live page (another seat's move shows without reloading) and Escape from Colditz (the German
// clicks his guard posts into his first move, an Escape Officer clicks a man and his path,
// clears and refills it; each asks once through window.confirm, "no" sends nothing, and the
// next page shows the men where clicked). The game pages on one screen (panel.mjs): after a
// tap on a piece its button and the piece are both in view, at 1280 and 390 px in every
// language; at 390 px every control is at least 44 × 44 px and the Colditz page opens with the
// player's men in view and at most 1,200 elements. Mail: a turn mail and a game-over mail as
// sent, their HTML part with its inline pictures at 390 and 800 px (every image loaded, no
// sideways scrolling at 390 px). A game from a real table before its position: the board greyed
// under its line with nothing on the track, the host's form with every stone in its reserve and
// the backward-phase box on its label's line. Escape from Colditz from a real table: the castle
// empty and greyed before the table, the host's form with a labelled place for every man and
// guard inside the screen, a seat's hand form (three labelled card slots, the Kit for an Escape
// Officer only); without script at 390 px, a table short of a man refused in words, a legal one
// entered on the form, every hand chosen on its seat's page, then every seat asked to agree.
//
// Usage: node suite.mjs BASE_URL OUT_DIR NODE_MODULES LANGS   (LANGS: "cs,en")
import { createRequire } from "node:module";
import fs from "node:fs";
import path from "node:path";

const [base, out, modules, langList] = process.argv.slice(2);
const require = createRequire(path.join(modules, "x.js"));
const { chromium } = require("playwright-core");
const axeSource = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const langs = langList.split(",");
const widths = [
  [1280, 900],
  [390, 844],
];

const failures = [];
let passed = 0;
const ok = (name) => {
  passed += 1;
  console.log(`ok: ${name}`);
};
const fail = (name, why) => {
  failures.push(`${name}: ${why}`);
  console.log(`FAILED: ${name}: ${why}`);
};
const check = (name, cond, why) => (cond ? ok(name) : fail(name, why));

// ------------------------------------------------------------------ the API, to set games up
const api = async (method, url, token, body) => {
  const r = await fetch(base + url, {
    method,
    headers: {
      "Content-Type": "application/json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${text}`);
  return JSON.parse(text);
};
const create = (body) => api("POST", "/api/games", null, { host_email: "host@example.org", ...body });
const view = (g, seat) => api("GET", `/api/games/${g.game_id}`, g.seats[seat].token);
const act = async (g, seat, action) => {
  const v = await view(g, seat);
  return api("POST", `/api/games/${g.game_id}/actions`, g.seats[seat].token, {
    expected_seq: v.current_seq,
    action,
  });
};
const toAct = async (g) => {
  for (let s = 0; s < g.seats.length; s++) if ((await view(g, s)).your_turn) return s;
  throw new Error("nobody to act");
};
const path_ = (url) => url.replace(/^https?:\/\/[^/]+/, "");

// ------------------------------------------------------------------ message ids in the catalogs
const ids = new Set();
for (const lang of fs.readdirSync("src/locales")) {
  for (const f of fs.readdirSync(path.join("src/locales", lang))) {
    for (const line of fs.readFileSync(path.join("src/locales", lang, f), "utf8").split("\n")) {
      const m = line.match(/^([a-z][a-z0-9]*(?:-[a-z0-9]+)+)\s*=/);
      if (m) ids.add(m[1]);
    }
  }
}
const rawIds = (text) => [...new Set((text.match(/\b[a-z][a-z0-9]*(?:-[a-z0-9]+)+\b/g) || []).filter((t) => ids.has(t)))];

// ------------------------------------------------------------------ the games the pages show
const zajatce = await create({
  ruleset: "zajatce",
  title: "Na zajatce",
  options: { manual_dice: true },
  players: [{ name: "Alena" }, { name: "Bořek" }],
});
const zMover = await toAct(zajatce);
await act(zajatce, zMover, { type: "roll", die: 6 });

const sluzba = await create({
  ruleset: "sluzba",
  title: "Služba",
  players: [{ name: "Rudolf" }, { name: "Blanka" }, { name: "Radek" }, { name: "Bára" }],
});
// A Služba table whose red team has a clue to guess on.
const clued = async (title) => {
  const g = await create({
    ruleset: "sluzba",
    title,
    players: [{ name: "Rudolf" }, { name: "Blanka" }, { name: "Radek" }, { name: "Bára" }],
  });
  const v = await view(g, 0);
  const clue = v.legal_actions.map((a) => a.action).find((a) => a.action === "give_clue");
  await act(g, 0, { ...clue, word: "zzqxv", number: 2 });
  return g;
};
const sluzbaClued = await clued("Služba s nápovědou");
const sluzbaPlain = await clued("Služba bez skriptu");
const colditz = await create({
  ruleset: "colditz",
  title: "Colditz",
  options: { dice: "manual" },
  players: [{ name: "Gerhard" }, { name: "Amy" }, { name: "Bill" }],
});
{
  const v = await view(colditz, 0);
  await act(colditz, 0, v.legal_actions.map((a) => a.action).find((a) => a.action === "place_guards"));
  await act(colditz, 1, { action: "throw", dice: [[1, 2]] });
}
// Table talk on Colditz (templates/chat.html): a line to everyone, a private one between two
// Escape Officers and one from the host, so that the seat and host pages are checked with them.
await api("POST", `/api/games/${colditz.game_id}/chat`, colditz.seats[1].token, { text: "Dobrý večer, pánové." });
await api("POST", `/api/games/${colditz.game_id}/chat`, colditz.seats[1].token, { text: "Klíč za propustku?", to: 2 });
await api("POST", `/api/games/${colditz.game_id}/chat`, colditz.host_url.split("/").pop(), { text: "Hrajte čistě." });
// A dispute on Na zajatce (the host rules it): its audit page.
const zHostToken = zajatce.host_url.split("/").pop();
await api("POST", `/api/games/${zajatce.game_id}/disputes`, zajatce.seats[1 - zMover].token, {
  against: 2,
  claim: "Ta šestka nepadla.",
});
const disputes = await api("GET", `/api/games/${zajatce.game_id}/disputes`, zHostToken);
const disputeSeq = (disputes.disputes || disputes)[0].seq;
const hostHtml = await (await fetch(zajatce.host_url)).text();
const watch = path_(hostHtml.match(/href="(https?:\/\/[^"]*\/watch\/[^"]+)"/)[1]);

// A game from a real table whose host has not entered the position yet (docs/positions.md):
// its host page with the position form and a seat's page with the board that waits.
const fromTable = await create({
  ruleset: "zajatce",
  title: "Od stolu",
  players: [{ name: "Alena" }, { name: "Bořek" }],
  from_position: true,
});

// Escape from Colditz from a real table: one game waiting for its table (the host's form, a
// seat's waiting page), one whose table is in and waits for the hands (a seat's hand form).
// The legal table is the usual start as the Colditz game above has it (guards posted), each
// circle typed as the board's edges name it ("22·28").
const colditzTableOf = async () => {
  const v = (await view(colditz, 1)).view;
  const at = (seatNo) => v.men.filter((m) => m.seat === seatNo).map((m) => m.at);
  return { teams: [1, 2].map((s) => ({ seat: s, men: at(s) })), guards: at(0), round: 1, to_move: 1 };
};
const gridRef = (id) => id.replace(/^r0?(\d+)c0?(\d+)$/, "$1·$2");
const colditzTable = await colditzTableOf();
const colditzPlayers = [{ name: "Gerhard" }, { name: "Amy" }, { name: "Bill" }];
const colditzWaits = await create({ ruleset: "colditz", title: "Colditz od stolu", players: colditzPlayers, from_position: true });
const colditzHands = await create({ ruleset: "colditz", title: "Colditz: karty v ruce", players: colditzPlayers, from_position: true });
await api("POST", `/api/games/${colditzHands.game_id}/position`, colditzHands.host_url.split("/").pop(), {
  expected_seq: (await view(colditzHands, 0)).current_seq,
  position: colditzTable,
});

const seat = (g, s) => path_(g.seats[s].url);
const pages = [
  ["home", "/"],
  ["new-zajatce", "/new/zajatce"],
  ["new-sluzba", "/new/sluzba"],
  ["new-colditz", "/new/colditz"],
  ["seat-zajatce", seat(zajatce, zMover)],
  ["seat-sluzba-coordinator", seat(sluzba, 0)],
  ["seat-sluzba-member", seat(sluzbaClued, 2)],
  ["seat-colditz-escaper", seat(colditz, 1)],
  ["seat-colditz-german", seat(colditz, 0)],
  ["watch", watch],
  ["history", `${seat(zajatce, 0)}/history`],
  ["host", path_(zajatce.host_url)],
  ["host-position", path_(fromTable.host_url)],
  ["seat-position", seat(fromTable, 0)],
  ["host-position-colditz", path_(colditzWaits.host_url)],
  ["seat-position-colditz", seat(colditzWaits, 1)],
  ["seat-hand-colditz", seat(colditzHands, 1)],
  ["seat-hand-colditz-german", seat(colditzHands, 0)],
  ["stats-zajatce", `${seat(zajatce, 0)}/stats`],
  ["stats-sluzba-coordinator", `${seat(sluzbaClued, 0)}/stats`],
  ["stats-colditz-host", `${path_(colditz.host_url)}/stats`],
  ["stats-watch", `${watch}/stats`],
  ["audit", `${path_(zajatce.host_url)}/disputes/${disputeSeq}`],
  ["mail-settings", `${seat(zajatce, 0)}/mail`],
  ["webhooks-seat", `${seat(zajatce, 0)}/webhooks`],
  ["webhooks-host", `${path_(zajatce.host_url)}/webhooks`],
  ["account-login", "/account/login"],
  ["account-register", "/account/register"],
  ["account-reset", "/account/reset"],
  ["colditz-board", "/boards/colditz"],
  ["not-found", "/no-such-page"],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
fs.mkdirSync(path.join(out, "html"), { recursive: true });

// Controls: each check can fail (a page that breaks it is caught).
{
  check("control: a raw message id is caught", rawIds("Tlačítko sluzba-board-title zde").length === 1, "not caught");
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html lang="en"><title>x</title><main><button></button><img src="a.png"></main></html>');
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => axe.run(document, { resultTypes: ["violations"] }));
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  check("control: axe-core catches a nameless button", bad.some((v) => v.id === "button-name"), JSON.stringify(bad.map((v) => v.id)));
  const seen = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  await page.goto(`data:text/html,<meta http-equiv="Content-Security-Policy" content="style-src 'none'"><p style="color:red">x</p>`);
  await new Promise((r) => setTimeout(r, 200));
  check("control: a Content-Security-Policy violation is heard", seen.length > 0, "none heard");
  await page.close();
}

const withLang = (url, lang) => `${url}${url.includes("?") ? "&" : "?"}lang=${lang}`;

for (const lang of langs) {
  // The HTML as served, for the Nu checker (the same at every width).
  for (const [name, url] of pages) {
    const r = await fetch(base + withLang(url, lang), { headers: { "Accept-Language": lang } });
    fs.writeFileSync(path.join(out, "html", `${name}.${lang}.html`), await r.text());
  }
  for (const [width, height] of widths) {
    const context = await browser.newContext({ viewport: { width, height }, locale: lang });
    const page = await context.newPage();
    let csp = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
    });
    for (const [name, url] of pages) {
      const label = `${name} ${lang} ${width}px`;
      csp = [];
      const response = await page.goto(base + withLang(url, lang), { waitUntil: "load" });
      const expected = name === "not-found" ? 404 : 200;
      check(`${label}: answers ${expected}`, response.status() === expected, `status ${response.status()}`);
      await page.screenshot({ path: path.join(out, `${name}-${lang}-${width}.png`), fullPage: true });
      const htmlLang = await page.getAttribute("html", "lang");
      check(`${label}: in ${lang}`, htmlLang === lang, `html lang=${htmlLang}`);
      // Raw message ids in what people read: text, and the attributes that are read aloud or shown.
      const seen = await page.evaluate(() => {
        const attrs = [...document.querySelectorAll("[title],[aria-label],[placeholder],[alt],[data-confirm]")]
          .flatMap((e) => ["title", "aria-label", "placeholder", "alt", "data-confirm"].map((a) => e.getAttribute(a) || ""));
        const titles = [...document.querySelectorAll("title")].map((t) => t.textContent);
        return [document.body.innerText, ...attrs, ...titles].join("\n");
      });
      const raw = rawIds(seen);
      check(`${label}: no raw message id`, raw.length === 0, raw.join(", "));
      await page.evaluate(axeSource);
      const result = await page.evaluate(async () =>
        // eslint-disable-next-line no-undef
        axe.run(document, { resultTypes: ["violations"] }),
      );
      const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      check(
        `${label}: axe-core finds no serious or critical violation`,
        bad.length === 0,
        bad.map((v) => `${v.id} (${v.impact}) at ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("; ")}`).join(" | "),
      );
      check(`${label}: no Content-Security-Policy violation`, csp.length === 0, csp.join(" | "));
      const wider = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      check(`${label}: no sideways scrolling of the page`, wider <= 0, `${wider}px wider than the window`);
      // The header (brand, account, the three languages) on one line: every link's box overlaps
      // every other's vertically (at 390 px the language links wrapped onto a second line).
      const header = await page.$$eval("header.top a", (as) => as.map((a) => a.getBoundingClientRect()).map((r) => [r.top, r.bottom]));
      const oneLine = header.length >= 5 && Math.max(...header.map(([t]) => t)) < Math.min(...header.map(([, b]) => b));
      check(`${label}: the header's links stand on one line`, oneLine, `link boxes (top, bottom): ${JSON.stringify(header)}`);
      // The host's table of links keeps its words whole (on a phone "Červený" and the buttons'
      // words broke letter by letter); only the links themselves may break anywhere. A word is
      // broken when its letters stand on more than one line.
      // Before the position is entered: the board holds nothing played, greyed under its
      // line; the host's form chooses every stone's reserve, as the board shows it, and the
      // backward-phase box stands on its label's line.
      if (name === "host-position" || name === "seat-position") {
        const waits = await page.evaluate(() => {
          const box = document.querySelector(".board-waits");
          const line = box && box.querySelector(".board-waits-line");
          return {
            box: !!box,
            line: !!line && line.getBoundingClientRect().height > 0 && line.innerText.trim().length > 0,
            units: box ? box.querySelectorAll(".unit").length : -1,
            grey: box ? getComputedStyle(box.querySelector(".board")).filter : "",
          };
        });
        check(`${label}: the board waits for the position`, waits.box && waits.line && waits.units === 0 && waits.grey.includes("grayscale"), JSON.stringify(waits));
      }
      if (name === "host-position") {
        const form = await page.evaluate(() => {
          const selects = [...document.querySelectorAll(".position-form select[name^='stone_']")];
          const box = document.querySelector(".position-form input[name='backward_phase']");
          const label = box && box.closest("label");
          const words = label && [...label.childNodes].find((n) => n.nodeType === 3 && n.data.trim());
          let sameLine = false;
          if (box && words) {
            const r = document.createRange();
            r.selectNodeContents(words);
            const [a, b] = [box.getBoundingClientRect(), r.getClientRects()[0]];
            sameLine = !!b && a.top < b.bottom && b.top < a.bottom;
          }
          return { stones: selects.length, reserve: selects.filter((s) => s.value === "reserve").length, sameLine };
        });
        check(`${label}: every stone starts in its reserve`, form.stones === 10 && form.reserve === 10, JSON.stringify(form));
        check(`${label}: the backward-phase box on its label's line`, form.sameLine, JSON.stringify(form));
      }
      // Colditz from a real table: before the table, the castle waits empty and greyed; the
      // host's form has a labelled place for every man and guard, inside the screen; once the
      // table is in, each seat is asked for its own hand (labelled card slots; the Kit for an
      // Escape Officer only) and not yet to agree.
      if (name === "host-position-colditz" || name === "seat-position-colditz") {
        const waits = await page.evaluate(() => {
          const box = document.querySelector(".board-waits");
          const line = box && box.querySelector(".board-waits-line");
          const board = box && box.querySelector(".board");
          return {
            box: !!box,
            line: !!line && line.getBoundingClientRect().height > 0 && line.innerText.trim().length > 0,
            pieces: box ? box.querySelectorAll(".piece").length : -1,
            grey: board ? getComputedStyle(board).filter : "",
            hand: document.querySelectorAll("select[name^='hand_']").length,
          };
        });
        check(`${label}: the castle waits empty and greyed`, waits.box && waits.line && waits.pieces === 0 && waits.grey.includes("grayscale"), JSON.stringify(waits));
        check(`${label}: no hand asked for before the table`, waits.hand === 0, JSON.stringify(waits));
      }
      const labelled = (sel) =>
        page.evaluate((sel) => {
          const fields = [...document.querySelectorAll(sel)].filter((f) => f.type !== "hidden");
          const named = (f) => {
            const l = f.closest("label") || (f.id && document.querySelector(`label[for="${f.id}"]`));
            const words = l ? l.innerText.replace(f.innerText || "", "").trim() : "";
            return words.length > 0;
          };
          const right = document.documentElement.clientWidth;
          return {
            names: fields.map((f) => f.name),
            unlabelled: fields.filter((f) => !named(f)).map((f) => f.name),
            outside: fields.filter((f) => { const r = f.getBoundingClientRect(); return r.left < 0 || r.right > right + 0.5; }).map((f) => f.name),
            narrow: fields.filter((f) => f.type === "text" && f.getBoundingClientRect().width < 56).map((f) => f.name),
          };
        }, sel);
      if (name === "host-position-colditz") {
        const form = await labelled(".position-form input, .position-form select");
        const count = (re) => form.names.filter((n) => re.test(n)).length;
        const counts = { team1: count(/^man_1_\d+$/), team2: count(/^man_2_\d+$/), guards: count(/^guard_\d+$/), round: count(/^round$/), toMove: count(/^to_move$/), tunnels: count(/^tunnel_/) };
        check(`${label}: a place for every man and guard, the round and who moves`, counts.team1 === 7 && counts.team2 === 7 && counts.guards === colditzTable.guards.length && counts.round === 1 && counts.toMove === 1 && counts.tunnels === 3, JSON.stringify(counts));
        check(`${label}: every field of the table is labelled`, form.unlabelled.length === 0, form.unlabelled.join(", "));
        check(`${label}: every field within the screen, a place wide enough to read`, form.outside.length === 0 && form.narrow.length === 0, JSON.stringify(form));
      }
      if (name === "seat-hand-colditz" || name === "seat-hand-colditz-german") {
        const form = await labelled(".position-private input, .position-private select");
        const slots = form.names.filter((n) => /^hand_\d$/.test(n)).length;
        const kit = form.names.includes("kit");
        const german = name === "seat-hand-colditz-german";
        check(`${label}: three card slots${german ? ", no Kit" : " and the Kit"}`, slots === 3 && kit === !german, JSON.stringify(form.names));
        check(`${label}: every field of the hand is labelled`, form.unlabelled.length === 0, form.unlabelled.join(", "));
        check(`${label}: the hand's fields within the screen`, form.outside.length === 0, form.outside.join(", "));
        const agree = await page.$$("input[name='agrees']");
        check(`${label}: no agreement asked before every hand`, agree.length === 0, `${agree.length} fields`);
      }
      if (name === "host") {
        const broken = await page.evaluate(() => {
          const out = [];
          for (const cell of document.querySelectorAll("table.links th, table.links td")) {
            const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
            for (let n = walker.nextNode(); n; n = walker.nextNode()) {
              if (n.parentElement.closest("a")) continue;
              const words = /[^\s\-‐–·]+/g;
              for (let m = words.exec(n.data); m; m = words.exec(n.data)) {
                const r = document.createRange();
                r.setStart(n, m.index);
                r.setEnd(n, m.index + m[0].length);
                const lines = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top)));
                if (lines.size > 1) out.push(m[0]);
              }
            }
          }
          return out;
        });
        check(`${label}: the links table breaks no word`, broken.length === 0, `broken: ${broken.join(", ")}`);
      }
      // Event lists number their rows by the record's own "#seq", not also by the list's count
      // (it read "3. #3 …", and on a history page past the first the two disagree).
      const markers = await page.$$eval("ol.events li", (ls) => ls.map((l) => getComputedStyle(l).listStyleType));
      if (markers.length > 0) {
        check(`${label}: event rows carry only their #seq`, markers.every((m) => m === "none"), `list markers: ${[...new Set(markers)]}`);
      }
    }
    // The Služba words on a phone: at least 14 px.
    if (width === 390) {
      await page.goto(base + withLang(seat(sluzba, 0), lang));
      const sizes = await page.$$eval(".sl-word", (ws) => ws.map((w) => parseFloat(getComputedStyle(w).fontSize)));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      check(`Služba ${lang} 390px: every word at least 14 px`, sizes.length === 25 && Math.min(...sizes) >= 14, `sizes ${sizes}`);
      check(`Služba ${lang} 390px: the table fits the phone`, overflow <= 0, `${overflow}px wider than the screen`);
      await page.goto(base + withLang(seat(zajatce, zMover), lang));
      const outside = await page.evaluate(() => {
        const svg = document.querySelector('.board svg[data-game="zajatce"]').getBoundingClientRect();
        return [...document.querySelectorAll(".corner text")]
          .map((t) => t.getBoundingClientRect())
          .filter((r) => r.right > svg.right + 0.5 || r.left < svg.left - 0.5).length;
      });
      check(`Na zajatce ${lang} 390px: the corner texts stay on the board`, outside === 0, `${outside} run off`);
    }
    await context.close();
  }
}

// ------------------------------------------------------------------ the game pages on one screen
{
  const { panelChecks } = await import("./panel.mjs");
  await panelChecks({ browser, base, langs, api, check, fail, out, path });
}

// ------------------------------------------------------------------ browser notifications
// The switch shows where the browser can take push (headless Chromium can), and its service
// worker is served for the seat pages' scope; without script the page shows nothing of it.
// (A real subscription needs a push service: tests/all/push.rs stands one in.)
{
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en" });
  const page = await context.newPage();
  await page.goto(base + withLang(seat(zajatce, 0), "en"));
  const on = page.locator("[data-push-on]");
  await on.waitFor({ state: "visible", timeout: 5000 }).catch(() => {});
  check("push: the switch shows where the browser has push", await on.isVisible(), "not shown");
  const label = (await on.textContent()) || "";
  check("push: the switch says what it does", label.includes("Notify me on this device"), label);
  const worker = await fetch(base + "/static/push-worker.js");
  check(
    "push: the service worker may control the seat pages",
    worker.ok && worker.headers.get("service-worker-allowed") === "/play/",
    `${worker.status} ${worker.headers.get("service-worker-allowed")}`,
  );
  await context.close();
  const plain = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en", javaScriptEnabled: false });
  const p = await plain.newPage();
  await p.goto(base + withLang(seat(zajatce, 0), "en"));
  check("push: without script the switch is not shown", !(await p.locator("[data-push-on]").isVisible()), "shown");
  await plain.close();
}

// ------------------------------------------------------------------ the clicking flows
{
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "cs" });
  const page = await context.newPage();
  // Služba: a member clicks a card, is asked once, confirms: the guess is recorded.
  const member = seat(sluzbaClued, 2);
  await page.goto(base + withLang(member, "cs"));
  const before = (await view(sluzbaClued, 2)).current_seq;
  const card = page.locator(".sl-card.clickable").first();
  // The cards are the buttons: the guess forms they stand for are hidden, not repeated below.
  const clickable = await page.locator(".sl-card.clickable").count();
  const shownGuesses = await page.locator("form[data-pick]:visible").count();
  check("Služba: each covered card is a button and no guess form repeats it", clickable >= 8 && shownGuesses === 0, `${clickable} cards clickable, ${shownGuesses} guess forms shown`);
  const index = Number(await card.getAttribute("data-card"));
  await card.click();
  const asked = await page.locator(".confirm-guess").isVisible();
  check("Služba: a click on a card asks first", asked, "no question shown");
  const still = (await view(sluzbaClued, 2)).current_seq;
  check("Služba: asking writes nothing", still === before, `seq ${before} → ${still}`);
  await Promise.all([page.waitForNavigation(), page.locator(".confirm-guess .confirm-yes").click()]);
  const after = await view(sluzbaClued, 2);
  check(
    "Služba: confirmed, the guess is recorded",
    after.current_seq > before && after.view.cards[index].status === "covered",
    `seq ${after.current_seq}, card ${JSON.stringify(after.view.cards[index])}`,
  );
  const lastCard = await page.$$eval(".sl-card.last", (cs) => cs.map((c) => c.dataset.card));
  check("Služba: the card touched last is marked", lastCard.length === 1 && lastCard[0] === String(index), `marked ${lastCard}`);
  await page.screenshot({ path: path.join(out, "flow-sluzba-guessed.png"), fullPage: true });

  // Without script: the guess button asks on a page of its own, whose button makes the guess.
  {
    const plain = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "en", javaScriptEnabled: false });
    const p = await plain.newPage();
    await p.goto(base + withLang(seat(sluzbaPlain, 2), "en"));
    const seqBefore = (await view(sluzbaPlain, 2)).current_seq;
    const button = p.locator('form[data-confirm] button[type="submit"]').first();
    const cardOf = JSON.parse(await p.locator("form[data-confirm]").first().getAttribute("data-action")).card;
    await Promise.all([p.waitForNavigation(), button.click()]);
    const question = await p.locator("main .lead").textContent();
    check("Služba without script: a guess asks on a page of its own", /Touch card \d+/.test(question || ""), question);
    check("Služba without script: asking writes nothing", (await view(sluzbaPlain, 2)).current_seq === seqBefore, "written");
    fs.writeFileSync(path.join(out, "html", "confirm-guess.en.html"), await p.content());
    await p.screenshot({ path: path.join(out, "confirm-guess-en-390.png"), fullPage: true });
    await Promise.all([p.waitForNavigation(), p.locator('main form button[type="submit"]').click()]);
    const done = await view(sluzbaPlain, 2);
    check(
      "Služba without script: its button makes the guess",
      done.current_seq > seqBefore && done.view.cards[cardOf].status === "covered",
      `seq ${done.current_seq}`,
    );
    await plain.close();
  }

  // Na zajatce: the seat to move taps its stone (or the field it reaches): that move becomes
  // the current choice of the play panel, sent by its button; a tap alone sends nothing.
  await page.goto(base + withLang(seat(zajatce, zMover), "cs"));
  const targets = await page.locator(".board .field.target, .board .camp.target").count();
  check("Na zajatce: the offered moves' fields are marked", targets > 0, "no target marked");
  // A stone with one move: a tap on it chooses that move.
  const marks = await page.$$eval("form[data-target]", (fs) => fs.map((f) => [f.dataset.stone, f.dataset.target]));
  const single = marks.find(([s]) => marks.filter(([t]) => t === s).length === 1);
  // Pointing at a stone lights the field where it would land.
  if (marks.length > 0) {
    const [stone, target] = marks[0];
    await page.locator(`.board [data-stone="${stone}"]`).first().hover({ force: true });
    const [kind, id] = target.split(":");
    const lit = await page
      .locator(kind === "camp" ? `.board .camp.landing[data-seat="${id}"]` : `.board .field.landing[data-field="${id}"]`)
      .count();
    check("Na zajatce: a stone pointed at lights where it would land", lit === 1, `${stone} → ${target}`);
  }
  const zBefore = (await view(zajatce, zMover)).current_seq;
  if (!single) {
    fail("Na zajatce: a click on a stone moves it", "no stone with a single move offered");
  } else {
    const [stone, target] = single;
    const [kind, id] = target.split(":");
    await page.locator(`.board .stone[data-stone="${stone}"]`).first().click({ force: true });
    await page.waitForTimeout(200);
    const chosen = await page.$$eval("form.current", (fs) => fs.map((f) => [f.dataset.stone, f.dataset.target]));
    const unsent = (await view(zajatce, zMover)).current_seq === zBefore;
    check(
      "Na zajatce: a tap on a stone makes its move the current choice, and sends nothing",
      chosen.length === 1 && chosen[0][0] === stone && chosen[0][1] === target && unsent,
      `current ${JSON.stringify(chosen)}, stone ${stone} to ${target}, unsent ${unsent}`,
    );
    await Promise.all([page.waitForNavigation(), page.locator("form.current button[type=submit]").click()]);
    const zAfter = await view(zajatce, zMover);
    const landed = kind !== "field" || zAfter.view.units.some((u) => String(u.field) === id);
    check(
      "Na zajatce: its button sends the move: the stone is on the marked field",
      zAfter.current_seq > zBefore && landed,
      `seq ${zBefore} → ${zAfter.current_seq}, target ${target}`,
    );
    const lastTo = await page.$$eval('.board svg[data-game="zajatce"] .field .last-to', (rs) =>
      rs.map((r) => r.closest(".field").dataset.field),
    );
    const die = await page.locator('.board svg[data-game="zajatce"] .die[data-die] .pip').count();
    check(
      "Na zajatce: the board marks the last move and shows the die thrown",
      lastTo.length === 1 && (kind !== "field" || lastTo[0] === id) && die >= 1 && die <= 6,
      `last-to on ${lastTo}, target ${target}, ${die} pips`,
    );
  }

  // Služba: a one-team table made in the browser, with two players (seed: KDYŽ JSTE JENOM DVA).
  await page.goto(base + withLang("/new/sluzba", "cs"));
  await page.selectOption('select[name="opt_table"]', "one_team");
  await page.fill('input[name="name_0"]', "Rudolf");
  await page.fill('input[name="name_1"]', "Radek");
  await page.fill('input[name="host_email"]', "host@example.org");
  await Promise.all([page.waitForNavigation(), page.click('form[action="/games"] button[type="submit"]')]);
  check("Služba: a two-player table is made in the browser", /\/host\//.test(page.url()), page.url());
  // "Add a player" adds a row in place.
  await page.goto(base + withLang("/new/sluzba", "cs"));
  const rows = await page.locator(".player-row").count();
  await page.click("button.add-player");
  const more = await page.locator(".player-row").count();
  const named = await page.locator(`input[name="name_${rows}"]`).count();
  check("New game: 'add a player' adds a row", more === rows + 1 && named === 1, `${rows} → ${more}`);

  // Live: a seat's open page shows another seat's move without reloading.
  const live = await create({ ruleset: "zajatce", title: "Živě", options: { manual_dice: true }, players: [{ name: "A" }, { name: "B" }] });
  const mover = await toAct(live);
  await page.goto(base + withLang(seat(live, 1 - mover), "cs"));
  await page.evaluate(() => {
    window.notReloaded = true;
  });
  const shown = Number(await page.getAttribute("main", "data-seq"));
  await new Promise((r) => setTimeout(r, 500));
  await act(live, mover, { type: "roll", die: 3 });
  let updated = false;
  for (let i = 0; i < 50 && !updated; i++) {
    await new Promise((r) => setTimeout(r, 200));
    updated = Number(await page.getAttribute("main", "data-seq")) > shown;
  }
  const same = await page.evaluate(() => window.notReloaded === true);
  check("Live: another seat's move shows on an open page", updated && same, `updated ${updated}, same page ${same}`);

  // Live, on a page with a form: the red coordinator's page (its clue form untouched) shows the
  // blue coordinator's chat line; once the player types a clue, a note offers the update instead.
  const table = await create({
    ruleset: "sluzba",
    title: "Živě",
    players: [{ name: "Rudolf" }, { name: "Blanka" }, { name: "Radek" }, { name: "Bára" }],
  });
  const chat = async (text) => {
    const v = await view(table, 1);
    const a = v.legal_actions.map((x) => x.action).find((x) => x.action === "chat" && x.channel === "coordinators");
    await act(table, 1, { ...a, text });
  };
  await page.goto(base + withLang(seat(table, 0), "cs"));
  await page.evaluate(() => {
    window.notReloaded = true;
  });
  await new Promise((r) => setTimeout(r, 500));
  await chat("Ahoj, tady modrá.");
  let heard = false;
  for (let i = 0; i < 50 && !heard; i++) {
    await new Promise((r) => setTimeout(r, 200));
    heard = (await page.locator("main").innerText()).includes("Ahoj, tady modrá.");
  }
  const kept = await page.evaluate(() => window.notReloaded === true);
  check("Live: a page with an untouched form updates in place", heard && kept, `heard ${heard}, same page ${kept}`);
  await page.fill('input[name="text_word"]', "rozepsaná");
  await chat("Druhá zpráva.");
  let noted = false;
  for (let i = 0; i < 50 && !noted; i++) {
    await new Promise((r) => setTimeout(r, 200));
    noted = (await page.locator(".live-moved").count()) === 1;
  }
  const word = await page.inputValue('input[name="text_word"]');
  check("Live: what the player is typing is kept, a note offers the update", noted && word === "rozepsaná", `note ${noted}, word ${word}`);

  // Table talk: a line written from the page's own form (no script needed) shows under the
  // board; another seat's open page shows it without reloading.
  const talk = await create({ ruleset: "zajatce", title: "U stolu", players: [{ name: "A" }, { name: "B" }] });
  const other = await context.newPage();
  await other.goto(base + withLang(seat(talk, 1), "cs"));
  await other.evaluate(() => {
    window.notReloaded = true;
  });
  await page.goto(base + withLang(seat(talk, 0), "cs"));
  await page.fill("#talk-text", "Hodně štěstí!");
  await page.click(".talk-form button[type=submit]");
  await page.waitForLoadState("load");
  const written = (await page.locator(".talk-lines").innerText()).includes("Hodně štěstí!");
  check("Table talk: a line written from the form shows under the board", written, "not shown");
  let told = false;
  for (let i = 0; i < 50 && !told; i++) {
    await new Promise((r) => setTimeout(r, 200));
    told = (await other.locator("main").innerText()).includes("Hodně štěstí!");
  }
  const stayed = await other.evaluate(() => window.notReloaded === true);
  check("Table talk: another seat's open page shows the line without reloading", told && stayed, `shown ${told}, same page ${stayed}`);
  await other.close();
  await context.close();
}

// Escape from Colditz, by clicking the board (colditz.js): the German's first move (his guard
// posts), then an Escape Officer's move; each asks once (window.confirm) before it is sent.
// Manual dice, so the move is the same every run; the posts clicked are not the ones proposed
// (a field left empty sends those), so what is placed can only have come from the clicks. The
// games name a host of their own (the suite's other games use 8 of the 10 games one host
// address may create at once, src/play/limits.rs).
{
  const players = [{ name: "Gerhard" }, { name: "Amy" }, { name: "Bill" }];
  const host_email = "colditz-host@example.org";
  const newGame = (title) => create({ ruleset: "colditz", title, host_email, options: { dice: "manual" }, players });
  const game = await newGame("Colditz klikáním");
  // Guard posts of the board (the black circles): two inner ones (one per Escape team), three
  // outer ones; of them only 8·16 is also among the posts proposed.
  const inner = ["r18c36", "r25c24"];
  const outer = ["r08c44", "r11c08", "r08c16"];
  const gridRef = (id) => id.replace(/^r(\d\d)c(\d\d)$/, (_, r, c) => `${Number(r)}·${Number(c)}`);
  const same = (a, b) => JSON.stringify([...a].map(String).sort()) === JSON.stringify([...b].map(String).sort());
  const openSeat = async (width, height, lang, s) => {
    const context = await browser.newContext({ viewport: { width, height }, locale: lang });
    const page = await context.newPage();
    page.setDefaultTimeout(5000);
    const dialogs = { asked: [], accept: true };
    page.on("dialog", async (d) => {
      dialogs.asked.push(`${d.type()}: ${d.message()}`);
      await (dialogs.accept ? d.accept() : d.dismiss());
    });
    await page.goto(base + withLang(seat(game, s), lang));
    return { context, page, dialogs, question: await page.getAttribute("#colditz-path-help", "data-confirm") };
  };
  // A tap on the board where a circle (or a man) is drawn, `dx`, `dy` px from its middle: the
  // board's region is scrolled to show it in the middle of what the page shows of the region
  // (above the sheet on a phone), as a player pans to it. The board lists its circles in
  // `data-circles` (a tap is read as the nearest circle; no element per circle).
  const tapAt = async (page, what, dx = 0, dy = 0) => {
    const at = await page.evaluate((what) => {
      const svg = document.querySelector("#colditz-board svg");
      const region = document.getElementById("colditz-board");
      const k = () => svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      let point;
      if (what.man !== undefined) {
        const piece = svg.querySelector(`.man[data-man="${what.man}"] .piece`);
        point = () => {
          const r = piece.getBoundingClientRect();
          return [r.left + r.width / 2, r.top + r.height / 2];
        };
      } else {
        const [, x, y] = svg.getAttribute("data-circles").split(";").map((c) => c.split(",")).find(([c]) => c === what.circle);
        point = () => {
          const r = svg.getBoundingClientRect();
          return [r.left + Number(x) * k(), r.top + Number(y) * k()];
        };
      }
      const sheet = document.querySelector(".play-panel");
      const b = region.getBoundingClientRect();
      const top = Math.max(b.top, 0);
      const bottom = Math.min(b.bottom, innerHeight, sheet && getComputedStyle(sheet).position === "fixed" ? sheet.getBoundingClientRect().top : innerHeight);
      const [x0, y0] = point();
      region.scrollLeft += x0 - (b.left + b.width / 2);
      region.scrollTop += y0 - (top + bottom) / 2;
      return point();
    }, what);
    await page.mouse.click(at[0] + dx, at[1] + dy);
  };
  const circle = (page, id) => ({ click: (dx, dy) => tapAt(page, { circle: id }, dx, dy) });
  const ringed = (page, cls) => page.$$eval(`#colditz-board .rings circle.${cls}`, (cs) => cs.map((c) => c.dataset.circle));

  // 1. The German, at 1280: clicked circles fill his first move's inner and outer post fields.
  {
    const { context, page, dialogs, question } = await openSeat(1280, 900, "en", 0);
    try {
      const offered = (await view(game, 0)).legal_actions.map((a) => a.action).find((a) => a.action === "place_guards");
      const form = page.locator("form[data-action]").filter({ has: page.locator('input[name="ids_inner"]') });
      const proposedInner = await ringed(page, "proposed");
      check(
        "Colditz German: the proposed inner posts are ringed on the board",
        proposedInner.length > 0 && same(proposedInner, offered.inner),
        `ringed ${proposedInner}, proposed ${offered.inner}`,
      );
      for (const c of inner) await circle(page, c).click();
      const innerTyped = await form.locator('input[name="ids_inner"]').inputValue();
      check(
        "Colditz German: clicked circles fill the inner posts field",
        innerTyped === inner.map(gridRef).join(" "),
        `field "${innerTyped}", clicked ${inner}`,
      );
      await form.locator('input[name="ids_outer"]').click();
      const proposedOuter = await ringed(page, "proposed");
      check(
        "Colditz German: the outer posts field, chosen, rings its proposed posts",
        proposedOuter.length > 0 && same(proposedOuter, offered.outer),
        `ringed ${proposedOuter}, proposed ${offered.outer}`,
      );
      for (const c of outer) await circle(page, c).click();
      const outerTyped = await form.locator('input[name="ids_outer"]').inputValue();
      const onPath = await ringed(page, "on-path");
      check(
        "Colditz German: clicked circles fill the outer posts field and are ringed",
        outerTyped === outer.map(gridRef).join(" ") && same(onPath, outer),
        `field "${outerTyped}", ringed ${onPath}, clicked ${outer}`,
      );
      await page.screenshot({ path: path.join(out, "flow-colditz-german-1280.png"), fullPage: true });
      // Asked once: "no" sends nothing (the fields stay filled), "yes" sends the posts.
      const seq = (await view(game, 0)).current_seq;
      dialogs.accept = false;
      await form.locator('button[type="submit"]').click();
      await page.waitForTimeout(300);
      const unsent = (await view(game, 0)).current_seq === seq;
      const kept = unsent && (await form.count()) === 1 ? await form.locator('input[name="ids_outer"]').inputValue() : null;
      check(
        "Colditz German: sending the posts asks first, and 'no' sends nothing",
        dialogs.asked.length === 1 && dialogs.asked[0] === `confirm: ${question}` && unsent && kept === outerTyped,
        `asked ${JSON.stringify(dialogs.asked)}, unsent ${unsent}, field "${kept}"`,
      );
      dialogs.accept = true;
      await Promise.all([page.waitForNavigation(), form.locator('button[type="submit"]').click()]);
      check("Colditz German: sent again, asked again", dialogs.asked.length === 2, `asked ${JSON.stringify(dialogs.asked)}`);
      const after = await view(game, 0);
      const guards = after.view.men.filter((m) => m.seat === 0).map((m) => m.at);
      check(
        "Colditz German: confirmed, the guards stand on the circles clicked",
        after.current_seq > seq && after.view.phase === "playing" && [...inner, ...outer].every((c) => guards.includes(c)),
        `seq ${seq} → ${after.current_seq}, phase ${after.view.phase}, guards at ${guards}`,
      );
      const drawn = await page.$$eval("#colditz-board .man", (ms) => ms.map((m) => m.dataset.circle));
      const shown = Number(await page.getAttribute("main", "data-seq"));
      const logged = await page.locator("ol.events li").first().innerText();
      check(
        "Colditz German: the next page draws the guards there and logs the move",
        [...inner, ...outer].every((c) => drawn.includes(c)) && shown === after.current_seq && logged.startsWith(`#${after.current_seq} `),
        `not drawn at ${[...inner, ...outer].filter((c) => !drawn.includes(c))}, page seq ${shown}, log "${logged}"`,
      );
    } catch (e) {
      fail("Colditz German: the clicking flow runs", e.message.split("\n")[0]);
    }
    await context.close();
  }

  // 2. An Escape Officer, at 390, with 4 on the dice: a click on one of his men, then on two
  // circles, is his move.
  {
    if ((await view(game, 0)).view.phase === "placing") await act(game, 0, { action: "place_guards", inner, outer });
    await act(game, 1, { action: "throw", dice: [[1, 3]] });
    const v = await view(game, 1);
    const { context, page, dialogs, question } = await openSeat(390, 844, "cs", 1);
    try {
      // A two-step path through free neighbouring circles (12 apart on the board), found on a
      // twin game in the same position (a refused move is recorded nowhere), for a man other
      // than the first offered (whose form is the one being filled when the page opens).
      const twin = await newGame("Colditz dvojče");
      await act(twin, 0, { action: "place_guards", inner, outer });
      await act(twin, 1, { action: "throw", dice: [[1, 3]] });
      const twinSeq = (await view(twin, 1)).current_seq;
      const tryMove = async (action) =>
        (
          await fetch(`${base}/api/games/${twin.game_id}/actions`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Authorization: `Bearer ${twin.seats[1].token}` },
            body: JSON.stringify({ expected_seq: twinSeq, action }),
          })
        ).ok;
      const where = await page.$eval("#colditz-board svg", (svg) =>
        svg
          .getAttribute("data-circles")
          .split(";")
          .map((c) => c.split(","))
          .map(([c, x, y]) => [c, Number(x), Number(y)]),
      );
      const taken = new Set(v.view.men.map((m) => m.at));
      const near = (id) => {
        const [, x, y] = where.find(([c]) => c === id);
        return where.filter(([c, cx, cy]) => c !== id && !taken.has(c) && Math.hypot(cx - x, cy - y) < 13).map(([c]) => c);
      };
      let chosen = null;
      const moves = v.legal_actions.map((a) => a.action).filter((a) => a.action === "move");
      for (const move of moves.slice(1).reverse()) {
        const from = v.view.men[move.man].at;
        for (const a of near(from)) {
          for (const b of near(a).filter((c) => c !== from)) {
            if (!chosen && (await tryMove({ ...move, path: [a, b] }))) chosen = { man: move.man, steps: [a, b] };
          }
        }
        if (chosen) break;
      }
      if (!chosen) throw new Error("no man has a two-step move to click");
      const { man, steps } = chosen;
      const form = page.locator("form[data-action]").filter({
        has: page.locator(`input[name="action"][value*='"man":${man},']`),
      });
      const field = form.locator('input[name="ids_path"]');
      await tapAt(page, { man });
      const active = await page.$$eval("form.active-move", (fs) => fs.map((f) => JSON.parse(f.dataset.action).man));
      const selected = await page.$$eval("#colditz-board .man.selected", (ms) => ms.map((m) => m.dataset.man));
      check(
        "Colditz PoW: a click on a man picks his move's form",
        same(active, [man]) && same(selected, [man]),
        `clicked man ${man}, the form of ${active} is filled, man ${selected} ringed`,
      );
      await circle(page, steps[0]).click();
      const first = await field.inputValue();
      await form.locator("button.path-clear").click();
      const cleared = await field.inputValue();
      check(
        "Colditz PoW: a click writes the circle, the clear button empties the path",
        first === gridRef(steps[0]) && cleared === "",
        `after the click "${first}", after clearing "${cleared}"`,
      );
      // A finger lands off the middle (here 12 px right, 10 px down): the nearest circle is
      // still the one meant (the phone opens with circles 48 px apart).
      for (const c of steps) await circle(page, c).click(12, 10);
      const typed = await field.inputValue();
      const onPath = await ringed(page, "on-path");
      check(
        "Colditz PoW: clicked circles fill the path in order and are ringed",
        typed === steps.map(gridRef).join(" ") && same(onPath, steps),
        `field "${typed}", ringed ${onPath}, clicked ${steps}`,
      );
      await page.screenshot({ path: path.join(out, "flow-colditz-pow-390.png"), fullPage: true });
      const seq = (await view(game, 1)).current_seq;
      await Promise.all([page.waitForNavigation(), form.locator('button[type="submit"]').click()]);
      check(
        "Colditz PoW: sending the move asks first",
        dialogs.asked.length === 1 && dialogs.asked[0] === `confirm: ${question}`,
        `asked ${JSON.stringify(dialogs.asked)}`,
      );
      const after = await view(game, 1);
      const drawnAt = await page.getAttribute(`#colditz-board .man[data-man="${man}"]`, "data-circle");
      check(
        "Colditz PoW: confirmed, the man stands on the last circle clicked",
        after.current_seq > seq && after.view.men[man].at === steps[1] && drawnAt === steps[1],
        `seq ${seq} → ${after.current_seq}, man ${man} at ${after.view.men[man].at}, drawn at ${drawnAt}`,
      );
      const mark = await page.$$eval("#colditz-board .last-step .last-mark", (ms) =>
        ms.map((m) => [m.dataset.man, m.dataset.from, m.dataset.to]),
      );
      check(
        "Colditz PoW: the board marks the last move, from where to where",
        mark.length === 1 && mark[0][0] === String(man) && mark[0][1] === v.view.men[man].at && mark[0][2] === steps[1],
        `marks ${JSON.stringify(mark)}`,
      );
    } catch (e) {
      fail("Colditz PoW: the clicking flow runs", e.message.split("\n")[0]);
    }
    await context.close();
  }
}

// Times are shown in the reader's own time zone (localtime.js), the UTC original kept in the
// title: the history's times, read in Tokyo.
{
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en", timezoneId: "Asia/Tokyo" });
  const page = await context.newPage();
  await page.goto(base + withLang(`${seat(zajatce, 0)}/history`, "en"));
  const times = await page.$$eval("span.when time", (ts) => ts.map((t) => [t.dateTime, t.textContent, t.title]));
  const tokyo = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Tokyo" });
  const right = times.length > 0 && times.every(([at, shown, title]) => shown === tokyo.format(new Date(at)) && /UTC$/.test(title));
  check("history: times in the reader's time zone, the UTC original in the title", right, JSON.stringify(times.slice(0, 3)));
  const leftUtc = await page.$$eval("span.when", (ws) => ws.filter((w) => w.textContent.includes("UTC")).length);
  check("history: no time left in UTC", leftUtc === 0, `${leftUtc} left`);
  await context.close();
}

// The host page: each seat link has a Copy button (copy.js) that puts exactly that link on the
// clipboard, on a phone.
{
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "ru" });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
  const page = await context.newPage();
  await page.goto(base + withLang(path_(zajatce.host_url), "ru"));
  const links = await page.$$eval("table.links a[data-copy]", (as) => as.map((a) => a.href));
  const buttons = page.locator("table.links button.copy");
  check("host: a Copy button beside every seat link", links.length === zajatce.seats.length && (await buttons.count()) === links.length, `${links.length} links, ${await buttons.count()} buttons`);
  await buttons.nth(1).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  check("host: Copy puts that seat's link on the clipboard", copied === links[1] && copied.includes(zajatce.seats[1].token), `copied ${copied}`);
  check("host: the button says it copied, in the page's language", (await buttons.nth(1).textContent()) === "Скопировано", await buttons.nth(1).textContent());
  await context.close();
}

// Mail as a webmail shows it: a turn mail and a game-over mail as the server sends them
// (/dev/mailbox/<id>.eml: the mail worker's message, pictures inline), their HTML part with
// each cid: image given as a data: URL, at 390 and 800 px: every image loaded, nothing wider
// than a phone's screen; screenshots mail-*.png to look at.
const mime = (raw) => {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers = {};
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  const type = (headers["content-type"] || "text/plain").split(";")[0].trim().toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = headers["content-type"].match(/boundary="?([^";]+)"?/)[1];
    return body
      .split("--" + boundary)
      .slice(1, -1)
      .flatMap((part) => mime(part.replace(/^\r?\n/, "")));
  }
  const cte = (headers["content-transfer-encoding"] || "").toLowerCase();
  const data =
    cte === "base64"
      ? Buffer.from(body.replace(/\s/g, ""), "base64")
      : cte === "quoted-printable"
        ? Buffer.from(
            body
              .replace(/=\r?\n/g, "")
              .replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16))),
            "latin1",
          )
        : Buffer.from(body, "utf8");
  return [{ type, cid: (headers["content-id"] || "").replace(/[<>]/g, ""), data }];
};
{
  // A game whose players have addresses (the others mail nobody), played a step, then
  // conceded: its turn mails carry the board, its end mails the final statistics.
  const ended = await create({
    ruleset: "zajatce",
    title: "Konec",
    options: { manual_dice: true },
    players: [
      { name: "Alena", email: "alena@example.org" },
      { name: "Bořek", email: "borek@example.org" },
    ],
  });
  const mover = await toAct(ended);
  await act(ended, mover, { type: "roll", die: 6 });
  await act(ended, 1 - mover, { type: "concede" });
  // The mail worker sends (and draws) within a moment of the commit.
  await new Promise((r) => setTimeout(r, 1500));
}
const mailbox = await (await fetch(base + "/dev/mailbox")).text();
const emls = [...new Set([...mailbox.matchAll(/href="(\/dev\/mailbox\/[^"]+\.eml)"/g)].map((m) => m[1]))];
// A turn mail carries one picture (the board), a game-over mail one a chart.
const mailWithPictures = async (fits) => {
  for (const eml of emls) {
    const parts = mime(await (await fetch(base + eml)).text());
    if (fits(parts.filter((p) => p.type === "image/png").length)) return parts;
  }
  return null;
};
for (const [name, fits] of [
  ["turn", (n) => n === 1],
  ["end", (n) => n >= 2],
]) {
  const parts = await mailWithPictures(fits);
  if (!parts) {
    fail(`mail ${name}: a mail with its pictures in the dev mailbox`, "none found");
    continue;
  }
  let html = parts.find((p) => p.type === "text/html").data.toString("utf8");
  const images = parts.filter((p) => p.type === "image/png");
  for (const img of images) html = html.split(`cid:${img.cid}`).join(`data:image/png;base64,${img.data.toString("base64")}`);
  check(`mail ${name}: every image is referenced by its cid`, !html.includes("cid:"), "a cid: left unresolved");
  for (const width of [390, 800]) {
    const context = await browser.newContext({ viewport: { width, height: 844 } });
    const page = await context.newPage();
    await page.setContent(html, { waitUntil: "load" });
    const loaded = await page.$$eval("img", (is) => is.map((i) => i.complete && i.naturalWidth > 0));
    check(`mail ${name} at ${width} px: ${images.length} image(s) loaded`, loaded.length === images.length && loaded.every(Boolean), JSON.stringify(loaded));
    const wider = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (width === 390) check(`mail ${name} at 390 px: nothing wider than the screen`, wider <= 0, `${wider} px too wide`);
    await page.screenshot({ path: path.join(out, `mail-${name}-${width}.png`), fullPage: true });
    await context.close();
  }
}

// ------------------------------------------------------------------ a Colditz table entered without script
// The host types the table on his form at 390 px (a table short of a man is refused in words,
// nothing entered), then each seat chooses its hand on its page; once every hand is in, every
// seat is asked to agree. Screenshots flow-colditz-table-*.png.
{
  const g = await create({
    ruleset: "colditz",
    title: "Colditz od stolu bez skriptu",
    host_email: "table-host@example.org",
    players: colditzPlayers,
    from_position: true,
  });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "en", javaScriptEnabled: false });
  const page = await context.newPage();
  const fillTable = async (skipLast) => {
    await page.goto(base + withLang(path_(g.host_url), "en"));
    for (const team of colditzTable.teams) {
      const men = skipLast ? team.men.slice(0, -1) : team.men;
      for (const [k, at] of men.entries()) await page.fill(`input[name="man_${team.seat}_${k}"]`, gridRef(at));
    }
    for (const [k, at] of colditzTable.guards.entries()) await page.fill(`input[name="guard_${k}"]`, gridRef(at));
    await page.fill('input[name="round"]', "1");
    await page.selectOption('select[name="to_move"]', "1");
  };
  await fillTable(true);
  await page.click(".position-form button[type=submit]");
  const refused = await page.evaluate(() => (document.querySelector(".error, [role=alert]") || {}).innerText || "");
  check("Colditz table without script: a table short of a man is refused in words", refused.includes("6 were entered"), refused);
  const waiting = await view(g, 1);
  check("Colditz table without script: nothing entered on a refusal", (waiting.view.hands_awaited || []).length === 0, JSON.stringify(waiting.view.hands_awaited));
  await fillTable(false);
  await page.screenshot({ path: path.join(out, "flow-colditz-table-host-390.png"), fullPage: true });
  await page.click(".position-form button[type=submit]");
  const kept = await page.inputValue('input[name="man_1_0"]').catch(() => "");
  check("Colditz table without script: the host's form shows the table entered", kept === gridRef(colditzTable.teams[0].men[0]), `man_1_0 = ${kept}`);
  const hands = [[0, "shoot-to-kill", false], [1, "bribe", true], [2, "", false]];
  for (const [s, card, kit] of hands) {
    await page.goto(base + withLang(seat(g, s), "en"));
    const asked = await page.$$("select[name='hand_0']");
    check(`Colditz table without script: seat ${s} is asked for its hand`, asked.length === 1, "no hand form");
    if (s === 1) await page.screenshot({ path: path.join(out, "flow-colditz-table-hand-390.png"), fullPage: true });
    if (card) await page.selectOption('select[name="hand_0"]', card);
    if (kit) await page.check('input[name="kit"]');
    await page.click(".position-private button[type=submit]");
    const gone = await page.$$("select[name='hand_0']");
    check(`Colditz table without script: seat ${s}'s hand is taken`, gone.length === 0, "the hand form is still there");
  }
  // Amy last: her page is the one read below.
  for (const s of [0, 2, 1]) {
    await page.goto(base + withLang(seat(g, s), "en"));
    const agree = await page.$$("input[name='agrees'][value='yes']");
    check(`Colditz table without script: seat ${s} sees the form to agree`, agree.length === 1, `${agree.length} forms`);
  }
  // The help says to compare the board below it: the board stands below it.
  const below = await page.evaluate(() => {
    const help = document.querySelector(".position-answer p");
    const board = document.querySelector(".board-area");
    return !!help && !!board && board.getBoundingClientRect().top > help.getBoundingClientRect().bottom;
  });
  check("Colditz table without script: the board the help points to is below it", below, "not below");
  const amy = await page.evaluate(() => document.body.innerText);
  check("Colditz table without script: Amy's page lists her Bribe", amy.includes("Bribe"), "no Bribe on her page");
  await page.screenshot({ path: path.join(out, "flow-colditz-table-agree-390.png"), fullPage: true });
  await context.close();
}

await browser.close();
console.log(`browser checks: ${passed} passed, ${failures.length} failed`);
fs.writeFileSync(path.join(out, "failures.txt"), failures.join("\n") + "\n");
process.exit(failures.length === 0 ? 0 : 1);
