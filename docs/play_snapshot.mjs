// Makes the memory snapshot that lets the Play page and the explorer start
// Python in about a second instead of several: Pyodide (from node_modules,
// the version package-lock.json pins) starts under Node.js, the wheels are
// unpacked, the pages' modules imported and warmed up with a few moves of
// each game, and Python's memory is written out, gzipped. The page loads it
// with the same Pyodide (docs/_static/play/runtime.js); docs/play_assets.py
// runs this script.
//
//   node docs/play_snapshot.mjs OUT.gz PLAY_DIR WHEEL...
//
// PLAY_DIR holds the pages' Python modules (pocha_web.py, poch_web.py).

import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [out, playDir, ...wheels] = process.argv.slice(2);
const pyodide = await loadPyodide({ _makeSnapshot: true });
for (const wheel of wheels) pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
for (const name of ["pocha_web.py", "poch_web.py"]) {
  pyodide.FS.writeFile(`/home/pyodide/${name}`, readFileSync(`${playDir}/${name}`));
}
// Import what the pages use, and play a little of each game so that every
// module a move needs is imported; then forget the games.
pyodide.runPython(`
import json, random
import pocha_web, poch_web

for web, args in ((pocha_web, ("short", 4, 1)), (poch_web, (4, 1))):
    view = json.loads(web.start(*args))
    for _ in range(60):
        if view["over"]:
            break
        if view["to_move"] == 0:
            view = json.loads(web.play([m["legal"] for m in view["moves"]].index(True)))
        else:
            view = json.loads(web.step())
    web._table = None
pocha_web.faces("en"), pocha_web.faces("es")
pocha_web.explore(json.dumps({"trump": "o", "hand": ["1o", "3c"], "table": ["5c"]}))
`);
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(out, gzipSync(snapshot, { level: 6 }));
console.log(`play_snapshot: ${out}: ${(snapshot.length / 1e6).toFixed(1)} MB of memory`);
