import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminToken } from "./channel-helpers";
import { api, ownerWithAccount } from "./helpers";

/**
 * Plans' and broadcast packages' names in the interface's other languages (migration 0046): the
 * stored `name` stays Russian, `translations` holds en / fr / ar, the admin editors save them, and
 * every DTO that names a plan or a package carries them beside the Russian name (the SPA picks).
 */
const units = { aiReplies: 100, messagesIn: 100, messagesOut: 100, broadcastRecipients: 10, assistants: 1, channels: 1, seats: 1 };
const overage = { aiReplies: 100, messagesIn: 1, messagesOut: 1, broadcastRecipients: 0 };
let n = 0;
const planBody = (over: Record<string, unknown> = {}) => ({ code: `tr${Date.now().toString(36)}${n++}`, name: "Семейный", description: "Для семьи", monthlyPriceKopecks: 10000, yearlyPriceKopecks: 100000, included: units, overage, ...over });

describe("plan and package translations", () => {
  it("gives the seeded plans English, French and Arabic names and descriptions", async () => {
    const plans = (await api("GET", "/plans")).body.data as any[];
    const byCode = Object.fromEntries(plans.map((p) => [p.code, p]));
    expect(byCode.business.name).toBe("Бизнес");
    expect(byCode.business.translations).toMatchObject({ en: { name: "Business" }, fr: { name: "Business" }, ar: { name: "الأعمال" } });
    expect(byCode.trial.translations.en).toEqual({ name: "Trial", description: "Free: try the assistants in every messenger" });
    expect(byCode.trial.translations.fr.name).toBe("Essai");
    expect(byCode.pro.translations.en.name).toBe("Pro");
    expect(byCode.start.translations.ar.description).toMatch(/[\u0600-\u06FF]/);
  });

  it("saves a plan's translations for an administrator and gives them back everywhere the plan is named", async () => {
    const admin = await adminToken();
    const created = await api("POST", "/admin/plans", { token: admin, body: planBody({ translations: { en: { name: "Family", description: "For the family" }, ar: { name: "  العائلة  ", description: "" } } }) });
    expect(created.status).toBe(201);
    // Trimmed; an empty text is no text, and a language without any is left out.
    expect(created.body.translations).toEqual({ en: { name: "Family", description: "For the family" }, ar: { name: "العائلة" } });
    const id = created.body.id as string;

    const listed = (await api("GET", "/admin/plans?status=all&limit=100", { token: admin })).body.data.find((p: any) => p.id === id);
    expect(listed.translations.en.name).toBe("Family");
    expect((await api("GET", "/plans")).body.data.find((p: any) => p.id === id).translations.ar.name).toBe("العائلة");

    // A PATCH without translations keeps them; one with them replaces them; the Russian name is kept as written.
    const priced = await api("PATCH", `/admin/plans/${id}`, { token: admin, body: { monthlyPriceKopecks: 12000 } });
    expect(priced.body.translations.en.name).toBe("Family");
    const renamed = await api("PATCH", `/admin/plans/${id}`, { token: admin, body: { translations: { fr: { name: "Famille" }, en: { name: "", description: "" } } } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe("Семейный");
    expect(renamed.body.translations).toEqual({ fr: { name: "Famille" } });

    // The account on that plan: its billing state, the dashboard, the quota and the admin accounts list carry the translations beside the Russian name.
    const o = await ownerWithAccount();
    await env.DB.prepare("UPDATE subscriptions SET plan_id = ? WHERE account_id = ?").bind(id, o.accountId).run();
    const billing = await api("GET", `/accounts/${o.accountId}/billing`, { token: o.token });
    expect(billing.body.plan).toMatchObject({ name: "Семейный", translations: { fr: { name: "Famille" } } });
    const quota = await api("GET", `/accounts/${o.accountId}/broadcast-quota`, { token: o.token });
    expect(quota.body.plan).toMatchObject({ name: "Семейный", translations: { fr: { name: "Famille" } } });
    const accounts = await api("GET", `/admin/accounts?plan=${created.body.code}&limit=100`, { token: admin });
    expect(accounts.body.data.find((a: any) => a.accountId === o.accountId)).toMatchObject({ planName: "Семейный", planTranslations: { fr: { name: "Famille" } } });

    // A payment for the plan names it with its translations (the SPA words it in the reader's language).
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO payments (id, account_id, provider, idempotence_key, purpose, plan_id, billing_period, amount_kopecks, status, description, created_at, updated_at) VALUES (?, ?, 'yookassa', ?, 'plan', ?, 'month', 12000, 'succeeded', 'Тариф «Семейный» на месяц', ?, ?)",
    )
      .bind(`tr-pay-${now}`, o.accountId, `tr-key-${now}`, id, now, now)
      .run();
    const payments = await api("GET", `/accounts/${o.accountId}/payments`, { token: o.token });
    expect(payments.body.data[0].details).toEqual({ kind: "plan", plan: "Семейный", planTranslations: { fr: { name: "Famille" } }, period: "month" });
  });

  it("refuses an over-long translated name, an unknown language and a non-administrator", async () => {
    const admin = await adminToken();
    const long = await api("POST", "/admin/plans", { token: admin, body: planBody({ translations: { en: { name: "B".repeat(61) } } }) });
    expect(long.status).toBe(400);
    expect(long.body.details.fields["translations.en.name"]).toEqual(["Название перевода — не длиннее 60 символов"]);
    const longDescription = await api("POST", "/admin/plans", { token: admin, body: planBody({ translations: { ar: { description: "و".repeat(301) } } }) });
    expect(longDescription.body.details.fields["translations.ar.description"]).toEqual(["Описание перевода — не длиннее 300 символов"]);
    const english = await api("POST", "/admin/plans", { token: admin, body: planBody({ translations: { en: { name: "B".repeat(61) } } }), headers: { "accept-language": "en" } });
    expect(english.body.details.fields["translations.en.name"]).toEqual(["The translated name must be no longer than 60 characters"]);
    const german = await api("POST", "/admin/plans", { token: admin, body: planBody({ translations: { de: { name: "Familie" } } }) });
    expect(german.status).toBe(400);
    expect(german.body.details.fields.translations).toEqual(["Переводы — только на английский (en), французский (fr) и арабский (ar)"]);

    const owner = await ownerWithAccount();
    const plan = (await api("GET", "/plans")).body.data.find((p: any) => p.code === "business");
    const refused = await api("PATCH", `/admin/plans/${plan.id}`, { token: owner.token, body: { translations: { en: { name: "Hacked" } } } });
    expect(refused.status).toBe(403);
    expect((await api("GET", "/plans")).body.data.find((p: any) => p.code === "business").translations.en.name).toBe("Business");
  });

  it("saves a package's translated names and names it by them in the catalogue, the grants and a payment", async () => {
    const admin = await adminToken();
    const created = await api("POST", "/admin/broadcast-packages", { token: admin, body: { name: "Семейный", translations: { en: { name: "Family" }, ar: { name: "العائلة" }, fr: { name: "" } }, recipients: 500, price: 250, validityDays: 30 } });
    expect(created.status).toBe(201);
    expect(created.body.translations).toEqual({ en: { name: "Family" }, ar: { name: "العائلة" } });
    const id = created.body.id as string;
    const edited = await api("PATCH", `/admin/broadcast-packages/${id}`, { token: admin, body: { translations: { en: { name: "Family pack" } } } });
    expect(edited.body).toMatchObject({ name: "Семейный", translations: { en: { name: "Family pack" } } });
    expect(edited.body.translations.ar).toBeUndefined();
    expect((await api("GET", "/broadcast-packages")).body.data.find((p: any) => p.id === id).translations).toEqual({ en: { name: "Family pack" } });

    const o = await ownerWithAccount();
    const grant = await api("POST", `/admin/accounts/${o.accountId}/broadcast-packages`, { token: admin, body: { packageId: id } });
    expect(grant.body).toMatchObject({ packageName: "Семейный", packageTranslations: { en: { name: "Family pack" } } });
    const quota = await api("GET", `/accounts/${o.accountId}/broadcast-quota`, { token: o.token });
    expect(quota.body.grants[0]).toMatchObject({ packageName: "Семейный", packageTranslations: { en: { name: "Family pack" } } });

    const long = await api("PATCH", `/admin/broadcast-packages/${id}`, { token: admin, body: { translations: { fr: { name: "F".repeat(101) } } } });
    expect(long.status).toBe(400);
    expect(long.body.details.fields["translations.fr.name"]).toEqual(["Название перевода — не длиннее 100 символов"]);
    const description = await api("PATCH", `/admin/broadcast-packages/${id}`, { token: admin, body: { translations: { en: { name: "Family", description: "Packages have no description" } } } });
    expect(description.status).toBe(400);
    expect(description.body.details.fields["translations.en"]).toEqual(["У перевода есть только название"]);
    const refused = await api("PATCH", `/admin/broadcast-packages/${id}`, { token: o.token, body: { translations: { en: { name: "Hacked" } } } });
    expect(refused.status).toBe(403);
  });
});
