import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { adminToken } from "./channel-helpers";
import { api, ownerWithAccount, registerUser } from "./helpers";

const faqBody = (over: Record<string, unknown> = {}) => ({
  category: "channels",
  ru: { question: "Как подключить ЁЛКУ к WhatsApp?", answer: "Откройте [подключение](app:/connect) и нажмите «Создать инстанс»." },
  en: { question: "How do I connect WhatsApp?", answer: "Open [Connect](app:/connect) and choose Create instance." },
  ...over,
});

const articleBody = (slug: string, over: Record<string, unknown> = {}) => ({
  slug,
  category: "assistants",
  ru: { title: `Настройка Ассистента ${slug}`, summary: "Кратко", body: "## Инструкции\n\nПишите ФАКТЫ коротко.\n\n[Видео](video:youtube:aqz-KE-bpKQ)" },
  ...over,
});

async function createArticle(admin: string, slug: string, over: Record<string, unknown> = {}) {
  const res = await api("POST", "/admin/help/articles", { token: admin, body: articleBody(slug, over) });
  expect(res.status).toBe(201);
  return res.body;
}

describe("help: FAQ", () => {
  it("searches Russian case-insensitively (Cyrillic, ё = е) and groups by category", async () => {
    const admin = await adminToken();
    const created = await api("POST", "/admin/help/faq", { token: admin, body: faqBody() });
    expect(created.status).toBe(201);
    await api("POST", "/admin/help/faq", { token: admin, body: faqBody({ category: "billing", ru: { question: "Что будет, если закончится баланс?", answer: "Ассистент замолчит." }, en: undefined }) });
    const user = await registerUser();

    for (const q of ["елку", "ЁЛКУ", "Создать Инстанс", "ИНСТАНС"]) {
      const res = await api("GET", `/help/faq?q=${encodeURIComponent(q)}`, { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body.groups.flatMap((g: any) => g.entries.map((e: any) => e.id))).toContain(created.body.id);
      expect(res.body.groups.flatMap((g: any) => g.entries).every((e: any) => e.question !== "Что будет, если закончится баланс?")).toBe(true);
    }
    const all = await api("GET", "/help/faq", { token: user.token });
    const categories = all.body.groups.map((g: any) => g.category);
    expect(categories.indexOf("channels")).toBeLessThan(categories.indexOf("billing"));
    // link targets are not searched: "connect" appears only inside the app: link of the Russian answer
    const link = await api("GET", "/help/faq?q=connect", { token: user.token });
    expect(link.body.groups.flatMap((g: any) => g.entries.map((e: any) => e.id))).not.toContain(created.body.id);
  });

  it("answers in the user's language, English for other non-Russian languages, and Russian where a translation is missing", async () => {
    const admin = await adminToken();
    const both = (await api("POST", "/admin/help/faq", { token: admin, body: faqBody({ category: "inbox" }) })).body;
    const ruOnly = (await api("POST", "/admin/help/faq", { token: admin, body: faqBody({ category: "inbox", ru: { question: "Только по-русски", answer: "Ответ" }, en: undefined }) })).body;
    const user = await registerUser();
    const entries = async (locale?: string) => {
      const res = await api("GET", `/help/faq${locale ? `?locale=${locale}` : ""}`, { token: user.token });
      return new Map(res.body.groups.flatMap((g: any) => g.entries).map((e: any) => [e.id, e]));
    };
    const en = await entries("en");
    expect(en.get(both.id)).toMatchObject({ question: "How do I connect WhatsApp?", locale: "en" });
    expect(en.get(ruOnly.id)).toMatchObject({ question: "Только по-русски", locale: "ru" });
    expect((await entries()).get(both.id)).toMatchObject({ locale: "ru" }); // the user's language (ru) by default
    // no French or Arabic texts: English where it is written, else Russian
    for (const l of ["fr", "ar"]) {
      const other = await entries(l);
      expect(other.get(both.id)).toMatchObject({ question: "How do I connect WhatsApp?", locale: "en" });
      expect(other.get(ruOnly.id)).toMatchObject({ question: "Только по-русски", locale: "ru" });
    }
    // an English search finds the English text, and the Russian-only entry by its Russian text
    const s = await api("GET", `/help/faq?locale=en&q=${encodeURIComponent("только")}`, { token: user.token });
    expect(s.body.total).toBe(1);
  });

  it("hides unpublished entries and removes an English translation with en: null", async () => {
    const admin = await adminToken();
    const entry = (await api("POST", "/admin/help/faq", { token: admin, body: faqBody({ category: "flows", published: false }) })).body;
    const user = await registerUser();
    const ids = async () => (await api("GET", "/help/faq?locale=en", { token: user.token })).body.groups.flatMap((g: any) => g.entries.map((e: any) => e.id));
    expect(await ids()).not.toContain(entry.id);
    const patched = await api("PATCH", `/admin/help/faq/${entry.id}`, { token: admin, body: { published: true, en: null } });
    expect(patched.status).toBe(200);
    expect(patched.body.en).toBeNull();
    const en = (await api("GET", "/help/faq?locale=en", { token: user.token })).body.groups.flatMap((g: any) => g.entries).find((e: any) => e.id === entry.id);
    expect(en).toMatchObject({ locale: "ru", question: "Как подключить ЁЛКУ к WhatsApp?" });
    expect((await api("DELETE", `/admin/help/faq/${entry.id}`, { token: admin })).status).toBe(200);
    expect((await api("GET", `/admin/help/faq/${entry.id}`, { token: admin })).status).toBe(404);
  });
});

describe("help: articles", () => {
  it("lists, searches in Russian and opens one with its related articles in order", async () => {
    const admin = await adminToken();
    await createArticle(admin, "rel-b");
    await createArticle(admin, "rel-hidden", { published: false });
    await createArticle(admin, "main-article", { category: "channels", related: ["rel-b", "rel-hidden", "no-such-article"] });
    const user = await registerUser();
    const found = await api("GET", `/help/articles?q=${encodeURIComponent("факты")}&category=assistants`, { token: user.token });
    expect(found.status).toBe(200);
    expect(found.body.data.map((a: any) => a.slug)).toContain("rel-b");
    expect(found.body.data.map((a: any) => a.slug)).not.toContain("rel-hidden");
    expect(found.body.data.map((a: any) => a.slug)).not.toContain("main-article"); // another category
    const one = await api("GET", "/help/articles/main-article", { token: user.token });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ slug: "main-article", category: "channels", helpfulCount: 0, myVote: null });
    expect(one.body.body).toContain("video:youtube:aqz-KE-bpKQ");
    expect(one.body.related.map((r: any) => r.slug)).toEqual(["rel-b"]);
    expect((await api("GET", "/help/articles/rel-hidden", { token: user.token })).status).toBe(404);
  });

  it("gives Arabic and French readers the English text where there is one, Russian readers the Russian one", async () => {
    const admin = await adminToken();
    const en = { title: "Setting up the assistant", summary: "In short", body: "## Instructions\n\nWrite FACTS briefly." };
    await createArticle(admin, "lang-both", { en });
    await createArticle(admin, "lang-ru-only");
    await createArticle(admin, "lang-main", { en: { ...en, title: "Main" }, related: ["lang-both", "lang-ru-only"] });
    const user = await registerUser();
    const read = async (slug: string, locale?: string) => (await api("GET", `/help/articles/${slug}${locale ? `?locale=${locale}` : ""}`, { token: user.token })).body;
    const list = async (locale: string) => new Map((await api("GET", `/help/articles?locale=${locale}`, { token: user.token })).body.data.map((r: any) => [r.slug, r]));
    for (const l of ["ar", "fr", "en"]) {
      expect(await read("lang-both", l)).toMatchObject({ title: "Setting up the assistant", locale: "en" });
      expect((await read("lang-both", l)).body).toContain("Write FACTS briefly.");
      expect(await read("lang-ru-only", l)).toMatchObject({ title: "Настройка Ассистента lang-ru-only", locale: "ru" });
      expect((await read("lang-main", l)).related.map((r: any) => r.title)).toEqual(["Setting up the assistant", "Настройка Ассистента lang-ru-only"]);
      const rows = await list(l);
      expect(rows.get("lang-both")).toMatchObject({ title: "Setting up the assistant", locale: "en" });
      expect(rows.get("lang-ru-only")).toMatchObject({ locale: "ru" });
    }
    expect(await read("lang-both", "ru")).toMatchObject({ title: "Настройка Ассистента lang-both", locale: "ru" });
    expect(await read("lang-both")).toMatchObject({ locale: "ru" }); // the user's language (ru) by default
    // without ?locale= the user's own language counts the same way
    expect((await api("PATCH", "/auth/me", { token: user.token, body: { language: "fr" } })).status).toBe(200);
    expect(await read("lang-both")).toMatchObject({ title: "Setting up the assistant", locale: "en" });
  });

  it("counts feedback once per user; a changed vote moves between the counters", async () => {
    const admin = await adminToken();
    await createArticle(admin, "vote-me");
    const a = await registerUser();
    const b = await registerUser();
    const vote = (token: string, helpful: boolean) => api("POST", "/help/articles/vote-me/feedback", { token, body: { helpful } });
    expect((await vote(a.token, true)).body).toMatchObject({ helpfulCount: 1, notHelpfulCount: 0, myVote: true });
    expect((await vote(a.token, true)).body).toMatchObject({ helpfulCount: 1, notHelpfulCount: 0 });
    await Promise.all([vote(b.token, true), vote(b.token, true)]);
    expect((await vote(a.token, false)).body).toMatchObject({ helpfulCount: 1, notHelpfulCount: 1, myVote: false });
    const seen = await api("GET", "/help/articles/vote-me", { token: a.token });
    expect(seen.body).toMatchObject({ helpfulCount: 1, notHelpfulCount: 1, myVote: false });
    const bad = await api("POST", "/help/articles/vote-me/feedback", { token: a.token, body: { helpful: "yes" } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields.helpful[0]).toMatch(/[а-я]/);
    expect((await api("POST", "/help/articles/nope/feedback", { token: a.token, body: { helpful: true } })).status).toBe(404);
  });

  it("validates what administrators write, with Russian field messages", async () => {
    const admin = await adminToken();
    const bad = await api("POST", "/admin/help/articles", { token: admin, body: { slug: "Bad Slug!", category: "nope", ru: { title: "", body: "" } } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details.fields)).toEqual(expect.arrayContaining(["slug", "category", "ru.title", "ru.body"]));
    expect(bad.body.details.fields.slug[0]).toContain("латинские");
    await createArticle(admin, "taken-slug");
    const dup = await api("POST", "/admin/help/articles", { token: admin, body: articleBody("taken-slug") });
    expect(dup.status).toBe(409);
    const noRu = await api("POST", "/admin/help/faq", { token: admin, body: { category: "inbox", en: { question: "Q", answer: "A" } } });
    expect(noRu.status).toBe(400);
    expect(noRu.body.details.fields).toHaveProperty("ru");
    const empty = await api("PATCH", "/admin/help/faq/whatever", { token: admin, body: {} });
    expect(empty.status).toBe(400);
  });
});

