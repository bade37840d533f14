// Prints the gzipped size of the JavaScript a browser loads first for /login and for the account
// dashboard: the entry chunk and its static imports, plus the page's lazy chunks (route module,
// the shell layout, the page's ru translations) and everything they import statically, following
// the import graph of the Vite manifest (dist/client/.vite/manifest.json).
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

function optional(keys) {
  return keys.filter((k) => manifest[k]);
}

// The lazy pieces each page needs before it can paint (see web/router.tsx and web/lib/i18n.ts).
const layoutKeys = Object.keys(manifest).filter((k) => /components\/layouts\/default-layout\.tsx$/.test(k) && manifest[k].isDynamicEntry);
const pages = [
  { name: "/login", lazy: optional(["routes/auth/login.tsx", "locales/ru/auth.json"]), target: TARGET_LOGIN_KB },
  { name: "/:accountId/dashboard", lazy: optional(["routes/account/dashboard.tsx", "locales/ru/dashboard.json", ...layoutKeys]) },
];

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
let failed = false;
const entryFiles = closure([entryKey]);
const entryBytes = [...entryFiles].reduce((s, k) => s + gzipSize(manifest[k].file), 0);
console.log(`\nentry (${manifest[entryKey].file} + ${entryFiles.size - 1} static imports): ${kb(entryBytes)} KB gzipped`);

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
console.log("");
process.exitCode = failed ? 1 : 0;
