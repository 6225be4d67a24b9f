#!/usr/bin/env node
// An example mjspec engine in JavaScript (Node.js 20, no dependencies): it speaks the
// engine protocol (JSON Lines over stdin and stdout, docs/contracts.rst "The engine
// protocol") and answers one real subset of the specification, the `analyse` kind of
// four-player riichi (`riichi`, 136 tiles) and three-player riichi (`riichi-sanma`,
// 108 tiles: no 2m-8m, red fives 0p 0s only). Everything else is answered `skipped`.
//
//   mjspec run --engine "exec:node docs/examples/node-engine/engine.mjs" \
//       spec/scenarios/riichi/analysis spec/scenarios/riichi-sanma/analysis
//
// analyse, 13 tiles (each declared meld counting three):
//   {complete: false, waits: "258s", tenpai: true, furiten: false}
// analyse, 14 tiles:
//   {complete: true, shapes: ["sets-and-pair", "seven-pairs"], nine_terminals: false}
// A rule error is an outcome {error: {code, message, path?, column?}}; a failure of the
// engine itself is an `error` reply.

import readline from "node:readline";

const NAME = "mjspec-node-example";
const VERSION = "1.0";
const PROTOCOL = 1;

// --- tiles ----------------------------------------------------------------------------
// Tile ids: 0-8 characters 1m-9m, 9-17 dots, 18-26 bamboo, 27-33 honours 1z-7z (East,
// South, West, North, White, Green, Red), 34-41 flowers 1f-8f, 42-44 red fives 0m 0p 0s.

const SUITS = "mps";
const HONOUR_START = 27;
const KINDS = 34; // the plain kinds that make hands
const FLOWER_START = 34;
const RED_START = 42;
const SHAPE_ORDER = ["sets-and-pair", "seven-pairs", "thirteen-orphans"];
const TERMINALS_AND_HONOURS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
const SEATS = new Set(["east", "south", "west", "north"]);

class RuleError extends Error {
  constructor(code, message, { path = [], column = null } = {}) {
    super(message);
    this.code = code;
    this.path = path;
    this.column = column;
  }

  at(...prefix) {
    return new RuleError(this.code, this.message, {
      path: [...prefix, ...this.path],
      column: this.column,
    });
  }

  payload() {
    const error = { code: this.code, message: this.message };
    if (this.path.length) error.path = this.path;
    if (this.column !== null) error.column = this.column;
    return error;
  }
}

/** The plain tile of a red five (identity for every other tile). */
const normal = (tile) => (tile >= RED_START ? (tile - RED_START) * 9 + 4 : tile);

/** The tile of a digit and a suit letter, or null. */
function tileOf(digit, suit) {
  const index = SUITS.indexOf(suit);
  if (index >= 0) return digit === 0 ? RED_START + index : index * 9 + digit - 1;
  if (suit === "z") return digit >= 1 && digit <= 7 ? HONOUR_START + digit - 1 : null;
  if (suit === "f") return digit >= 1 && digit <= 8 ? FLOWER_START + digit - 1 : null;
  return null;
}

function mpsz(tile) {
  if (tile >= RED_START) return `0${SUITS[tile - RED_START]}`;
  if (tile >= FLOWER_START) return `${tile - FLOWER_START + 1}f`;
  if (tile >= HONOUR_START) return `${tile - HONOUR_START + 1}z`;
  return `${(tile % 9) + 1}${SUITS[Math.floor(tile / 9)]}`;
}

/** Parse an MPSZ string ("123m 55z", "4m,5m", "0p") into tiles, in the order written. */
function parseTiles(text) {
  const tiles = [];
  let pending = []; // [digit, 1-based column]
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    const column = index + 1;
    if (char >= "0" && char <= "9") {
      pending.push([Number(char), column]);
    } else if (char === " " || char === "\t" || char === ",") {
      continue;
    } else if ("mpszfMPSZF".includes(char)) {
      const suit = char.toLowerCase();
      if (!pending.length) {
        throw new RuleError("invalid-tile", `suit letter '${char}' with no digits before it`, {
          column,
        });
      }
      for (const [digit, where] of pending) {
        const tile = tileOf(digit, suit);
        if (tile === null) {
          throw new RuleError("invalid-tile", `'${digit}${suit}' is not a tile`, {
            column: where,
          });
        }
        tiles.push(tile);
      }
      pending = [];
    } else {
      throw new RuleError("invalid-tile", `unexpected character ${JSON.stringify(char)}`, {
        column,
      });
    }
  }
  if (pending.length) {
    const digits = pending.map(([d]) => d).join("");
    throw new RuleError("invalid-tile", `digits '${digits}' have no suit letter`, {
      column: pending[0][1],
    });
  }
  return tiles;
}

