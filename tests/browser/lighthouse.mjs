// Lighthouse (mobile, its default: a mid-range phone on a slow 4G link, simulated) on each
// game's page as the seat to act sees it: performance at least 90 (the median of five runs)
// and accessibility 100. A quiet machine scores every page 100; on this shared 2-core kind a
// neighbour's load (CPU steal: the same CI's tests took three times as long) brought Colditz's
// median to 93-94, as Lighthouse's simulated phone scales what it measures on the host's CPU.
// The gate is for a page that has really grown slow, not for the neighbour. The scores of each page are written to <out>/lighthouse.json (the
// README quotes them), each page's median report beside it.
//
//   node lighthouse.mjs <base url> <out dir> <node_modules with lighthouse>
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const [base, out, modules] = process.argv.slice(2);
const require = createRequire(path.join(modules, "x.js"));
const lighthouse = (await import(require.resolve("lighthouse"))).default;
const chromeLauncher = await import(require.resolve("chrome-launcher"));

const api = async (method, url, token, body) => {
  const r = await fetch(base + url, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${text}`);
  return JSON.parse(text);
};
const create = (body) => api("POST", "/api/games", null, { host_email: "lighthouse@example.org", ...body });
const view = (g, seat) => api("GET", `/api/games/${g.game_id}`, g.seats[seat].token);
const act = async (g, seat, action) =>
  api("POST", `/api/games/${g.game_id}/actions`, g.seats[seat].token, {
    expected_seq: (await view(g, seat)).current_seq,
    action,
  });
const toAct = async (g) => {
  for (let s = 0; s < g.seats.length; s++) if ((await view(g, s)).your_turn) return s;
  throw new Error("nobody to act");
};
const pathOf = (url) => url.replace(/^https?:\/\/[^/]+/, "");

// Each game a few steps in, so that the page has a last step to mark and a history.
const zajatce = await create({
  ruleset: "zajatce",
  title: "Na zajatce",
  options: { manual_dice: true },
  players: [{ name: "Alena" }, { name: "Bořek" }, { name: "Cyril" }],
});
await act(zajatce, await toAct(zajatce), { type: "roll", die: 6 });
const sluzba = await create({
  ruleset: "sluzba",
  title: "Služba",
  players: [{ name: "Rudolf" }, { name: "Blanka" }, { name: "Radek" }, { name: "Bára" }],
});
{
  const clue = (await view(sluzba, 0)).legal_actions.map((a) => a.action).find((a) => a.action === "give_clue");
  await act(sluzba, 0, { ...clue, word: "zzqxv", number: 2 });
}
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

const pages = [];
for (const [name, g, langs] of [
  ["zajatce", zajatce, ["cs"]],
  ["sluzba", sluzba, ["cs"]],
  ["colditz", colditz, ["en", "ru"]],
]) {
  const seat = await toAct(g);
  for (const lang of langs) pages.push({ name: `${name}-${lang}`, url: `${base}${pathOf(g.seats[seat].url)}?lang=${lang}` });
}

const chrome = await chromeLauncher.launch({
  chromePath: "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
const scores = {};
let failed = 0;
try {
  for (const p of pages) {
    // Five runs, the median by performance (as Lighthouse's own CI takes it): one run on a
    // shared machine may meet another process's burst.
    const runs = [];
    for (let i = 0; i < 5; i++) {
      const { lhr } = await lighthouse(p.url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
      });
      if (lhr.runtimeError) throw new Error(`${p.name}: ${lhr.runtimeError.message}`);
      runs.push(lhr);
    }
    runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const lhr = runs[2];
    fs.writeFileSync(path.join(out, `lighthouse-${p.name}.json`), JSON.stringify(lhr));
    const perf = Math.round(lhr.categories.performance.score * 100);
    const a11y = Math.round(lhr.categories.accessibility.score * 100);
    const audits = lhr.audits;
    scores[p.name] = {
      performance: perf,
      performance_runs: runs.map((r) => Math.round(r.categories.performance.score * 100)),
      accessibility: a11y,
      fcp_ms: Math.round(audits["first-contentful-paint"].numericValue),
      lcp_ms: Math.round(audits["largest-contentful-paint"].numericValue),
      tbt_ms: Math.round(audits["total-blocking-time"].numericValue),
      cls: Number(audits["cumulative-layout-shift"].numericValue.toFixed(3)),
    };
    const good = perf >= 90 && a11y === 100;
    if (!good) {
      failed++;
      const broken = Object.values(audits)
        .filter((a) => a.score !== null && a.score < 1 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id))
        .map((a) => a.id);
      console.log(`FAILED: lighthouse ${p.name}: performance ${perf} (at least 90), accessibility ${a11y} (100)${broken.length ? `; accessibility audits failing: ${broken.join(", ")}` : ""}`);
    } else {
      console.log(`ok: lighthouse ${p.name}: performance ${perf} (runs ${scores[p.name].performance_runs.join(", ")}), accessibility ${a11y}`);
    }
  }
} finally {
  await chrome.kill();
}
fs.writeFileSync(path.join(out, "lighthouse.json"), JSON.stringify(scores, null, 2) + "\n");
process.exit(failed ? 1 : 0);
