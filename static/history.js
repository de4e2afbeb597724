// Progressive enhancement: moving the history slider shows that step without a button press.
document.getElementById("at-slider")?.addEventListener("change", (e) => e.target.form.submit());