/** Write tiles in MPSZ, grouping runs of one suit: [0, 8, 27] -> "19m1z". */
function formatTiles(tiles) {
  let out = "";
  tiles.forEach((tile, position) => {
    const text = mpsz(tile);
    out += text[0];
    const next = tiles[position + 1];
    if (next === undefined || mpsz(next)[1] !== text[1]) out += text[1];
  });
  return out;
}

function tilesAt(text, ...path) {
  if (typeof text !== "string") {
    throw new RuleError("invalid-request", "expected a tile string", { path });
  }
  try {
    return parseTiles(text);
  } catch (error) {
    throw error instanceof RuleError ? error.at(...path) : error;
  }
}

// --- the variants ---------------------------------------------------------------------

const isPlainObject = (value) =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Python's truth value (an empty list or object is false), as the reference reads flags. */
function truthy(value) {
  if (Array.isArray(value)) return value.length > 0;
  if (isPlainObject(value)) return Object.keys(value).length > 0;
  return Boolean(value);
}

function range(from, to) {
  return Array.from({ length: to - from }, (_, i) => from + i);
}

const VARIANTS = {
  riichi: {
    plain: range(0, KINDS),
    redFives: [RED_START, RED_START + 1, RED_START + 2],
  },
  "riichi-sanma": {
    plain: range(0, KINDS).filter((t) => t === 0 || t === 8 || t >= 9),
    redFives: [RED_START + 1, RED_START + 2],
  },
};
const COPIES = 4;
const HAND_SIZE = 13;

/** The tile set of a variant (red fives only with the red_fives option on). */
function tableOf(variant, given) {
  const rules = VARIANTS[variant];
  let red = true;
  if ("options" in given) {
    const options = given.options;
    if (!isPlainObject(options) || Object.keys(options).some((k) => k !== "red_fives")) {
      throw new RuleError("invalid-request", "unknown rule option", { path: ["options"] });
    }
    red = options.red_fives ?? true;
    if (typeof red !== "boolean") {
      throw new RuleError("invalid-request", "red_fives is true or false", {
        path: ["options", "red_fives"],
      });
    }
  }
  const redFives = red ? rules.redFives : [];
  return { plain: rules.plain, redFives, tiles: new Set([...rules.plain, ...redFives]) };
}

// --- requests -------------------------------------------------------------------------

const MELD_SIZES = { chow: 3, pung: 3, kong: 4 };

function parseMeld(data, path) {
  if (!isPlainObject(data)) {
    throw new RuleError("invalid-request", "a meld must be a mapping", { path });
  }
  const type = data.type;
  if (!Object.hasOwn(MELD_SIZES, type)) {
    throw new RuleError("invalid-meld", `unknown meld type ${JSON.stringify(type)}`, {
      path: [...path, "type"],
    });
  }
  const tiles = tilesAt(data.tiles, ...path, "tiles").sort((a, b) => normal(a) - normal(b));
  const plain = tiles.map(normal);
  const expected = MELD_SIZES[type];
  if (tiles.length !== expected) {
    throw new RuleError("invalid-meld", `a ${type} has ${expected} tiles, not ${tiles.length}`, {
      path: [...path, "tiles"],
    });
  }
  if (type === "chow") {
    const first = plain[0];
    const numbered = first < HONOUR_START && (first % 9) + 2 < 9;
    if (!numbered || plain[1] !== first + 1 || plain[2] !== first + 2) {
      throw new RuleError(
        "invalid-meld",
        "a chow is three consecutive tiles of one numbered suit",
        { path: [...path, "tiles"] },
      );
    }
  } else if (new Set(plain).size !== 1) {
    throw new RuleError("invalid-meld", `a ${type} is ${expected} identical tiles`, {
      path: [...path, "tiles"],
    });
  }
  for (const flag of ["concealed", "added"]) {
    if (flag in data && typeof data[flag] !== "boolean") {
      throw new RuleError("invalid-request", `'${flag}' must be bool`, { path: [...path, flag] });
    }
  }
  const concealed = data.concealed ?? false;
  const added = data.added ?? false;
  if ((concealed || added) && type !== "kong") {
    throw new RuleError("invalid-meld", "only a kong can be concealed or added", { path });
  }
  if (concealed && added) {
    throw new RuleError("invalid-meld", "a kong cannot be both concealed and added", { path });
  }
  if (data.from !== undefined && data.from !== null && !SEATS.has(data.from)) {
    throw new RuleError("invalid-request", `unknown seat ${JSON.stringify(data.from)}`, {
      path: [...path, "from"],
    });
  }
  return { type, tiles };
}

