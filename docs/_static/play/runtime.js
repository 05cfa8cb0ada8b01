// Loads the library into the page: Pyodide (served from this site's
// _static/pyodide/), the wheels listed in _static/play/wheels.json (the pure
// wheel of pocha-rules and attrs'), and the page's own Python modules,
// pocha_web.py and poch_web.py. docs/play_assets.py puts the runtime and the
// wheels there, and, when it could make one, a snapshot of Python's memory
// with all of that already imported (docs/play_snapshot.mjs): starting from
// it takes about a second instead of several. Without it, or should it not
// load, Python starts the long way.

const STATIC = new URL("../", import.meta.url);

export const LANG = (document.documentElement.lang || "en").startsWith("es") ? "es" : "en";

// How long each step of loading took, in milliseconds since the page opened
// (docs/check_play.py reports them).
export const timings = {};
const mark = (name) => { timings[name] = Math.round(performance.now()); };

const MODULES = ["pocha_web", "poch_web"];

async function gunzip(response) {
  if (!response.ok) throw new Error(`${response.status} ${response.url}`);
  return new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
}

// The page's Python modules, by name (pocha_web, poch_web).
export async function loadPocha() {
  // The list of files and the runtime download side by side.
  const listed = fetch(new URL("play/wheels.json", STATIC)).then((r) => (r.ok ? r.json() : null));
  let pyodideModule;
  let manifest;
  try {
    pyodideModule = await import(new URL("pyodide/pyodide.mjs", STATIC).href);
    manifest = await listed;
  } catch (error) {
    manifest = null;
  }
  if (!manifest) throw new Error("missing-runtime");
  const fetchBytes = async (path) => (await fetch(new URL(path, STATIC))).arrayBuffer();
  // The wheels and the modules' sources: needed at once without a snapshot,
  // and put in place after the first move with one (for any module that a
  // rare path imports late).
  const files = () => ({
    wheels: Promise.all(manifest.wheels.map((name) => fetchBytes("play/wheels/" + name))),
    sources: Promise.all(MODULES.map((name) => fetch(new URL(`play/${name}.py`, STATIC)).then((r) => r.text()))),
  });
  const options = { indexURL: new URL("pyodide/", STATIC).href };
  let pyodide = null;
  if (manifest.snapshot) {
    try {
      const snapshot = fetch(new URL("play/" + manifest.snapshot, STATIC)).then(gunzip);
      pyodide = await pyodideModule.loadPyodide({ ...options, _loadSnapshot: snapshot });
      mark("python");
      // Every visitor's games must differ: the snapshot holds one random state.
      pyodide.runPython("import random; random.seed()");
      timings.snapshot = true;
    } catch (error) {
      console.warn(`Python's snapshot did not load (${error}); starting Python the long way.`);
      pyodide = null;
    }
  }
  const install = async (pending) => {
    for (const wheel of await pending.wheels) pyodide.unpackArchive(wheel, "wheel");
    const sources = await pending.sources;
    MODULES.forEach((name, i) => pyodide.FS.writeFile(`/home/pyodide/${name}.py`, sources[i]));
  };
  if (pyodide === null) {
    const pending = files();
    pyodide = await pyodideModule.loadPyodide(options);
    mark("python");
    await install(pending);
  } else {
    setTimeout(() => install(files()), 3000);
  }
  mark("wheels");
  const modules = Object.fromEntries(MODULES.map((name) => [name, pyodide.pyimport(name)]));
  mark("library");
  return modules;
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
