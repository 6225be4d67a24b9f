#!/usr/bin/env node
// A minimal harness in JavaScript (Node.js 20, no dependencies) that runs the JSON export of
// the corpus (`mjspec export --format json DIR`) through an engine speaking the engine
// protocol (JSON Lines over stdin and stdout), without Python:
//
//   node harness.mjs DIR [--variant V] -- node engine.mjs
//
// It compares the fields of `score` and `analyse` cases as the export's index describes
// (index.json "comparison"); a case of another kind, or of a variant and kind the engine's
// `ready` does not list, is skipped. It prints `pass N fail N skip N` and exits 1 on a failure.

import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import readline from "node:readline";

const COMPARED_KINDS = new Set(["score", "analyse"]);
const SAFE_FILE = /^cases\/[a-z0-9-]+\/[a-z0-9-]+\/[a-z0-9-]+\.json$/;

function usage(message) {
  process.stderr.write(`${message}\nusage: node harness.mjs DIR [--variant V] -- ENGINE...\n`);
  process.exit(2);
}

function parseArguments(argv) {
  const split = argv.indexOf("--");
  if (split < 0 || split === argv.length - 1) usage("no engine command after --");
  const own = argv.slice(0, split);
  const options = { folder: null, variant: null, engine: argv.slice(split + 1) };
  for (let i = 0; i < own.length; i += 1) {
    if (own[i] === "--variant") options.variant = own[++i] ?? usage("--variant needs a value");
    else if (options.folder === null) options.folder = own[i];
    else usage(`unexpected argument ${own[i]}`);
  }
  if (options.folder === null) usage("no export folder");
  return options;
}

const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

// --- comparison (index.json "comparison") --------------------------------------------------

/** The tiles of an MPSZ string ("258s", "1m 9m"), sorted: a multiset; null if not tiles. */
function tileMultiset(text) {
  if (typeof text !== "string") return null;
  const tiles = [];
  for (const group of text.split(/[\s,]+/).filter(Boolean)) {
    const match = /^([0-9]+)([mpszf])$/.exec(group);
    if (match === null) return null;
    for (const digit of match[1]) tiles.push(digit + match[2]);
  }
  return tiles.sort();
}

function exactly(expected, actual) {
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && expected.length === actual.length &&
      expected.every((item, i) => exactly(item, actual[i]));
  }
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual)) return false;
    const keys = Object.keys(expected);
    return keys.length === Object.keys(actual).length &&
      keys.every((key) => Object.hasOwn(actual, key) && exactly(expected[key], actual[key]));
  }
  return expected === actual; // strict: true is not 1
}

const words = (item) => String(item).split(/\s+/).filter(Boolean).sort().join(" ");

function sameSet(expected, actual) {
  if (!Array.isArray(actual)) return false;
  const want = new Set(expected.map(words));
  const got = new Set(actual.map(words));
  return want.size === got.size && [...want].every((item) => got.has(item));
}

function sameField(key, expected, actual) {
  if (key === "waits") {
    const want = tileMultiset(expected);
    const got = tileMultiset(actual);
    if (want === null || got === null) return words(expected) === words(actual);
    return exactly(want, got);
  }
  if (key === "shapes" || key === "decompositions") return sameSet(expected, actual);
  return exactly(expected, actual); // patterns and payments: maps, exact both ways
}

/** The fields that differ (an empty list: the case passes). */
function differences(expect, outcome) {
  if ("error" in expect || "error" in outcome) {
    const want = expect.error?.code;
    const got = outcome.error?.code;
    return want !== undefined && want === got ? [] : [`error.code: expected ${want}, got ${got}`];
  }
  return Object.entries(expect)
    .filter(([key, expected]) => !sameField(key, expected, outcome[key]))
    .map(([key, expected]) =>
      `${key}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(outcome[key])}`);
}

// --- the engine over JSON Lines ------------------------------------------------------------

function startEngine(command) {
  const child = spawn(command[0], command.slice(1), { stdio: ["pipe", "pipe", "inherit"] });
  const lines = readline.createInterface({ input: child.stdout, crlfDelay: Infinity });
  const waiting = [];
  const queued = [];
  lines.on("line", (line) => {
    if (!line.trim()) return;
    const message = JSON.parse(line);
    if (waiting.length) waiting.shift()(message);
    else queued.push(message);
  });
  const next = () =>
    queued.length ? Promise.resolve(queued.shift()) : new Promise((r) => waiting.push(r));
  const ask = (message) => {
    child.stdin.write(JSON.stringify(message) + "\n");
    return next();
  };
  const stop = () => {
    child.stdin.write(JSON.stringify({ type: "stop" }) + "\n");
    child.stdin.end();
  };
  return { ask, stop };
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  const index = readJson(path.join(options.folder, "index.json"));
  const engine = startEngine(options.engine);
  const ready = await engine.ask({ type: "start", protocol: index.protocol_version });
  const answers = (variant, kind) => (ready.variants?.[variant] ?? []).includes(kind);
  const counts = { pass: 0, fail: 0, skip: 0 };
  let seq = 0;
  for (const entry of index.cases) {
    if (options.variant !== null && entry.variant !== options.variant) continue;
    if (!COMPARED_KINDS.has(entry.kind) || !answers(entry.variant, entry.kind)) {
      counts.skip += 1;
      continue;
    }
    // The export names its files with letters, digits and hyphens only: any other name
    // (an index edited by hand, "../x") is refused, never read.
    if (!SAFE_FILE.test(String(entry.file))) {
      usage(`unsafe case file ${JSON.stringify(entry.file)}`);
    }
    const item = readJson(path.join(options.folder, entry.file));
    seq += 1;
    const { variant, kind, given } = item;
    const reply = await engine.ask({ type: "evaluate", seq, variant, kind, given });
    if (reply.type === "skipped") {
      counts.skip += 1;
      continue;
    }
    const found = reply.type === "result" ? differences(item.expect, reply.outcome) : [
      `the engine failed: ${reply.message}`,
    ];
    if (found.length) {
      counts.fail += 1;
      process.stdout.write(`FAIL ${item.id}\n  ${found.join("\n  ")}\n`);
    } else {
      counts.pass += 1;
    }
  }
  engine.stop();
  process.stdout.write(`pass ${counts.pass} fail ${counts.fail} skip ${counts.skip}\n`);
  process.exitCode = counts.fail ? 1 : 0;
}

await main();