/** The hand and what its owner has seen, from an analyse request's `given`. */
function parseHand(given) {
  const meldsData = "melds" in given ? given.melds : [];
  if (!Array.isArray(meldsData)) {
    throw new RuleError("invalid-request", "melds must be a list", { path: ["melds"] });
  }
  const melds = meldsData.map((meld, i) => parseMeld(meld, ["melds", i]));
  const field = (name) => (name in given ? tilesAt(given[name], name) : []);
  return {
    concealed: field("concealed"),
    melds,
    discards: field("discards"),
    passed: field("passed"),
    passedAfterRiichi: field("passed_after_riichi"),
    riichi: truthy(given.riichi),
  };
}

/** invalid-tile for a tile outside the set, too-many-copies for a fifth copy (or a red
 * five twice, or four plain fives where one of the four is red). */
function checkTiles(hand, table) {
  const tiles = [...hand.concealed, ...hand.melds.flatMap((m) => m.tiles)];
  for (const tile of tiles) {
    if (!table.tiles.has(tile)) {
      throw new RuleError("invalid-tile", `${mpsz(tile)} is not in this tile set`, {
        path: ["concealed"],
      });
    }
  }
  const counts = countsOf(tiles);
  counts.forEach((count, tile) => {
    if (count > COPIES) {
      throw new RuleError("too-many-copies", `${count} copies of ${mpsz(tile)}`, {
        path: ["concealed"],
      });
    }
  });
  const reds = tiles.filter((t) => t >= RED_START);
  if (new Set(reds).size !== reds.length) {
    throw new RuleError("too-many-copies", "each red five exists once", { path: ["concealed"] });
  }
  for (const red of table.redFives) {
    const plain = tiles.filter((t) => t === normal(red)).length;
    if (plain >= COPIES) {
      throw new RuleError(
        "too-many-copies",
        `${plain} plain ${mpsz(normal(red))}: one of the ${COPIES} is red`,
        { path: ["concealed"] },
      );
    }
  }
}

// --- hand shapes ----------------------------------------------------------------------

/** Counts per plain kind (34 entries; a red five counts as a five). */
function countsOf(tiles) {
  const counts = new Array(KINDS).fill(0);
  for (const tile of tiles) {
    const plain = normal(tile);
    if (plain < KINDS) counts[plain] += 1;
  }
  return counts;
}

/** Can the counts (modified and restored in place) be read entirely as chows and pungs? */
function allSets(counts, start = 0) {
  let index = start;
  while (index < KINDS && counts[index] === 0) index++;
  if (index === KINDS) return true;
  if (counts[index] >= 3) {
    counts[index] -= 3;
    const ok = allSets(counts, index);
    counts[index] += 3;
    if (ok) return true;
  }
  if (index < HONOUR_START && index % 9 <= 6 && counts[index + 1] && counts[index + 2]) {
    counts[index]--;
    counts[index + 1]--;
    counts[index + 2]--;
    const ok = allSets(counts, index);
    counts[index]++;
    counts[index + 1]++;
    counts[index + 2]++;
    if (ok) return true;
  }
  return false;
}

function isSetsAndPair(counts, sets) {
  const total = counts.reduce((a, b) => a + b, 0);
  if (sets < 0 || total !== 3 * sets + 2) return false;
  for (let pair = 0; pair < KINDS; pair++) {
    if (counts[pair] >= 2) {
      counts[pair] -= 2;
      const ok = allSets(counts);
      counts[pair] += 2;
      if (ok) return true;
    }
  }
  return false;
}

/** Seven distinct pairs: four of a kind is not two pairs. */
function isSevenPairs(counts) {
  const kinds = counts.filter((c) => c > 0);
  return kinds.length === 7 && kinds.every((c) => c === 2);
}

/** One of each terminal and honour plus a second of one of them, nothing else. */
function isThirteenOrphans(counts) {
  const total = counts.reduce((a, b) => a + b, 0);
  const orphans = TERMINALS_AND_HONOURS.reduce((sum, t) => sum + counts[t], 0);
  return total === 14 && orphans === 14 && TERMINALS_AND_HONOURS.every((t) => counts[t] > 0);
}

