// mjspec's hand calculator: the form's options are those of `mjspec score`; the reference
// engine runs in this page under Pyodide, loaded from this site only (never a CDN).
// window.mjspecCalculator = { ready: Promise, score(argv) } is what the browser tests drive.

const here = new URL("./", import.meta.url); // the calculator's folder in _static/
const statics = new URL("../", here);
const box = document.querySelector(".mj-calc");

function setStatus(text, state) {
  box.dataset.state = state;
  box.querySelector(".mj-calc-status").textContent = text;
}

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`${url.pathname ?? url} answered ${response.status} ${response.statusText}`);
  }
  return response;
}

async function start() {
  setStatus("Starting the Python runtime (about 13 MB the first time)…", "loading");
  const runtime = new URL("pyodide/", statics);
  const { loadPyodide } = await import(new URL("pyodide.mjs", runtime).href);
  const pyodide = await loadPyodide({ indexURL: runtime.href, packages: [] });
  const manifest = await (await fetchOk(new URL("wheels/manifest.json", statics))).json();
  for (const name of manifest.wheels) {
    setStatus(`Installing ${name}…`, "loading");
    const wheel = await (await fetchOk(new URL(`wheels/${name}`, statics))).arrayBuffer();
    pyodide.unpackArchive(new Uint8Array(wheel), "wheel");
  }
  setStatus("Loading the reference engine…", "loading");
  const source = await (await fetchOk(new URL("mjspec_calculator.py", here))).text();
  pyodide.runPython(source);
  const run = pyodide.globals.get("run");
  // the first score imports the engine's modules and reads the profiles: do it now
  run(JSON.stringify(["--hand", "1m"]));
  return (argv) => JSON.parse(run(JSON.stringify(argv)));
}

// --- the form: options of `mjspec score` -------------------------------------------------

const form = box.querySelector(".mj-calc-form");
const families = JSON.parse(box.querySelector(".mj-calc-families").textContent);
const variantField = form.querySelector('[data-option="--variant"]');
let tileTarget = form.querySelector('[data-option="--hand"]');

function activeFields() {
  const family = families[variantField.value.trim()] ?? "";
  const fields = [];
  for (const group of form.querySelectorAll(".mj-calc-group")) {
    const shown = !group.dataset.family || group.dataset.family === family;
    group.hidden = !shown;
    if (shown) fields.push(...group.querySelectorAll("[data-option]"));
  }
  return fields;
}

function argvOfForm() {
  const argv = [];
  for (const field of activeFields()) {
    const option = field.dataset.option;
    if (field.type === "checkbox") {
      if (field.checked) argv.push(option);
    } else if (field.dataset.repeat) {
      for (const value of field.value.split(/\s+/).filter(Boolean)) argv.push(option, value);
    } else if (
      option === "--variant" ||
      option === "--hand" ||
      (field.value.trim() !== "" && field.value.trim() !== (field.dataset.default ?? ""))
    ) {
      argv.push(option, field.value.trim());
    }
  }
  return argv;
}

function fillForm(argv) {
  form.reset();
  const values = new Map();
  for (let i = 0; i < argv.length; i++) {
    const field = form.querySelector(`[data-option="${argv[i]}"]`);
    if (!field) throw new Error(`the calculator has no option ${argv[i]}`);
    if (field.type === "checkbox") {
      field.checked = true;
      continue;
    }
    const value = argv[++i];
    values.set(field, field.dataset.repeat && values.has(field) ? `${values.get(field)} ${value}` : value);
  }
  for (const [field, value] of values) field.value = value;
  activeFields();
  for (const field of form.querySelectorAll("[data-tiles]")) preview(field);
}

// --- tiles: a palette to click and a drawing of each tile field ---------------------------

function tileIds(text) {
  const ids = [];
  for (const [, digits, suit] of text.matchAll(/([0-9]+)([mpszf])/g)) {
    for (const digit of digits) ids.push(digit + suit);
  }
  return ids;
}

function preview(field) {
  const drawing = field.parentElement.querySelector(".mj-calc-preview");
  if (!drawing) return;
  drawing.replaceChildren();
  for (const id of tileIds(field.value)) {
    if (!document.getElementById(`mj-t-${id}`)) continue; // not a tile: the engine will say
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "mj-tile");
    const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
    use.setAttribute("href", `#mj-t-${id}`);
    svg.append(use);
    drawing.append(svg);
  }
}

for (const field of form.querySelectorAll("[data-tiles]")) {
  field.addEventListener("focus", () => (tileTarget = field));
  field.addEventListener("input", () => preview(field));
}
box.querySelector(".mj-calc-palette").addEventListener("click", (event) => {
  const button = event.target.closest("button");
  if (!button) return;
  if (button.dataset.tile) {
    tileTarget.value += button.dataset.tile;
  } else {
    tileTarget.value = tileTarget.value.trimEnd().replace(/[0-9][mpszf]$/, "");
  }
  preview(tileTarget);
});
variantField.addEventListener("change", activeFields);
activeFields();

// --- results ------------------------------------------------------------------------------

function quoted(word) {
  return /^[\w.:@%+=,/-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function show(argv, answer) {
  box.querySelector(".mj-calc-command code").textContent =
    "mjspec score " + argv.map(quoted).join(" ");
  const result = box.querySelector(".mj-calc-result");
  result.replaceChildren();
  const { text, json } = answer;
  result.dataset.code = String(text.code);
  if (text.code !== 0) {
    const what = text.code === 1 ? "Not a winning hand" : "The options do not describe a hand";
    result.append(element("p", what, "mj-calc-refusal"), element("pre", text.stderr.trim()));
    return;
  }
  result.append(element("pre", text.stdout.trimEnd(), "mj-calc-breakdown"));
  const outcome = JSON.parse(json.stdout);
  const table = element("table", undefined, "mj-calc-payments");
  table.append(element("caption", "Payments"));
  for (const [seat, amount] of Object.entries(outcome.payments)) {
    const row = table.insertRow();
    row.dataset.seat = seat;
    row.append(element("th", seat), element("td", amount > 0 ? `+${amount}` : String(amount)));
  }
  result.append(table);
}

const ready = start().then(
  (score) => {
    setStatus("Ready: the reference engine runs in this page.", "ready");
    form.querySelector(".mj-calc-run").disabled = false;
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const argv = argvOfForm();
      show(argv, score(argv));
    });
    for (const button of box.querySelectorAll(".mj-calc-example")) {
      button.addEventListener("click", () => {
        const argv = JSON.parse(button.dataset.argv);
        fillForm(argv);
        show(argv, score(argv));
      });
    }
    return score;
  },
  (error) => {
    setStatus(`The calculator cannot start: ${error.message ?? error}`, "failed");
    throw error;
  },
);
window.mjspecCalculator = { ready, score: async (argv) => (await ready)(argv), fillForm };
