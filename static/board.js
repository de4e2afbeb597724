// Progressive enhancement: a card of the drawing that can be guessed is guessed by clicking it.
// Without script, the buttons beside the board do the same.
(() => {
  const forms = [...document.querySelectorAll("form[data-action]")];
  const guessForm = (card) =>
    forms.find((f) => {
      try {
        const a = JSON.parse(f.dataset.action);
        return a.action === "guess" && a.card === card;
      } catch (_) {
        return false;
      }
    });
  document.querySelectorAll(".board [data-card]").forEach((el) => {
    const form = guessForm(Number(el.dataset.card));
    if (!form) return;
    el.classList.add("clickable");
    el.setAttribute("role", "button");
    el.addEventListener("click", () => form.requestSubmit());
  });
})();
