"use strict";
/* The stepping xchg show's page and its side-by-side page share
 * (xc_show_steps.html): ◀ / ▶, play / pause, the slider, and the keys
 * ← / → Home / End space. o.show(k) draws step k, o.at() is the step
 * drawn, o.last the last step, o.period() the milliseconds between steps
 * while playing, o.more(e) the page's own keys (true: it took the key).
 * Returns play (to toggle) and playing(). */
function stepping(o) {
  const button = document.getElementById("play"), slider = document.getElementById("slider");
  let timer = null;
  function play() {
    if (timer) { clearInterval(timer); timer = null; button.textContent = "play"; return; }
    if (o.at() === o.last) o.show(0);
    button.textContent = "pause";
    timer = setInterval(() => { o.show(o.at() + 1); if (o.at() === o.last) play(); }, o.period());
  }
  slider.max = o.last;
  slider.addEventListener("input", () => o.show(Number(slider.value)));
  document.getElementById("prev").addEventListener("click", () => o.show(o.at() - 1));
  document.getElementById("next").addEventListener("click", () => o.show(o.at() + 1));
  button.addEventListener("click", play);
  document.addEventListener("keydown", (e) => {
    if (e.target.type === "number") return; /* typing into a number box (ts, tw) */
    if (e.key === "ArrowLeft") o.show(o.at() - 1);
    else if (e.key === "ArrowRight") o.show(o.at() + 1);
    else if (e.key === "Home") o.show(0);
    else if (e.key === "End") o.show(o.last);
    else if (e.key === " ") play();
    else if (!(o.more && o.more(e))) return;
    e.preventDefault();
  });
  return { play, playing: () => timer !== null };
}
