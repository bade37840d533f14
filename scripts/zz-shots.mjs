import { chromium } from "playwright-core";
const base = process.env.BASE ?? "http://127.0.0.1:8814";
const acct = "00000000demoaccount";
const out = "/tmp/bcui-shots";
const only = process.env.ONLY?.split(",");
const pages = [
  ["list", `/${acct}/broadcasts`],
  ["new", `/${acct}/broadcasts/new`],
  ["draft", `/${acct}/broadcasts/demo-bc-showroom/edit`],
  ["sale", `/${acct}/broadcasts/demo-bc-sale`],
  ["survey", `/${acct}/broadcasts/demo-bc-survey`],
].filter(([n]) => !only || only.includes(n));
const widths = (process.env.WIDTHS ?? "1440,390").split(",").map(Number);
const themes = (process.env.THEMES ?? "light,dark").split(",");
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const login = await (await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "demo@assistly.local", password: "demo12345" }) })).json();
for (const theme of themes) for (const width of widths) {
  const ctx = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 }, locale: "ru-RU", timezoneId: "Europe/Moscow" });
  const url = new URL(base);
  await ctx.addCookies([
    { name: "accessToken", value: encodeURIComponent(login.accessToken), domain: url.hostname, path: "/" },
    { name: "user", value: encodeURIComponent(JSON.stringify(login.user)), domain: url.hostname, path: "/" },
  ]);
  await ctx.addInitScript(([theme]) => { localStorage.setItem("preferences", JSON.stringify({ theme, language: "ru" })); localStorage.setItem("cookiesAccepted", "true"); }, [theme]);
  const page = await ctx.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") errors.push(m.text()); });
  for (const [name, path] of pages) {
    await page.goto(base + path);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `${out}/${name}-${width}-${theme}.png`, fullPage: process.env.FULL !== "0" });
  }
  if (errors.length) console.log(theme, width, "console:", errors.slice(0, 5));
  await ctx.close();
}
await browser.close();
console.log("ok");
