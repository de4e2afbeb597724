// Na zajatce, progressive enhancement: the field (or camp) each offered move reaches is marked on
// the board; a tap on a stone that may move (or on a marked field) makes its move's form the
// current choice in the play panel, whose button sends it (a POST, as the buttons do without
// script; docs/architecture.md, rule 5). A stone with several moves (forwards, backwards) marks
// its fields; a tap on one of them picks that move. Each stone and field that may be tapped gets
// an invisible hit area at least 44 px across (the stones are drawn 15 px wide on a phone).
// Where a stone would land is lit when it is pointed at or chosen.
(() => {
  const board = document.querySelector('.board svg[data-game="zajatce"]');
  if (!board) return;
  const forms = [...document.querySelectorAll("form[data-target]")];
  if (forms.length === 0) return;
  const svg = "http://www.w3.org/2000/svg";
  const targetOf = (form) => {
    const [kind, id] = form.dataset.target.split(":");
    return kind === "camp"
      ? board.querySelector(`.camp[data-seat="${id}"]`)
      : board.querySelector(`.field[data-field="${id}"]`);
  };
  // The drawing's units per CSS pixel, so that a hit area is 44 px across at any size.
  const unitsPerPixel = () => {
    const m = board.getScreenCTM();
    return m && m.a > 0 ? 1 / m.a : 1;
  };
  // An invisible circle round `el`'s middle, first in `parent` (drawn under what is there).
  const hitArea = (el, parent, before, stone) => {
    const box = el.getBBox();
    const hit = document.createElementNS(svg, "circle");
    hit.setAttribute("class", "hit");
    hit.setAttribute("cx", String(box.x + box.width / 2));
    hit.setAttribute("cy", String(box.y + box.height / 2));
    hit.setAttribute("r", String(Math.max(box.width / 2, 23 * unitsPerPixel())));
    if (stone) hit.dataset.stone = stone;
    parent.insertBefore(hit, before);
  };
  const stoneOf = (key) =>
    board.querySelector(`.unit[data-stone="${key}"]`) || board.querySelector(`.stone[data-stone="${key}"]`);
  let chosen = null;
  const landing = (stone) => {
    board.querySelectorAll(".landing").forEach((e) => e.classList.remove("landing"));
    forms.filter((f) => f.dataset.stone === stone).forEach((f) => targetOf(f)?.classList.add("landing"));
  };
  board.addEventListener("pointerover", (e) => {
    const stone = (e.target.closest(".unit") || e.target.closest("[data-stone]"))?.dataset.stone;
    if (!chosen) landing(stone);
  });
  const mark = () => {
    board.querySelectorAll(".target, .chosen").forEach((e) => e.classList.remove("target", "chosen"));
    forms
      .filter((f) => !chosen || f.dataset.stone === chosen)
      .forEach((f) => targetOf(f)?.classList.add("target"));
    if (chosen) board.querySelectorAll(`[data-stone="${chosen}"]:not(.hit)`).forEach((s) => s.classList.add("chosen"));
  };
  const pick = (form, tapped) => {
    chosen = form.dataset.stone;
    landing(chosen);
    mark();
    form.dispatchEvent(new CustomEvent("choice", { bubbles: true, detail: { piece: tapped } }));
  };
  // Fields first (a stone's hit area is drawn over a field's where they meet), each moved last
  // among the fields, so that its hit area is drawn over its neighbours'.
  new Set(forms.map(targetOf)).forEach((place) => {
    if (!place) return;
    place.classList.add("reachable");
    if (place.classList.contains("field")) place.parentNode.append(place);
    hitArea(place, place, place.firstChild);
  });
  new Set(forms.map((f) => f.dataset.stone)).forEach((key) => {
    const stone = stoneOf(key);
    if (!stone) return;
    stone.classList.add("movable");
    if (stone.classList.contains("unit")) hitArea(stone, stone, stone.firstChild);
    else hitArea(stone, stone.parentNode, stone, key);
  });
  board.addEventListener("click", (e) => {
    const unit = e.target.closest(".unit");
    const stone = (unit || e.target.closest("[data-stone]"))?.dataset.stone;
    const own = stone ? forms.filter((f) => f.dataset.stone === stone) : [];
    if (own.length > 0) return pick(own[0], unit || stoneOf(stone));
    // A stone standing on a field stands for its field (a capture lands there).
    const place =
      e.target.closest(".field, .camp") ||
      (unit && board.querySelector(`.field[data-field="${unit.dataset.field}"]`));
    if (!place) return;
    const here = forms.filter((f) => targetOf(f) === place && (!chosen || f.dataset.stone === chosen));
    const any = here.length > 0 ? here : forms.filter((f) => targetOf(f) === place);
    if (any.length > 0) pick(any[0], place);
  });
  mark();
})();
