// Live pages, progressive enhancement: the page listens to its stream (Server-Sent Events) and,
// when the game moves past the step it shows, fetches itself again and puts the new main region
// in place (the tab's title too, which says when it is your turn). The stream says only the new
// step's number; the page is read as always, through the seat's own view. Without script, or
// without EventSource, the page is reloaded by hand as before.
(() => {
  const main = document.querySelector("main[data-live]");
  if (!main || !window.EventSource || !window.fetch) return;
  let seq = Number(main.dataset.seq);
  const source = new EventSource(`${main.dataset.live}?seq=${seq}`);
  // Something the player has typed but not sent is not thrown away: then a note offers the
  // new state instead.
  const changed = (f) => {
    if (f.type === "hidden" || f.type === "submit" || f.type === "button") return false;
    if (f.type === "checkbox" || f.type === "radio") return f.checked !== f.defaultChecked;
    if (f.tagName === "SELECT") {
      // Without a `selected` attribute the first choice is the default.
      const first = [...f.options].findIndex((o) => o.defaultSelected);
      return f.selectedIndex !== (first < 0 ? 0 : first);
    }
    return f.value !== f.defaultValue;
  };
  const typing = () => [...main.querySelectorAll("input, textarea, select")].some(changed);
  const rerun = (doc) => {
    // The page's own scripts (board clicks) bind to the new elements: run them again.
    doc.querySelectorAll("script[src]").forEach((old) => {
      if (old.src.endsWith("/static/live.js")) return;
      const s = document.createElement("script");
      s.src = old.getAttribute("src");
      document.body.append(s);
    });
  };
  const update = async (next) => {
    const r = await fetch(main.dataset.page, { headers: { Accept: "text/html" }, credentials: "same-origin" });
    if (!r.ok) return;
    const doc = new DOMParser().parseFromString(await r.text(), "text/html");
    const fresh = doc.querySelector("main");
    if (!fresh) return;
    main.replaceChildren(...fresh.childNodes);
    seq = Number(fresh.dataset.seq || next);
    main.dataset.seq = String(seq);
    document.title = doc.title;
    rerun(doc);
  };
  // While the player types, a note offers the new state instead of replacing the page.
  const offer = () => {
    if (main.querySelector(".live-moved")) return;
    const note = document.createElement("p");
    note.className = "live-moved";
    note.setAttribute("role", "status");
    const link = document.createElement("a");
    link.href = main.dataset.page;
    link.textContent = main.dataset.moved || "↻";
    note.append(link);
    main.prepend(note);
  };
  source.addEventListener("changed", (e) => {
    let d;
    try {
      d = JSON.parse(e.data);
    } catch (_) {
      return;
    }
    if (!(d.seq > seq)) return;
    if (typing()) return offer();
    update(d.seq);
  });
  // A line of table talk came (or one was hidden): the same page again, read as always.
  source.addEventListener("talk", () => {
    if (typing()) return offer();
    update(seq);
  });
})();