/** The shapes a complete hand reads as (none when the tiles do not win). */
function shapesOf(concealed, melds) {
  const counts = countsOf(concealed);
  const shapes = [];
  if (isSetsAndPair(counts, 4 - melds.length)) shapes.push("sets-and-pair");
  if (!melds.length) {
    if (isSevenPairs(counts)) shapes.push("seven-pairs");
    if (isThirteenOrphans(counts)) shapes.push("thirteen-orphans");
  }
  return shapes.sort((a, b) => SHAPE_ORDER.indexOf(a) - SHAPE_ORDER.indexOf(b));
}

// --- analyse --------------------------------------------------------------------------

function analyse(variant, given) {
  const table = tableOf(variant, given);
  const hand = parseHand(given);
  checkTiles(hand, table);
  const count = hand.concealed.length + 3 * hand.melds.length;
  if (count === HAND_SIZE) {
    // A wait is a plain tile kind of the set that completes a shape, yaku aside.
    const waits = table.plain.filter(
      (tile) => shapesOf([...hand.concealed, tile], hand.melds).length > 0,
    );
    const waiting = new Set(waits);
    const seen = (tiles) => tiles.some((t) => waiting.has(normal(t)));
    const furiten =
      seen(hand.discards) ||
      seen(hand.passed) ||
      (hand.riichi && seen(hand.passedAfterRiichi));
    return {
      complete: false,
      waits: formatTiles(waits),
      tenpai: waits.length > 0,
      furiten,
    };
  }
  if (count === HAND_SIZE + 1) {
    const shapes = shapesOf(hand.concealed, hand.melds);
    const kinds = new Set(
      hand.concealed.map(normal).filter((t) => TERMINALS_AND_HONOURS.includes(t)),
    );
    return {
      complete: shapes.length > 0,
      shapes,
      nine_terminals: hand.melds.length === 0 && kinds.size >= 9,
    };
  }
  throw new RuleError(
    "tile-count",
    `${count} tiles; analyse takes ${HAND_SIZE} or ${HAND_SIZE + 1}`,
    { path: ["concealed"] },
  );
}

const ANSWERS = { riichi: { analyse }, "riichi-sanma": { analyse } };

// --- the protocol ---------------------------------------------------------------------

/** The reply to one `evaluate` message. */
function evaluate(message) {
  const { seq, variant, kind, given } = message;
  const handler = Object.hasOwn(ANSWERS, variant) && Object.hasOwn(ANSWERS[variant], kind)
    ? ANSWERS[variant][kind]
    : null;
  if (handler === null) {
    const reason = `${NAME} answers only analyse for riichi and riichi-sanma, not ${variant}/${kind}`;
    return { type: "skipped", seq, reason };
  }
  try {
    if (!isPlainObject(given)) {
      throw new RuleError("invalid-request", "'given' must be a mapping");
    }
    return { type: "result", seq, outcome: handler(variant, given) };
  } catch (error) {
    if (error instanceof RuleError) {
      return { type: "result", seq, outcome: { error: error.payload() } };
    }
    // The engine's own failure (a bug), not a rule error.
    return {
      type: "error",
      seq,
      message: String(error && error.message ? error.message : error),
      context: { stack: String(error && error.stack ? error.stack : "") },
    };
  }
}

function reply(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

function answer(line) {
  let message;
  try {
    message = JSON.parse(line);
  } catch (error) {
    reply({ type: "error", seq: 0, message: `not a JSON line: ${error.message}` });
    return true;
  }
  if (!isPlainObject(message)) {
    reply({ type: "error", seq: 0, message: "a message is a JSON object" });
    return true;
  }
  const seq = Number.isInteger(message.seq) ? message.seq : 0;
  switch (message.type) {
    case "start":
      if (message.protocol !== PROTOCOL) {
        process.stderr.write(`${NAME}: the runner speaks protocol ${message.protocol}\n`);
      }
      reply({
        type: "ready",
        protocol: PROTOCOL,
        name: NAME,
        version: VERSION,
        variants: { riichi: ["analyse"], "riichi-sanma": ["analyse"] },
        options: { riichi: ["red_fives"], "riichi-sanma": ["red_fives"] },
      });
      return true;
    case "evaluate":
      reply(evaluate(message));
      return true;
    case "stop":
      return false;
    default:
      reply({ type: "error", seq, message: `unexpected message ${JSON.stringify(message.type)}` });
      return true;
  }
}

// Lines already read past `stop` are still emitted after close(): `stopped` drops them.
let stopped = false;
const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
input.on("line", (line) => {
  if (stopped || !line.trim()) return;
  if (!answer(line)) {
    stopped = true;
    input.close();
    process.stdin.destroy();
    process.exitCode = 0;
  }
});
input.on("close", () => {
  process.exitCode = 0;
});
