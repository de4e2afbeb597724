// The game pages on one screen (suite.mjs runs these): for Na zajatce, Služba and Escape from
// Colditz, at 1280 and 390 px in every language, as a player uses them:
//   - after a tap on a piece the player may move (a stone, a card, a man), the control that
//     sends the choice (the form's button, or the question's "yes") and the piece tapped are
//     both in the window, neither under anything else (the play panel beside the board, the
//     sheet over the bottom of a phone's screen);
//   - at 390 px, no control a finger may tap is smaller than 44 × 44 px: every link, button and
//     field (a box in a label counts with its label), every stone, field, card and man the board
//     offers (probed by where a tap 21 px from its middle lands), and the Colditz circles (a tap
//     goes to the nearest circle, so their spacing on the screen is the target);
//   - at 390 px, the Colditz page opens with the player's men in view and has at most 1,200
//     elements.
// Each game is one of its own, set up here (nothing is sent: a tap only chooses).

export async function panelChecks({ browser, base, langs, api, check, fail, out, path }) {
  const host_email = "panel-host@example.org";
  const create = (body) => api("POST", "/api/games", null, { host_email, ...body });
  const view = (g, seat) => api("GET", `/api/games/${g.game_id}`, g.seats[seat].token);
  const act = async (g, seat, action) => {
    const v = await view(g, seat);
    return api("POST", `/api/games/${g.game_id}/actions`, g.seats[seat].token, { expected_seq: v.current_seq, action });
  };
  const seatPath = (g, s) => g.seats[s].url.replace(/^https?:\/\/[^/]+/, "");

  const zajatce = await create({
    ruleset: "zajatce",
    title: "Na zajatce na jedné obrazovce",
    options: { manual_dice: true },
    players: [{ name: "Alena" }, { name: "Bořek" }],
  });
  let zSeat = 0;
  for (let s = 0; s < 2; s++) if ((await view(zajatce, s)).your_turn) zSeat = s;
  await act(zajatce, zSeat, { type: "roll", die: 6 });
  const sluzba = await create({
    ruleset: "sluzba",
    title: "Služba na jedné obrazovce",
    players: [{ name: "Rudolf" }, { name: "Blanka" }, { name: "Radek" }, { name: "Bára" }],
  });
  {
    const v = await view(sluzba, 0);
    const clue = v.legal_actions.map((a) => a.action).find((a) => a.action === "give_clue");
    await act(sluzba, 0, { ...clue, word: "zzqxv", number: 2 });
  }
  const colditz = await create({
    ruleset: "colditz",
    title: "Colditz na jedné obrazovce",
    options: { dice: "manual" },
    players: [{ name: "Gerhard" }, { name: "Amy" }, { name: "Bill" }],
  });
  {
    const v = await view(colditz, 0);
    await act(colditz, 0, v.legal_actions.map((a) => a.action).find((a) => a.action === "place_guards"));
    await act(colditz, 1, { action: "throw", dice: [[1, 2]] });
  }

  // Everything the checks read in a page, in one function run there: `kind` is the game,
  // `op` what to read. The pieces are the things the player may tap to choose a move.
  const inPage = ({ kind, op, i }) => {
    const pieces = () => {
      if (kind === "zajatce") {
        return [...document.querySelectorAll("form[data-stone]")]
          .map((f) => f.dataset.stone)
          .map((k) => document.querySelector(`.board .unit[data-stone="${k}"]`) || document.querySelector(`.board .stone[data-stone="${k}"]`))
          .filter(Boolean);
      }
      if (kind === "sluzba") {
        return [...document.querySelectorAll(".sl-card[data-pick]")].filter((c) => document.querySelector(`form[data-pick="${c.dataset.pick}"]`));
      }
      return [...document.querySelectorAll('form[data-action] input[name="action"]')]
        .map((x) => JSON.parse(x.value))
        .filter((a) => a.action === "move")
        .map((a) => document.querySelector(`#colditz-board .man[data-man="${a.man}"]`))
        .filter(Boolean);
    };
    const confirm = kind === "sluzba" ? ".confirm-guess .confirm-yes" : "form.current button[type=submit]";
    // What a tap on `el` picks: a man, a stone, a field, a camp, a card (or nothing).
    const key = (el) => {
      const thing = el?.closest(".man, .unit, [data-stone], .field, .camp, .sl-card");
      if (!thing) return `nothing (${el?.tagName})`;
      const d = thing.dataset;
      if (d.man !== undefined) return `man ${d.man}`;
      if (d.stone !== undefined) return `stone ${d.stone}`;
      if (d.field !== undefined) return `field ${d.field}`;
      if (d.card !== undefined) return `card ${d.card}`;
      return `camp ${d.seat}`;
    };
    // Where a tap on `el` lands: its middle, if that is in the window and nothing covers it.
    const uncovered = (el) => {
      const visual = el.querySelector?.(".piece, .stone.leader") || el;
      const r = visual.getBoundingClientRect();
      const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
      if (r.width === 0 || x < 0 || y < 0 || x > innerWidth || y > innerHeight) return null;
      const top = document.elementFromPoint(x, y);
      return top && key(top) === key(el) ? [x, y] : null;
    };
    const list = pieces();
    if (op === "find") {
      const at = list.map(uncovered);
      const first = at.findIndex(Boolean);
      return { i: first, at: at[first] || null, count: list.length };
    }
    if (op === "scroll") {
      list[0]?.scrollIntoView({ block: "start" });
      return { i: 0, at: list[0] ? uncovered(list[0]) : null, count: list.length };
    }
    if (op === "after") {
      const piece = list[i];
      const button = document.querySelector(confirm);
      const r = button?.getBoundingClientRect();
      const whole = r && r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
      const top = r && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return {
        button: !!button,
        buttonShown: !!(whole && top && button.contains(top)),
        buttonAt: r ? [Math.round(r.top), Math.round(r.bottom)] : null,
        pieceShown: !!(piece && uncovered(piece)),
      };
    }
    if (op === "controls") {
      const out = [];
      const shown = (el) => {
        const st = getComputedStyle(el);
        const r = el.getBoundingClientRect();
        return st.visibility !== "hidden" && st.display !== "none" && r.width > 0 && r.height > 0 && !el.closest("[hidden]");
      };
      const name = (el) => `${el.tagName.toLowerCase()}${typeof el.className === "string" && el.className.trim() ? "." + el.className.trim().split(/\s+/).join(".") : ""} "${(el.textContent || el.getAttribute("aria-label") || el.name || "").trim().slice(0, 30)}"`;
      // Links, buttons, fields: their box (a box or a radio in a label: the label's).
      for (const el of document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"]')) {
        if (el.closest("svg") || !shown(el)) continue;
        const box = (el.type === "checkbox" || el.type === "radio") && el.closest("label") ? el.closest("label") : el;
        const r = box.getBoundingClientRect();
        if (r.width < 44 || r.height < 44) out.push(`${name(el)} ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
      return out;
    }
    if (op === "board") {
      // A tap 21 px left, right, above and below each thing's middle still lands on it (each
      // scrolled into view above the sheet first).
      // A field a move reaches on which a stone stands that may move itself is tapped as that
      // stone (its own move reaches it by its stone).
      const fields = [...document.querySelectorAll(".board .reachable")].filter(
        (f) => !list.some((p) => p.dataset.field !== undefined && p.dataset.field === f.dataset.field),
      );
      const things = [...list, ...fields, ...document.querySelectorAll(".board .sl-card.clickable")];
      const sheet = document.querySelector(".play-panel");
      const out = [];
      for (const el of things) {
        const visual = el.querySelector?.(".piece, .stone.leader") || el;
        visual.scrollIntoView({ block: "center", inline: "center" });
        const cover = sheet && getComputedStyle(sheet).position === "fixed" ? innerHeight - sheet.getBoundingClientRect().top : 0;
        let r = visual.getBoundingClientRect();
        if (r.bottom > innerHeight - cover - 30) window.scrollBy(0, r.bottom - (innerHeight - cover) + 60);
        r = visual.getBoundingClientRect();
        const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
        const own = key(el);
        const misses = [
          [-21, 0],
          [21, 0],
          [0, -21],
          [0, 21],
        ]
          .map(([dx, dy]) => [dx, dy, key(document.elementFromPoint(x + dx, y + dy))])
          .filter(([, , got]) => got !== own);
        if (misses.length) out.push(`${own}: ${misses.map(([dx, dy, got]) => `${dx},${dy} → ${got}`).join(", ")}`);
      }
      return { count: things.length, out };
    }
    if (op === "colditz") {
      const svg = document.querySelector("#colditz-board svg");
      const step = Number(svg?.getAttribute("data-step"));
      const k = svg ? svg.getBoundingClientRect().width / svg.viewBox.baseVal.width : 0;
      return { pitch: step * k, elements: document.getElementsByTagName("*").length };
    }
    return null;
  };

  const games = [
    { name: "Na zajatce", kind: "zajatce", url: seatPath(zajatce, zSeat) },
    { name: "Služba", kind: "sluzba", url: seatPath(sluzba, 2) },
    { name: "Colditz", kind: "colditz", url: seatPath(colditz, 1) },
  ];

  for (const lang of langs) {
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ]) {
      const context = await browser.newContext({ viewport: { width, height }, locale: lang });
      const page = await context.newPage();
      for (const game of games) {
        const label = `${game.name} ${lang} ${width}px`;
        const { kind } = game;
        try {
          await page.goto(`${base}${game.url}?lang=${lang}`, { waitUntil: "load" });
          await page.waitForTimeout(200);
          // A piece the player sees where the page opens (for Colditz, a must), else the first
          // one, scrolled to as a player would.
          let tap = await page.evaluate(inPage, { kind, op: "find" });
          if (kind === "colditz") {
            check(`${label}: the page opens with one of the player's men in view`, tap.i >= 0, `${tap.count} men to move, none in view`);
          }
          if (tap.i < 0) tap = await page.evaluate(inPage, { kind, op: "scroll" });
          if (!tap.at) {
            fail(`${label}: a piece to tap`, `${tap.count} pieces, none in view`);
            continue;
          }
          await page.mouse.click(tap.at[0], tap.at[1]);
          await page.waitForTimeout(400);
          const after = await page.evaluate(inPage, { kind, op: "after", i: tap.i });
          check(
            `${label}: after a tap on a piece, its button and the piece are both on the screen`,
            after.button && after.buttonShown && after.pieceShown,
            JSON.stringify(after),
          );
          await page.screenshot({ path: path.join(out, `panel-${kind}-${lang}-${width}.png`) });
        } catch (e) {
          fail(`${label}: the tap runs`, e.message.split("\n")[0]);
        }
        if (width !== 390) continue;
        try {
          await page.goto(`${base}${game.url}?lang=${lang}`, { waitUntil: "load" });
          await page.waitForTimeout(200);
          const small = await page.evaluate(inPage, { kind, op: "controls" });
          check(`${label}: every link, button and field is at least 44 × 44 px`, small.length === 0, small.slice(0, 8).join("; "));
          const board = await page.evaluate(inPage, { kind, op: "board" });
          check(
            `${label}: every piece, card or field the board offers is a target of 44 × 44 px`,
            board.count > 0 && board.out.length === 0,
            `${board.count} things; ${board.out.slice(0, 6).join("; ")}`,
          );
          if (kind === "colditz") {
            await page.goto(`${base}${game.url}?lang=${lang}`, { waitUntil: "load" });
            await page.waitForTimeout(200);
            const c = await page.evaluate(inPage, { kind, op: "colditz" });
            check(`${label}: the circles open at least 44 px apart (a tap goes to the nearest)`, c.pitch >= 44, `${c.pitch.toFixed(1)} px apart`);
            check(`${label}: the page has at most 1,200 elements`, c.elements <= 1200, `${c.elements} elements`);
          }
        } catch (e) {
          fail(`${label}: the tap targets are measured`, e.message.split("\n")[0]);
        }
      }
      await context.close();
    }
  }

  // A seat not asked to act (Colditz's German while an Escape Officer moves: his standing
  // orders): on a phone its sheet starts folded to its heading, the board free above it, and
  // its button opens it.
  for (const lang of langs) {
    const label = `Colditz German ${lang} 390px`;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: lang });
    const page = await context.newPage();
    try {
      await page.goto(`${base}${seatPath(colditz, 0)}?lang=${lang}`, { waitUntil: "load" });
      await page.waitForTimeout(200);
      const state = () =>
        page.evaluate(() => {
          const sheet = document.querySelector(".game > .play-panel");
          const button = sheet?.querySelector("h2 > .fold");
          const form = sheet?.querySelector("form[data-action]");
          return {
            folded: !!sheet?.classList.contains("folded"),
            expanded: button?.getAttribute("aria-expanded"),
            sheetHeight: sheet ? sheet.getBoundingClientRect().height : 0,
            formShown: !!form && form.getBoundingClientRect().height > 0,
          };
        });
      const before = await state();
      check(`${label}: the sheet starts folded (no form shown, under 100 px)`, before.folded && before.expanded === "false" && !before.formShown && before.sheetHeight < 100, JSON.stringify(before));
      await page.click(".play-panel h2 > .fold");
      const after = await state();
      check(`${label}: its button opens it and the standing order's form shows`, !after.folded && after.expanded === "true" && after.formShown, JSON.stringify(after));
    } catch (e) {
      fail(`${label}: the folded sheet is checked`, e.message.split("\n")[0]);
    }
    await context.close();
  }
}
