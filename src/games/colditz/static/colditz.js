// Escape from Colditz, progressive enhancement (without scripts every field is typed and the
// zoom links reload the page):
// - clicking circles on the board fills the circle fields of the action forms: a move's path
//   step by step, guard posts, cells, Riot Squad posts; clicking one of your men picks his move;
// - the posts an action proposes (the German's first move) are ringed on the board;
// - an irreversible action asks for one confirmation before it is sent;
// - the zoom links zoom in place, keeping the middle of the view (and the zoom in the step links
//   of the history and spectators' pages).
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
  document.querySelectorAll("nav.zoom a[data-zoom]").forEach((link) => {
    link.addEventListener("click", (e) => {
      if (!region) return;
      e.preventDefault();
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
    });
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
  // Open the zoomed board where the play is: the man of the form being filled, else the men.
  const centre = () => {
    const man = board.querySelector(".man.selected") || board.querySelector(".man");
    if (!man || !region) return;
    const r = man.getBoundingClientRect();
    const box = region.getBoundingClientRect();
    region.scrollLeft += r.left + r.width / 2 - (box.left + box.width / 2);
    region.scrollTop += r.top + r.height / 2 - (box.top + box.height / 2);
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
      const id = e.target.closest("[data-circle]")?.getAttribute("data-circle");
      const post = posts.find((s) => [...s.options].some((o) => o.value === id));
      if (post) {
        post.value = id;
        post.focus();
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
    board.querySelectorAll(".on-path, .selected, .proposed").forEach((e) => e.classList.remove("on-path", "selected", "proposed"));
    fields.forEach((f) => f.form.classList.toggle("active-move", f === active));
    const action = actionOf(active);
    const man = action.man === undefined ? null : String(action.man);
    board.querySelectorAll(".man").forEach((g) => {
      if (g.getAttribute("data-man") === man) g.classList.add("selected");
    });
    const name = active.name.replace(/^(ids|text)_/, "");
    const proposed = Array.isArray(action[name]) ? action[name] : [];
    const chosen = ids(active);
    (chosen.length ? chosen : proposed).forEach((id) =>
      board.querySelector(`circle[data-circle="${id}"]`)?.classList.add(chosen.length ? "on-path" : "proposed"),
    );
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
      // One of the men this seat may move: his form becomes the one being filled.
      const own = fields.find((f) => f.name === "ids_path" && String(actionOf(f).man) === piece.getAttribute("data-man"));
      if (own) {
        choose(own);
        own.scrollIntoView({ block: "nearest" });
        return;
      }
    }
    const hit = e.target.closest("[data-circle]");
    if (!hit) return;
    const id = hit.getAttribute("data-circle");
    // A free guard post: the post form's choice takes it, and that form is the one to send.
    const post = [...document.querySelectorAll('select[name="input_to"]')].find((s) =>
      [...s.options].some((o) => o.value === id),
    );
    if (post && !many.includes(active.name)) {
      post.value = id;
      post.focus();
      return;
    }
    if (single.includes(active.name)) {
      active.value = gridRef(id);
    } else {
      active.value = [active.value.trim(), gridRef(id)].filter(Boolean).join(" ");
    }
    mark();
  });
  mark();
  centre();
})();
