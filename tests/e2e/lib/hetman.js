// Helpers for the end-to-end tests: find the hetman binary, start `hetman serve --port 0`,
// and launch headless Chromium.
"use strict";
const { spawn, execFileSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..", "..", "..");

// HETMAN_BIN, or the newest of the usual build outputs.
function binary() {
  if (process.env.HETMAN_BIN) return process.env.HETMAN_BIN;
  const dirs = [process.env.CARGO_TARGET_DIR, path.join(ROOT, "target")].filter(Boolean);
  const found = [];
  for (const dir of dirs) {
    for (const profile of ["suite", "release", "debug"]) {
      const p = path.join(dir, profile, "hetman");
      if (fs.existsSync(p)) found.push({ p, t: fs.statSync(p).mtimeMs });
    }
  }
  if (!found.length) {
    throw new Error("no hetman binary: build it (cargo build --profile suite -p hetman-cli) or set HETMAN_BIN");
  }
  found.sort((a, b) => b.t - a.t);
  return found[0].p;
}

function run(args, options) {
  return execFileSync(binary(), args, { encoding: "utf8", maxBuffer: 1 << 28, ...options });
}

// Starts `hetman serve --port 0` and resolves with its URL once it prints it on stderr.
function serve(extra) {
  return new Promise((resolve, reject) => {
    const child = spawn(binary(), ["serve", "--port", "0", ...(extra || [])], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let err = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error("hetman serve printed no address within 10 s:\n" + err));
    }, 10000);
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk) => {
      err += chunk;
      const m = /serving on (http:\/\/[^\s]+)/.exec(err);
      if (m && timer) {
        clearTimeout(timer);
        resolve({
          url: m[1],
          child,
          stderr: () => err,
          // Ctrl-C, then wait for the exit.
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done(child.exitCode);
              child.once("exit", (code) => done(code));
              child.kill("SIGINT");
            }),
        });
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error("hetman serve exited with " + code + ":\n" + err));
    });
  });
}

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

// Headless Chromium (Debian's /usr/bin/chromium unless CHROMIUM says otherwise) with a new profile.
async function browser(viewport) {
  const { chromium } = require("playwright-core");
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "hetman-e2e-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: viewport || { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  const close = async () => {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  return { context, close };
}

// The usual setting of a test file: `hetman serve` and Chromium started before its tests and
// stopped after them (`checkStop`: the server must stop cleanly on Ctrl-C and say so).
// Returns an object whose `server` and `chrome` are set once the tests run.
function session(options) {
  const { before, after } = require("node:test");
  const assert = require("node:assert/strict");
  const ctx = { server: null, chrome: null };
  before(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    ctx.server = await serve();
    ctx.chrome = await browser();
  });
  after(async () => {
    if (ctx.chrome) await ctx.chrome.close();
    if (ctx.server) {
      const code = await ctx.server.stop();
      if (options && options.checkStop) {
        assert.equal(code, 0, "hetman serve stops cleanly on Ctrl-C:\n" + ctx.server.stderr());
        assert.match(ctx.server.stderr(), /hetman: stopped/);
      }
    }
  });
  return ctx;
}

// Where the tests put their screenshots (README and docs/ show them).
const SHOTS = path.join(ROOT, "docs", "screenshots");

module.exports = { ROOT, SHOTS, binary, run, serve, browser, session };
