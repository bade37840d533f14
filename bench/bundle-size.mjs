// Prints the gzipped size (gzip level 9, each file compressed on its own as a server would) of the
// JavaScript a browser loads first for /login and for the account dashboard: the entry chunk and
// its static imports, plus every lazy chunk the page fetches to show itself (route module, its ru
// translations, and for the dashboard react-router's data router (web/full-app.tsx; a signed-out
// visitor of /login gets the page without it, web/guest-app.tsx), the shell layout, the account
// scope, the session gate and query, the live socket, the floating test chat with its texts), each
// with everything it imports statically, following the import graph of the Vite manifest
// (dist/client/.vite/manifest.json). The lists below match what Chromium requests (checked with a
// request log): keep them in step when a page starts loading more at its first render. Fonts and
// CSS are not JavaScript: the CSS is printed apart, fonts are files the CSS references.
//
//   node bench/bundle-size.mjs           reuse dist/client when present, else build
//   node bench/bundle-size.mjs --build   build first (under /tmp/build.lock)
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = process.env.BUNDLE_DIST ?? join(root, "dist", "client");
const manifestPath = join(dist, ".vite", "manifest.json");
const TARGET_LOGIN_KB = 150;

if (process.argv.includes("--build") || !existsSync(manifestPath)) {
  console.log("› building the web app…");
  execFileSync("flock", ["/tmp/build.lock", process.execPath, join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
}

const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error("no entry chunk in the manifest");

/** Every chunk a set of start chunks pulls in through static imports. */
function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

const gz = new Map();
function gzipSize(file) {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gz.get(file);
}

const missing = [];
/** Manifest keys of modules (by source path) or of shared chunks (by the chunk's name). */
function pick(names) {
  const keys = [];
  for (const name of names) {
    const found = name.startsWith("chunk:")
      ? Object.keys(manifest).filter((k) => k.startsWith(`_${name.slice(6)}-`))
      : Object.keys(manifest).filter((k) => k === name);
    if (found.length === 0) missing.push(name);
    keys.push(...found);
  }
  return keys;
}

// The lazy pieces each page fetches for its first render (see web/main.tsx, web/router.tsx,
// web/lib/i18n.ts, web/components/guards.tsx, web/lib/query-host.tsx, web/lib/account-route.ts).
const pages = [
  // A signed-out visitor: the light boot of the sign-in pages, no router, no session, no React Query.
  { name: "/login", lazy: pick(["routes/auth/login.tsx", "locales/ru/auth.json"]), target: TARGET_LOGIN_KB },
  {
    name: "/:accountId/dashboard (signed-in start)",
    lazy: pick([
      "full-app.tsx",
      "routes/account/dashboard.tsx",
      "locales/ru/dashboard.json",
      "components/layouts/default-layout.tsx",
      "components/account-scope.tsx",
      "components/session-gate.tsx",
      "chunk:query",
      "chunk:socket",
      "features/test-chat/components/test-chat-launcher.tsx",
      "locales/ru/testChat.json",
      "locales/ru/assistants.json",
      "locales/ru/accounts.json",
    ]),
  },
];

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
let failed = false;
const entryFiles = closure([entryKey]);
const entryBytes = [...entryFiles].reduce((s, k) => s + gzipSize(manifest[k].file), 0);
console.log(`\ngzip level 9, per file\nentry (${manifest[entryKey].file} + ${entryFiles.size - 1} static imports): ${kb(entryBytes)} KB gzipped`);

for (const page of pages) {
  const chunks = closure([entryKey, ...page.lazy]);
  const js = [...chunks].map((k) => manifest[k].file).filter((f) => f.endsWith(".js"));
  const total = js.reduce((s, f) => s + gzipSize(f), 0);
  const css = new Set([...chunks].flatMap((k) => manifest[k].css ?? []));
  const cssBytes = [...css].reduce((s, f) => s + gzipSize(f), 0);
  const verdict = page.target ? (total / 1024 <= page.target ? `  ✓ ≤ ${page.target} KB` : `  ✗ over ${page.target} KB`) : "";
  if (page.target && total / 1024 > page.target) failed = true;
  console.log(`\n${page.name}: ${kb(total)} KB gzipped JavaScript in ${js.length} files (+ ${kb(cssBytes).trim()} KB CSS)${verdict}`);
  if (page.lazy.length === 0) console.log("  (page module not built yet)");
  const rows = js.map((f) => [f, gzipSize(f)]).sort((a, b) => b[1] - a[1]);
  for (const [f, size] of rows.slice(0, 8)) console.log(`  ${kb(size)} KB  ${f}`);
  if (rows.length > 8) console.log(`  … ${rows.length - 8} smaller files`);
}
if (missing.length) {
  console.log(`\n! not in the build (renamed or removed? update the lists): ${missing.join(", ")}`);
  failed = true;
}
console.log("");
process.exitCode = failed ? 1 : 0;
