// mjspec's hand calculator: the form's options are those of `mjspec score`, each labelled with
// the title of the request field it fills; the reference engine runs in this page under
// Pyodide, loaded from this site only (never a CDN). A calculation lives in the address's
// fragment (#variant=riichi&hand=...&riichi=), written by calculator.py's calculator_fragment
// for the fixtures' "open in the calculator" links and by this page after each score.
// window.mjspecCalculator = { ready: Promise, score(argv), fillForm } is what the browser
// tests drive.

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
const fields = [...form.querySelectorAll("[data-option]")];
const fieldOf = (option) => fields.find((field) => field.dataset.option === option);
const variantField = fieldOf("--variant");
const handField = fieldOf("--hand");
let tileTarget = handField;

function activeFields() {
  const family = families[variantField.value.trim()] ?? "";
  const active = [];
  for (const group of form.querySelectorAll(".mj-calc-group")) {
    const shown = !group.dataset.family || group.dataset.family === family;
    group.hidden = !shown;
    if (shown) active.push(...group.querySelectorAll("[data-option]"));
  }
  return active;
}

function argvOfForm() {
  const argv = [];
  for (const field of activeFields()) {
    const option = field.dataset.option;
    if (field.type === "checkbox") {
      // a switch that turns a reading off is shown as the reading, ticked by default
      if (field.checked !== Boolean(field.dataset.negated)) argv.push(option);
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
  const given = new Set();
  for (let i = 0; i < argv.length; i++) {
    const [option, inline] = argv[i].split(/=(.*)/s);
    const field = fieldOf(option);
    if (!field) throw new Error(`the calculator has no option ${option}`);
    given.add(field);
    if (field.type === "checkbox") {
      field.checked = !field.dataset.negated;
      continue;
    }
    const value = inline ?? argv[++i];
    values.set(field, field.dataset.repeat && values.has(field) ? `${values.get(field)} ${value}` : value);
  }
  for (const [field, value] of values) field.value = value;
  for (const rules of form.querySelectorAll(".mj-calc-rules")) {
    rules.open = [...rules.querySelectorAll("[data-option]")].some((field) => given.has(field));
  }
  activeFields();
  for (const field of form.querySelectorAll("[data-tiles]")) preview(field);
}

// --- the address: a calculation as #name=value&... (one pair per option, switches empty) --

function fragmentOf(argv) {
  const pairs = new URLSearchParams();
  for (let i = 0; i < argv.length; i++) {
    const field = fieldOf(argv[i]);
    pairs.append(argv[i].replace(/^--/, ""), field?.type === "checkbox" ? "" : argv[++i]);
  }
  return pairs.toString();
}

function argvOfFragment(fragment) {
  const argv = [];
  const unknown = [];
  for (const [name, value] of new URLSearchParams(fragment)) {
    const field = fieldOf(`--${name}`);
    if (!field) unknown.push(name);
    else if (field.type === "checkbox") argv.push(field.dataset.option);
    else argv.push(field.dataset.option, value);
  }
  return { argv, unknown };
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

const answerBox = box.querySelector(".mj-calc-answer");
const share = answerBox.querySelector(".mj-calc-share");
const permalink = share.querySelector(".mj-calc-permalink");

function quoted(word) {
  return /^[\w.:@%+=,/-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

// The command's refusal (its last line on stderr) in the form's words: without the error
// code or argparse's prefix, each option named by its field's label; the fields it names.
function refusal(stderr) {
  const line = stderr.trim().split("\n").pop()
    .replace(/^mjspec score: error: (argument )?/, "")
    .replace(/^[a-z]+(-[a-z]+)*: /, "");
  const named = new Set();
  const text = line.replace(/--[a-z][a-z0-9-]*/g, (option) => {
    const field = fieldOf(option);
    if (!field) return option;
    named.add(field);
    return field.dataset.label;
  });
  return { text, named };
}

function show(argv, answer) {
  box.querySelector(".mj-calc-command code").textContent =
    "mjspec score " + argv.map(quoted).join(" ");
  const result = box.querySelector(".mj-calc-result");
  result.replaceChildren();
  for (const field of fields) field.removeAttribute("aria-invalid");
  const { text, json } = answer;
  result.dataset.code = String(text.code);
  const fragment = fragmentOf(argv);
  history.replaceState(null, "", `#${fragment}`);
  permalink.href = `#${fragment}`;
  share.hidden = false;
  share.querySelector(".mj-calc-copied").textContent = "";
  if (text.code !== 0) {
    const outcome = json.stdout ? JSON.parse(json.stdout) : {};
    const code = outcome.error?.code;
    const { text: why, named } = refusal(text.stderr);
    for (const field of named) field.setAttribute("aria-invalid", "true");
    const noWin = code === "not-winning" || code === "no-yaku";
    result.append(element("p", noWin ? `Not a winning hand: ${why}` : why, "mj-calc-refusal"));
    if (code) result.append(element("p", code, "mj-calc-code"));
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

share.querySelector(".mj-calc-copy").addEventListener("click", async () => {
  const said = share.querySelector(".mj-calc-copied");
  try {
    await navigator.clipboard.writeText(permalink.href);
    said.textContent = "Copied.";
  } catch {
    said.textContent = "Your browser did not let the page copy: copy the link beside it.";
  }
});

// a calculation in the address fills the form now, and is scored once the engine is ready
function fromAddress() {
  const { argv, unknown } = argvOfFragment(location.hash.slice(1));
  if (unknown.length) {
    const names = unknown.join(", ");
    form.before(element("p", `The link names options this calculator lacks: ${names}.`, "mj-calc-refusal"));
  }
  if (!argv.length) return null;
  fillForm(argv);
  return argv;
}
const linked = fromAddress();

const ready = start().then(
  (score) => {
    setStatus("Ready: the reference engine runs in this page.", "ready");
    form.querySelector(".mj-calc-run").disabled = false;
    const scoreForm = () => {
      const argv = argvOfForm();
      show(argv, score(argv));
    };
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      scoreForm();
    });
    // a changed field scores the hand again, once one was scored
    form.addEventListener("change", () => {
      if (!share.hidden && handField.value.trim()) scoreForm();
    });
    for (const button of box.querySelectorAll(".mj-calc-example")) {
      button.addEventListener("click", () => {
        const argv = JSON.parse(button.dataset.argv);
        fillForm(argv);
        show(argv, score(argv));
      });
    }
    window.addEventListener("hashchange", () => {
      if (location.hash.slice(1) !== fragmentOf(argvOfForm()) && fromAddress()) scoreForm();
    });
    if (linked) scoreForm();
    return score;
  },
  (error) => {
    setStatus(`The calculator cannot start: ${error.message ?? error}`, "failed");
    throw error;
  },
);
window.mjspecCalculator = { ready, score: async (argv) => (await ready)(argv), fillForm };
