// Progressive enhancement of the game page's actions (docs/architecture.md, rule 5: only a
// form's POST acts):
// - a thing on the board that stands for one action offered (its `data-pick` is the action
//   form's, as the game marks both: a card to guess, say) is picked by clicking it (or
//   Enter/Space), and the form is sent; a form the board stands for that asks nothing more is
//   then hidden (on a phone, 25 Služba cards were repeated as 25 buttons below the table);
// - an action that cannot be taken back (its form has data-confirm) asks once, on the page,
//   before it is sent; the answer travels as `confirmed=yes`. Without script the server asks
//   the same question on a page of its own;
// - the play panel (what the seat may do now) is kept in view: the style sheet puts it beside
//   the board on a wide screen and over the bottom of a phone's screen where script runs (its
//   `scripting` media feature: laid out so from the first paint, nothing shifts). A tap on the board that fills or picks a form (a game's script sends a
//   `choice` event from that form, with the thing tapped) marks that form as the current
//   choice, scrolls the panel to it, and keeps the thing tapped above the sheet.
(() => {
  const game = document.querySelector(".game");
  const play = game?.querySelector(":scope > .play-panel");
  const actions = document.querySelector(".actions");
  const forms = [...document.querySelectorAll("form[data-action]")];
  const yes = actions?.dataset.yes || "OK";
  const no = actions?.dataset.no || "×";
  // A browser that does not know the media feature lays the panel out as without script.
  const paneled = !!play && window.matchMedia("(scripting: enabled)").matches;
  if (paneled) {
    // On a phone the sheet folds down to its heading with a button beside it; it starts folded
    // when the seat is not asked to act (its standing orders need not cover the board).
    const heading = play.querySelector(":scope > h2");
    if (heading) {
      const fold = document.createElement("button");
      fold.type = "button";
      fold.className = "secondary fold";
      fold.setAttribute("aria-controls", play.id);
      const show = () => {
        const folded = play.classList.contains("folded");
        fold.textContent = folded ? play.dataset.unfold : play.dataset.fold;
        fold.setAttribute("aria-expanded", String(!folded));
      };
      fold.addEventListener("click", () => {
        play.classList.toggle("folded");
        show();
      });
      heading.append(fold);
      show();
    }
    // The page leaves room under itself for the sheet (a phone): its height, as it changes.
    const sheet = () => {
      const fixed = getComputedStyle(play).position === "fixed";
      document.body.style.setProperty("--sheet", fixed ? `${Math.ceil(play.getBoundingClientRect().height)}px` : "0px");
    };
    if (window.ResizeObserver) new ResizeObserver(sheet).observe(play);
    sheet();
  }
  // A choice made on the board, or a question asked, opens a folded sheet: what to press next
  // is in it.
  const unfold = () => {
    if (play?.classList.contains("folded")) play.querySelector(":scope > h2 > .fold")?.click();
  };
  // What covers the bottom of the window (the sheet on a phone), in pixels.
  const covered = () => {
    if (!play || getComputedStyle(play).position !== "fixed") return 0;
    return Math.max(0, window.innerHeight - play.getBoundingClientRect().top);
  };
  // Scroll the panel (not the page) so that `el` in it is in view.
  const showInPanel = (el) => {
    if (!play || !el || !play.contains(el)) return;
    const p = play.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    if (r.top < p.top) play.scrollTop += r.top - p.top - 8;
    else if (r.bottom > p.bottom) play.scrollTop += Math.min(r.bottom - p.bottom + 8, r.top - p.top - 8);
  };
  // Scroll the page so that the thing tapped stays visible above the sheet.
  const keepVisible = (el) => {
    if (!el?.getBoundingClientRect) return;
    const r = el.getBoundingClientRect();
    const bottom = window.innerHeight - covered();
    if (r.bottom > bottom - 8) window.scrollBy(0, Math.min(r.bottom - bottom + 16, r.top - 8));
    else if (r.top < 0) window.scrollBy(0, r.top - 8);
  };
  const current = (form, piece) => {
    forms.forEach((f) => f.classList.toggle("current", f === form));
    if (form) showInPanel(form);
    requestAnimationFrame(() => keepVisible(piece));
  };
  game?.addEventListener("choice", (e) => {
    unfold();
    current(e.target.closest("form"), e.detail?.piece);
  });
  let panel = null;
  const close = () => {
    panel?.remove();
    panel = null;
    document.querySelectorAll(".board [data-pick].chosen").forEach((c) => c.classList.remove("chosen"));
  };
  const send = (form) => {
    let flag = form.querySelector('input[name="confirmed"]');
    if (!flag) {
      flag = document.createElement("input");
      flag.type = "hidden";
      flag.name = "confirmed";
      form.append(flag);
    }
    flag.value = "yes";
    form.submit();
  };
  const ask = (form, near, chosen) => {
    close();
    panel = document.createElement("div");
    panel.className = "confirm-guess";
    panel.setAttribute("role", "alertdialog");
    panel.setAttribute("aria-live", "assertive");
    const question = document.createElement("p");
    question.textContent = form.dataset.confirm;
    const ok = document.createElement("button");
    ok.type = "button";
    ok.className = "confirm-yes";
    ok.textContent = yes;
    ok.addEventListener("click", () => send(form));
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "secondary confirm-no";
    cancel.textContent = no;
    cancel.addEventListener("click", close);
    panel.append(question, ok, cancel);
    // In the play panel when the page has one (beside the board, or the sheet on a phone), so
    // that the question and its button stand in view with the board; else after `near`.
    unfold();
    if (paneled && !play.contains(near)) {
      (play.querySelector(":scope > h2") || play.firstChild).after(panel);
    } else near.after(panel);
    showInPanel(panel);
    ok.focus({ preventScroll: true });
    forms.forEach((f) => f.classList.toggle("current", f === form));
    requestAnimationFrame(() => keepVisible(chosen));
  };
  forms
    .filter((f) => f.dataset.confirm)
    .forEach((f) =>
      f.addEventListener("submit", (e) => {
        if (f.querySelector('input[name="confirmed"]')?.value === "yes") return;
        e.preventDefault();
        ask(f, f);
      }),
    );
  document.querySelectorAll(".board [data-pick]").forEach((el) => {
    const form = forms.find((f) => f.dataset.pick === el.dataset.pick);
    if (!form) return;
    el.classList.add("clickable");
    if (!form.querySelector('input:not([type="hidden"]), select, textarea')) form.hidden = true;
    el.setAttribute("role", "button");
    el.setAttribute("tabindex", "0");
    const choose = () => {
      if (form.dataset.confirm) {
        // The question stands after the things picked from (the table of cards), near the click.
        ask(form, el.parentElement || el, el);
        el.classList.add("chosen");
      } else {
        form.requestSubmit();
      }
    };
    el.addEventListener("click", choose);
    el.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        choose();
      }
    });
  });
})();