describe("help: access", () => {
  const adminPaths = () => {
    const seen = new Set<string>();
    for (const r of app.routes) if (r.method !== "ALL" && r.path.startsWith("/api/admin/help/")) seen.add(`${r.method} ${r.path}`);
    return [...seen];
  };

  it("every /api/admin/help route: 401 signed out, 403 for an account owner or operator", async () => {
    const routes = adminPaths();
    expect(routes.length).toBeGreaterThanOrEqual(11);
    const owner = await ownerWithAccount();
    const problems: string[] = [];
    for (const key of routes) {
      const [method, path] = key.split(" ");
      const concrete = path!.replace(/^\/api/, "").replace(/:[A-Za-z]+/g, "x");
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      const anon = await api(method!, concrete, { body });
      const user = await api(method!, concrete, { token: owner.token, body });
      if (anon.status !== 401) problems.push(`${key} anonymous ${anon.status}`);
      if (user.status !== 403) problems.push(`${key} owner ${user.status}`);
    }
    expect(problems).toEqual([]);
  });

  it("help routes need a signed-in user", async () => {
    for (const [method, path] of [["GET", "/help/faq"], ["GET", "/help/articles"], ["GET", "/help/articles/x"], ["POST", "/help/articles/x/feedback"]] as const) {
      expect((await api(method, path, method === "POST" ? { body: { helpful: true } } : {})).status).toBe(401);
    }
  });

  it("an administrator uploads an image, served back by its address", async () => {
    const admin = await adminToken();
    const form = new FormData();
    form.append("file", new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], "shot.png", { type: "image/png" }));
    const { SELF } = await import("cloudflare:test");
    const res = await SELF.fetch("http://app.test/api/admin/help/images", { method: "POST", headers: { authorization: `Bearer ${admin}` }, body: form });
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^\/api\/help-media\/[A-Za-z0-9_-]+\.png$/);
    const img = await SELF.fetch(`http://app.test${url}`);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/png");
    expect((await SELF.fetch("http://app.test/api/help-media/..%2Fsecret.png")).status).toBe(404);
    const text = new FormData();
    text.append("file", new File(["hello"], "a.txt", { type: "text/plain" }));
    const refused = await SELF.fetch("http://app.test/api/admin/help/images", { method: "POST", headers: { authorization: `Bearer ${admin}` }, body: text });
    expect(refused.status).toBe(400);
  });
});
