import { tagline } from "./tagline.js";

const render = (text) => {
  document.querySelector("#tagline").textContent = text;
};
render(tagline);

// Hot reload: a changed tagline.js is put in without reloading the page.
if (import.meta.hot) import.meta.hot.accept("./tagline.js", (next) => next && render(next.tagline));
