// Na zajatce, progressive enhancement: the field (or camp) each offered move reaches is marked on
// the board, and a click on a stone or on a marked field sends that move's form (a POST, as the
// buttons beside the board do without script; docs/architecture.md, rule 5). A stone with
// several moves (forwards, backwards) is chosen first, then its field. Where a stone would land
// is lit when it is pointed at or chosen; on a touch screen the first tap on a stone chooses it
// (its field lit), a second tap on it or on that field sends.
(() => {
  const board = document.querySelector('.board svg[data-game="zajatce"]');
  if (!board) return;
  const forms = [...document.querySelectorAll("form[data-target]")];
  if (forms.length === 0) return;
  const targetOf = (form) => {
    const [kind, id] = form.dataset.target.split(":");
    return kind === "camp"
      ? board.querySelector(`.camp[data-seat="${id}"]`)
      : board.querySelector(`.field[data-field="${id}"]`);
  };
  let chosen = null;
  let touch = false;
  const landing = (stone) => {
    board.querySelectorAll(".landing").forEach((e) => e.classList.remove("landing"));
    forms.filter((f) => f.dataset.stone === stone).forEach((f) => targetOf(f)?.classList.add("landing"));
  };
  board.addEventListener("pointerdown", (e) => {
    touch = e.pointerType !== "mouse";
  });
  board.addEventListener("pointerover", (e) => {
    const stone = (e.target.closest(".unit") || e.target.closest("[data-stone]"))?.dataset.stone;
    if (!chosen) landing(stone);
  });
  const mark = () => {
    board.querySelectorAll(".target, .chosen").forEach((e) => e.classList.remove("target", "chosen"));
    forms
      .filter((f) => !chosen || f.dataset.stone === chosen)
      .forEach((f) => targetOf(f)?.classList.add("target"));
    if (chosen) board.querySelectorAll(`[data-stone="${chosen}"]`).forEach((s) => s.classList.add("chosen"));
  };
  board.querySelectorAll("[data-stone]").forEach((stone) => {
    if (forms.some((f) => f.dataset.stone === stone.dataset.stone)) stone.classList.add("movable");
  });
  forms.forEach((f) => targetOf(f)?.classList.add("reachable"));
  board.addEventListener("click", (e) => {
    const unit = e.target.closest(".unit");
    const stone = (unit || e.target.closest("[data-stone]"))?.dataset.stone;
    const own = stone ? forms.filter((f) => f.dataset.stone === stone) : [];
    if (own.length === 1 && (!touch || chosen === stone)) return own[0].submit();
    if (own.length > 0) {
      chosen = stone;
      landing(stone);
      return mark();
    }
    // A stone standing on a field stands for its field (a capture lands there).
    const place =
      e.target.closest(".field, .camp") ||
      (unit && board.querySelector(`.field[data-field="${unit.dataset.field}"]`));
    if (!place) return;
    const here = forms.filter(
      (f) => targetOf(f) === place && (!chosen || f.dataset.stone === chosen),
    );
    if (here.length === 1) here[0].submit();
  });
  mark();
})();
