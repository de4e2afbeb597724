// Progressive enhancement: a "Copy" button beside each link marked data-copy (the host hands
// seat links out one by one, often from a phone). Without script, or without a clipboard, the
// link is there to be selected as before.
for (const link of document.querySelectorAll("a[data-copy]")) {
  if (!navigator.clipboard) break;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "secondary copy";
  button.textContent = link.dataset.copy;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(link.href);
      button.textContent = link.dataset.copied;
    } catch {
      button.textContent = link.dataset.copyFailed;
    }
    setTimeout(() => (button.textContent = link.dataset.copy), 2000);
  });
  link.after(" ", button);
}
