// The new-game form, progressive enhancement: "add a player" adds a row in place. Without
// script the count above the form asks the server for the form with more rows.
(() => {
  const button = document.querySelector("button.add-player");
  if (!button) return;
  const max = Number(button.dataset.max);
  button.hidden = false;
  button.addEventListener("click", () => {
    const rows = document.querySelectorAll("#players .player-row");
    const last = rows[rows.length - 1];
    const i = rows.length;
    const row = last.cloneNode(true);
    row.querySelectorAll("input").forEach((input) => {
      input.name = input.name.replace(/_\d+$/, `_${i}`);
      input.value = "";
      input.required = false;
    });
    const labels = row.querySelectorAll("label");
    labels[0].firstChild.textContent = `${button.dataset.name} ${i + 1} `;
    labels[1].firstChild.textContent = `${button.dataset.email} ${i + 1} `;
    last.after(row);
    row.querySelector("input").focus();
    if (i + 1 >= max) button.hidden = true;
    const count = document.querySelector(".player-count input[name=players]");
    if (count) count.value = String(i + 1);
  });
})();
