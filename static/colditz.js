// Escape from Colditz, progressive enhancement: clicking circles on the board appends their ids
// to the path field of a move form ("ids_path"); clicking one of your men picks his move form.
// Without scripts the path field is typed in by hand. Nothing here sends anything: the player
// still presses the form's button (GET pages never act).
(() => {
  const board = document.querySelector(".board svg");
  const fields = [...document.querySelectorAll('input[name="ids_path"]')];
  if (!board || fields.length === 0) return;
  const help = document.getElementById("colditz-path-help");
  const manOf = (field) => {
    try {
      return String(JSON.parse(field.form.querySelector('input[name="action"]').value).man);
    } catch (_) {
      return null;
    }
  };
  let active = fields[0];
  const ids = (field) => field.value.split(/[\s,;]+/).filter(Boolean);
  const mark = () => {
    board.querySelectorAll(".on-path, .selected").forEach((e) => e.classList.remove("on-path", "selected"));
    fields.forEach((f) => f.form.classList.toggle("active-move", f === active));
    const man = manOf(active);
    board.querySelectorAll(".man").forEach((g) => {
      if (g.getAttribute("data-man") === man) g.classList.add("selected");
    });
    ids(active).forEach((id) => board.querySelector(`circle[data-circle="${id}"]`)?.classList.add("on-path"));
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
      const own = fields.find((f) => manOf(f) === piece.getAttribute("data-man"));
      if (own) {
        choose(own);
        own.scrollIntoView({ block: "nearest" });
        return;
      }
    }
    const hit = e.target.closest("[data-circle]");
    if (!hit) return;
    const path = ids(active);
    path.push(hit.getAttribute("data-circle"));
    active.value = path.join(" ");
    mark();
  });
  mark();
})();
