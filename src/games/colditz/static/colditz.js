// Escape from Colditz, progressive enhancement (without scripts every field is typed and the
// zoom links reload the page):
// - clicking circles on the board fills the circle fields of the action forms: a move's path
//   step by step, guard posts, cells, Riot Squad posts; clicking one of your men picks his move;
// - the posts an action proposes (the German's first move) are ringed on the board;
// - an irreversible action asks for one confirmation before it is sent;
// - the zoom links zoom in place, keeping the middle of the view (and the zoom in the step links
//   of the history and spectators' pages); on a phone, a page opened without a zoom asked for
//   opens at the zoom whose circles are at least 44 px apart (a finger's target), with the
//   player's men in view;
// - a click is read as the circle nearest to it (the board lists where its circles are, in
//   `data-circles`; no element per circle), and the circles chosen are ringed;
// - "End the turn" goes last among the actions, as a lesser button: it is never the first
//   thing under a thumb.
// Nothing here sends anything by itself: the player still presses the form's button (GET pages
// never act, docs/architecture.md rule 5).
(() => {
  const region = document.getElementById("colditz-board");
  const board = region?.querySelector("svg");
  const help = document.getElementById("colditz-path-help");

  // A dispute's boards: ring every man who stands elsewhere after the contested step than
  // before it, and open each board where he is (the page states the step in words).
  const boards = [...document.querySelectorAll(".audit-boards svg.castle")];
  if (boards.length >= 2) {
    const where = (svg) => new Map([...svg.querySelectorAll(".man")].map((m) => [m.dataset.man, m.dataset.circle]));
    const [before, after] = [where(boards[0]), where(boards[1])];
    const moved = [...new Set([...before.keys(), ...after.keys()])].filter((m) => before.get(m) !== after.get(m));
    boards.forEach((svg) => {
      svg.querySelectorAll(".man").forEach((m) => m.classList.toggle("moved", moved.includes(m.dataset.man)));
      const first = svg.querySelector(".man.moved");
      const box = svg.closest(".board");
      if (first && box) {
        const r = first.getBoundingClientRect();
        const b = box.getBoundingClientRect();
        box.scrollLeft += r.left - b.left - b.width / 2;
        box.scrollTop += r.top - b.top - b.height / 2;
      }
    });
  }

  // Zoom in place.
  const zoomTo = (link) => {
      const cx = (region.scrollLeft + region.clientWidth / 2) / Math.max(region.scrollWidth, 1);
      const cy = (region.scrollTop + region.clientHeight / 2) / Math.max(region.scrollHeight, 1);
      region.className = region.className.replace(/colditz-zoom-\d/, `colditz-zoom-${link.dataset.zoom}`);
      link.parentElement.querySelectorAll("a").forEach((a) => a.removeAttribute("aria-current"));
      link.setAttribute("aria-current", "true");
      region.scrollLeft = cx * region.scrollWidth - region.clientWidth / 2;
      region.scrollTop = cy * region.scrollHeight - region.clientHeight / 2;
      // The address and the links to other steps (history, spectators) keep the new zoom.
      const keep = (href) => {
        const u = new URL(href, location.href);
        u.searchParams.set("zoom", link.dataset.zoom);
        return u.pathname + u.search;
      };
      history.replaceState(null, "", keep(location.href));
      document.querySelectorAll('a[href*="zoom="]:not([data-zoom])').forEach((a) => a.setAttribute("href", keep(a.href)));
      document.querySelectorAll('input[type="hidden"][name="zoom"]').forEach((i) => (i.value = link.dataset.zoom));
  };
  const zoomLinks = [...document.querySelectorAll("nav.zoom a[data-zoom]")];
  zoomLinks.forEach((link) => {
    link.addEventListener("click", (e) => {
      if (!region) return;
      e.preventDefault();
      zoomTo(link);
    });
  });
  // A phone, and no zoom asked for: the level its nav marks for fingers (data-touch).
  const touch = zoomLinks.find((a) => a.hasAttribute("data-touch"));
  if (region && touch && !new URL(location.href).searchParams.has("zoom") && window.matchMedia("(max-width: 40rem)").matches) {
    zoomTo(touch);
  }

  // "End the turn" last, a lesser button (it stood first, where a thumb lands).
  document.querySelectorAll(".actions form[data-action]").forEach((form) => {
    let kind = null;
    try {
      kind = JSON.parse(form.dataset.action).action;
    } catch (_) {}
    if (kind !== "end_turn") return;
    form.classList.add("lesser");
    form.querySelector('button[type="submit"]')?.classList.add("secondary");
    form.parentElement.append(form);
  });

  // One confirmation for what cannot be taken back.
  const final = new Set(["move", "do_or_die", "play", "place_guards", "post_guard", "riot_squad", "claim_equipment", "claim_kit"]);
  const question = help?.getAttribute("data-confirm");
  document.querySelectorAll("form[data-action]").forEach((form) => {
    let kind = null;
    try {
      kind = JSON.parse(form.dataset.action).action;
    } catch (_) {}
    if (!question || !final.has(kind)) return;
    form.addEventListener("submit", (e) => {
      if (!window.confirm(question)) e.preventDefault();
    });
  });

  if (!board) return;
  // Where each circle is, in the drawing's units, and the circle nearest a click (within a
  // circle's step: a click between circles goes to the nearer).
  const places = new Map(
    (board.getAttribute("data-circles") || "")
      .split(";")
      .map((c) => c.split(","))
      .filter((c) => c.length === 3)
      .map(([id, x, y]) => [id, [Number(x), Number(y)]]),
  );
  const step = Number(board.getAttribute("data-step")) || 12;
  const units = () => {
    const r = board.getBoundingClientRect();
    const w = board.viewBox.baseVal?.width || r.width;
    return { r, k: r.width / w };
  };
  const circleAt = (clientX, clientY) => {
    const { r, k } = units();
    const [x, y] = [(clientX - r.left) / k, (clientY - r.top) / k];
    let best = null;
    let near = step * 0.75;
    places.forEach(([cx, cy], id) => {
      const d = Math.hypot(cx - x, cy - y);
      if (d < near) [best, near] = [id, d];
    });
    return best;
  };
  // Rings round circles (the path chosen, the posts proposed), drawn under the men.
  const svgNs = "http://www.w3.org/2000/svg";
  const rings = document.createElementNS(svgNs, "g");
  rings.setAttribute("class", "rings");
  board.insertBefore(rings, board.querySelector(".pieces"));
  const ring = (id, cls) => {
    const at = places.get(id);
    if (!at) return null;
    const c = document.createElementNS(svgNs, "circle");
    c.setAttribute("cx", String(at[0]));
    c.setAttribute("cy", String(at[1]));
    c.setAttribute("r", "6");
    c.setAttribute("class", cls);
    c.dataset.circle = id;
    rings.append(c);
    return c;
  };
  // Open the zoomed board where the play is: the man of the form being filled, else the first
  // ring (a post proposed), else this seat's men (those its forms move), else the men; in the part of
  // the region the page shows (above the sheet on a phone).
  const centre = () => {
    if (!region) return;
    const own = [...document.querySelectorAll('form[data-action] input[name="action"]')]
      .map((i) => {
        try {
          return JSON.parse(i.value).man;
        } catch (_) {
          return undefined;
        }
      })
      .filter((m) => m !== undefined)
      .map((m) => board.querySelector(`.man[data-man="${m}"]`));
    const things = [board.querySelector(".man.selected")].filter(Boolean);
    // The first post proposed (they stand all over the castle; their middle is empty ground).
    const shown = things.length ? things : [...rings.children].slice(0, 1);
    const chosen = shown.length ? shown : own.filter(Boolean).length ? own.filter(Boolean) : [board.querySelector(".man")];
    const boxes = chosen.filter(Boolean).map((e) => e.getBoundingClientRect());
    if (boxes.length === 0) return;
    const mid = (a) => (Math.min(...a) + Math.max(...a)) / 2;
    const x = mid(boxes.flatMap((b) => [b.left, b.right]));
    const y = mid(boxes.flatMap((b) => [b.top, b.bottom]));
    const box = region.getBoundingClientRect();
    const sheet = document.querySelector(".game > .play-panel");
    const fixed = sheet && getComputedStyle(sheet).position === "fixed";
    const bottom = Math.min(box.bottom, window.innerHeight, fixed ? sheet.getBoundingClientRect().top : box.bottom);
    const top = Math.max(box.top, 0);
    region.scrollLeft += x - (box.left + box.width / 2);
    region.scrollTop += y - (bottom > top + 40 ? (top + bottom) / 2 : box.top + box.height / 2);
  };
  // This seat's men (those its move forms name) are targets a finger can hit: an invisible
  // circle a whole step across under each (a man is drawn 0.9 of a step across).
  document.querySelectorAll('form[data-action] input[name="action"]').forEach((i) => {
    let man;
    try {
      man = JSON.parse(i.value).man;
    } catch (_) {}
    const g = man === undefined ? null : board.querySelector(`.man[data-man="${man}"]`);
    const piece = g?.querySelector(".piece");
    if (!piece || g.querySelector(".hit")) return;
    const hit = document.createElementNS(svgNs, "circle");
    hit.setAttribute("class", "hit");
    hit.setAttribute("cx", piece.getAttribute("cx"));
    hit.setAttribute("cy", piece.getAttribute("cy"));
    hit.setAttribute("r", String(step / 2));
    g.insertBefore(hit, g.firstChild);
  });
  // A choice made on the board: the play panel shows its form (board.js). On a phone (the
  // panel a sheet over the bottom of the screen) the board's box then stands at the top of the
  // screen, so that the region shows all it can above the sheet.
  const chose = (form, thing) => {
    const sheet = document.querySelector(".game > .play-panel");
    const box = region?.closest(".colditz-board-box");
    if (box && sheet && getComputedStyle(sheet).position === "fixed") {
      const top = box.getBoundingClientRect().top;
      if (Math.abs(top) > 4) window.scrollBy(0, top);
    }
    form?.dispatchEvent(new CustomEvent("choice", { bubbles: true, detail: { piece: thing } }));
  };
  // Fields that take circles: many (appended in order) or one (replaced).
  const many = ["ids_path", "ids_inner", "ids_outer", "ids_cells", "ids_posts"];
  const single = ["text_cell"];
  const selector = [...many, ...single].map((n) => `input[name="${n}"]`).join(",");
  const fields = [...document.querySelectorAll(selector)];
  const posts = [...document.querySelectorAll('select[name="input_to"]')];
  if (fields.length === 0 && posts.length > 0) {
    // Only guard posts to choose: a click on a free post picks it.
    board.addEventListener("click", (e) => {
      const id = circleAt(e.clientX, e.clientY);
      const post = posts.find((s) => [...s.options].some((o) => o.value === id));
      if (post) {
        post.value = id;
        post.focus({ preventScroll: true });
        rings.replaceChildren();
        chose(post.form, ring(id, "on-path"));
      }
    });
  }
  if (fields.length === 0) {
    centre();
    return;
  }
  const actionOf = (field) => {
    try {
      return JSON.parse(field.form.querySelector('input[name="action"]').value);
    } catch (_) {
      return {};
    }
  };
  let active = fields.find((f) => f.value) || fields[0];
  // A click writes the circle as the board prints it, row·column (the server reads that, an id
  // or row.column, docs/rules/colditz.md); what is typed is read back to circle ids to ring.
  const gridRef = (id) => {
    const m = /^r(\d\d)c(\d\d)$/.exec(id);
    return m ? `${Number(m[1])}·${Number(m[2])}` : id;
  };
  const circleOf = (word) => {
    const m = /^(\d{1,2})[·.](\d{1,2})$/.exec(word);
    return m ? `r${m[1].padStart(2, "0")}c${m[2].padStart(2, "0")}` : word.toLowerCase();
  };
  const ids = (field) =>
    field.value
      .split(/[\s,;]+/)
      .filter((w) => /\d/.test(w))
      .map(circleOf);
  const mark = () => {
    board.querySelectorAll(".selected").forEach((e) => e.classList.remove("selected"));
    rings.replaceChildren();
    fields.forEach((f) => f.form.classList.toggle("active-move", f === active));
    const action = actionOf(active);
    const man = action.man === undefined ? null : String(action.man);
    board.querySelectorAll(".man").forEach((g) => {
      if (g.getAttribute("data-man") === man) g.classList.add("selected");
    });
    const name = active.name.replace(/^(ids|text)_/, "");
    const proposed = Array.isArray(action[name]) ? action[name] : [];
    const chosen = ids(active);
    (chosen.length ? chosen : proposed).forEach((id) => ring(id, chosen.length ? "on-path" : "proposed"));
  };
  const choose = (field) => {
    active = field;
    mark();
  };
  fields.forEach((f) => {
    f.addEventListener("focus", () => choose(f));
    f.addEventListener("input", mark);
    const clear = document.createElement("button");
    clear.type = "button";
    clear.className = "path-clear";
    clear.textContent = help?.getAttribute("data-clear") || "×";
    clear.addEventListener("click", () => {
      f.value = "";
      choose(f);
    });
    f.after(clear);
  });
  board.addEventListener("click", (e) => {
    const piece = e.target.closest(".man");
    if (piece) {
      // One of the men this seat may move: his form becomes the one being filled, the current
      // choice of the play panel.
      const own = fields.find((f) => f.name === "ids_path" && String(actionOf(f).man) === piece.getAttribute("data-man"));
      if (own) {
        choose(own);
        chose(own.form, piece);
        return;
      }
    }
    const id = circleAt(e.clientX, e.clientY);
    if (!id) return;
    // A free guard post: the post form's choice takes it, and that form is the one to send.
    const post = [...document.querySelectorAll('select[name="input_to"]')].find((s) =>
      [...s.options].some((o) => o.value === id),
    );
    if (post && !many.includes(active.name)) {
      post.value = id;
      post.focus({ preventScroll: true });
      chose(post.form, ring(id, "on-path"));
      return;
    }
    if (single.includes(active.name)) {
      active.value = gridRef(id);
    } else {
      active.value = [active.value.trim(), gridRef(id)].filter(Boolean).join(" ");
    }
    mark();
    chose(active.form, rings.querySelector(`[data-circle="${id}"]`));
  });
  mark();
  centre();
})();
