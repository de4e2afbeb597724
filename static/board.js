// Progressive enhancement of the game page's actions (docs/architecture.md, rule 5: only a
// form's POST acts):
// - a thing on the board that stands for one action offered (its `data-pick` is the action
//   form's, as the game marks both: a card to guess, say) is picked by clicking it (or
//   Enter/Space), and the form is sent; a form the board stands for that asks nothing more is
//   then hidden (on a phone, 25 Služba cards were repeated as 25 buttons below the table);
// - an action that cannot be taken back (its form has data-confirm) asks once, on the page,
//   before it is sent; the answer travels as `confirmed=yes`. Without script the server asks
//   the same question on a page of its own.
(() => {
  const actions = document.querySelector(".actions");
  const forms = [...document.querySelectorAll("form[data-action]")];
  const yes = actions?.dataset.yes || "OK";
  const no = actions?.dataset.no || "×";
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
  const ask = (form, near) => {
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
    near.after(panel);
    ok.focus();
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
        ask(form, el.parentElement || el);
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
