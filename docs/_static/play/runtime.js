// Loads the library into the page: Pyodide (served from this site's
// _static/pyodide/), the wheels listed in _static/play/wheels.json (the pure
// wheel of pocha-rules and attrs'), and the page's own Python module,
// pocha_web.py. docs/play_assets.py puts the runtime and the wheels there.

const STATIC = new URL("../", import.meta.url);

export const LANG = (document.documentElement.lang || "en").startsWith("es") ? "es" : "en";

// How long each step of loading took, in milliseconds since the page opened
// (docs/check_play.py reports them).
export const timings = {};
const mark = (name) => { timings[name] = Math.round(performance.now()); };

export async function loadPocha() {
  let pyodideModule;
  try {
    pyodideModule = await import(new URL("pyodide/pyodide.mjs", STATIC).href);
  } catch (error) {
    throw new Error("missing-runtime");
  }
  // The wheels and the page's module download while Pyodide starts.
  const fetchBytes = async (path) => (await fetch(new URL(path, STATIC))).arrayBuffer();
  const files = fetch(new URL("play/wheels.json", STATIC))
    .then((response) => response.json())
    .then((names) => Promise.all(names.map((name) => fetchBytes("play/wheels/" + name))));
  const source = fetch(new URL("play/pocha_web.py", STATIC)).then((response) => response.text());
  const pyodide = await pyodideModule.loadPyodide({
    indexURL: new URL("pyodide/", STATIC).href,
  });
  mark("python");
  for (const wheel of await files) pyodide.unpackArchive(wheel, "wheel");
  pyodide.FS.writeFile("/home/pyodide/pocha_web.py", await source);
  mark("wheels");
  const module = pyodide.pyimport("pocha_web");
  mark("library");
  return module;
}

// Card names and faces -------------------------------------------------------

const SUITS = { o: ["oros", "coins"], c: ["copas", "cups"], e: ["espadas", "swords"], b: ["bastos", "clubs"] };
const FACES = {
  es: { 1: "As", 10: "Sota", 11: "Caballo", 12: "Rey" },
  en: { 1: "Ace", 10: "Jack", 11: "Knight", 12: "King" },
};

// A suit's name: the Spanish one, as the cards show it, with the English one
// after it on the English pages (unless short).
export function suitName(letter, short = false) {
  const [spanish, english] = SUITS[letter];
  return LANG === "es" || short ? spanish : `${spanish} (${english})`;
}

export function cardName(text) {
  const rank = Number(text.slice(0, -1));
  const suit = text.slice(-1);
  const face = FACES[LANG][rank] || String(rank);
  return LANG === "es" ? `${face} de ${SUITS[suit][0]}` : `${face} of ${SUITS[suit][1]}`;
}

// A card as a small face: its number, and its suit's name in its colour.
export function cardFace(text, tag = "span") {
  const el = document.createElement(tag);
  el.className = `pocha-card pocha-suit-${text.slice(-1)}`;
  el.dataset.card = text;
  el.title = cardName(text);
  const rank = document.createElement("span");
  rank.className = "pocha-rank";
  rank.textContent = text.slice(0, -1);
  const suit = document.createElement("span");
  suit.className = "pocha-suitname";
  suit.textContent = SUITS[text.slice(-1)][0];
  el.append(rank, suit);
  return el;
}

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

export function missingRuntime(root) {
  root.replaceChildren(
    el(
      "p",
      { class: "pocha-error" },
      LANG === "es"
        ? "Esta copia del sitio se construyó sin el intérprete de Python para el navegador (docs/play_assets.py); el resto del sitio funciona igual."
        : "This copy of the site was built without the in-browser Python runtime (docs/play_assets.py); the rest of the site works as usual.",
    ),
  );
}
