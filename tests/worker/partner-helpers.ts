import { env } from "cloudflare:test";
import { adminToken } from "./channel-helpers";
import { api, registerUser, uniqueEmail } from "./helpers";

export const APPLICATION = {
  name: "Ирина Соколова",
  company: "Агентство «Сокол»",
  phone: "+7 912 345-67-89",
  email: "irina@sokol.test",
  website: "https://t.me/sokol_agency",
  audience: "Владельцы кофеен и салонов красоты",
  expectedVolume: "5–10 клиентов в месяц",
  payoutMethod: "bank",
  legalForm: "company",
  inn: "7707083893",
  bankAccount: "40702810938000000001",
  bik: "044525225",
  agreed: true,
};

/** A user who applied and was approved by a platform administrator: its token, partner id and default code. */
export async function approvedPartner(name = "Партнёр", email = uniqueEmail("partner"), ratePercent?: number) {
  const user = await registerUser(name, email);
  const applied = await api("POST", "/partners/applications", { token: user.token, body: { ...APPLICATION, email } });
  if (applied.status !== 201) throw new Error(`apply ${applied.status} ${JSON.stringify(applied.body)}`);
  const admin = await adminToken();
  const ok = await api("POST", `/admin/partners/applications/${applied.body.id}/approve`, { token: admin, body: ratePercent ? { ratePercent } : {} });
  if (ok.status !== 200) throw new Error(`approve ${ok.status} ${JSON.stringify(ok.body)}`);
  const me = await api("GET", "/partners/me", { token: user.token });
  return { ...user, admin, partnerId: me.body.partner.id as string, code: me.body.codes[0].code as string, codeId: me.body.codes[0].id as string };
}

let visitors = 0;
export const visitorCookie = () => `asl_pv=visitor${Date.now().toString(36)}x${++visitors}`;

export const click = (code: string, cookie: string) => api("GET", `/partners/codes/track-click?partner=${encodeURIComponent(code)}`, { headers: { cookie } });

export async function registerVisitor(cookie: string, partnerCode?: string, name = "Клиент Партнёра", email = uniqueEmail("referred")) {
  const res = await api("POST", "/auth/register", { headers: { cookie }, body: { email, password: "password123", name, ...(partnerCode ? { partnerCode } : {}) } });
  if (res.status !== 201) throw new Error(`register ${res.status}`);
  return { token: res.body.accessToken as string, user: res.body.user as { id: string; email: string }, email };
}

export async function attributionOf(userId: string) {
  return env.DB.prepare("SELECT partner_id AS partnerId, code_id AS codeId, source FROM partner_attributions WHERE user_id = ?").bind(userId).first<{ partnerId: string; codeId: string | null; source: string }>();
}

/** Releases every held commission of a partner (as if the hold had passed). */
export const releaseHold = (partnerId: string) => env.DB.prepare("UPDATE partner_commissions SET available_at = ? WHERE partner_id = ?").bind(Date.now() - 1, partnerId).run();
