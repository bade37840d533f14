import type { Env } from "../../env";
import { createLogger } from "../../lib/logger";
import { appUrl, sendMail } from "../../lib/mail";
import { formatRub } from "../billing/units";

const log = createLogger({ component: "partners-mail" });

/** Mails of the programme, through the mail adapter; a failed send is logged, never fails the admin's action. */
async function send(env: Env, to: string, subject: string, lines: string[]) {
  try {
    await sendMail(env, { to, subject, text: lines.join("\n\n") });
  } catch (error) {
    log.error("partner mail failed", { error, to, subject });
  }
}

export function mailApproved(env: Env, to: string, input: { name: string; ratePercent: number; code: string }) {
  const app = env.APP_NAME || "Assistly";
  return send(env, to, `${app}: заявка в партнёрскую программу одобрена`, [
    `${input.name}, здравствуйте!`,
    `Ваша заявка одобрена. Ставка комиссии — ${input.ratePercent.toLocaleString("ru-RU")} % от каждого успешного платежа приведённых клиентов.`,
    `Ваша ссылка: ${appUrl(env, `/?partner=${encodeURIComponent(input.code)}`)}`,
    `Кабинет партнёра: ${appUrl(env, "/partners")}`,
  ]);
}

export function mailRejected(env: Env, to: string, input: { name: string; reason: string }) {
  const app = env.APP_NAME || "Assistly";
  return send(env, to, `${app}: заявка в партнёрскую программу отклонена`, [
    `${input.name}, здравствуйте!`,
    `К сожалению, заявку не одобрили. Причина: ${input.reason}`,
    `Вы можете исправить данные и подать заявку снова: ${appUrl(env, "/partners-apply")}`,
  ]);
}

/** How a payout request ended, after «Выплата» («Assistly: выплата отправлена»). */
const PAYOUT_WORDS = { approved: "одобрена", paid: "отправлена", rejected: "отклонена" } as const;

export function mailPayout(env: Env, to: string, input: { status: keyof typeof PAYOUT_WORDS; amountKopecks: number; reference?: string | null; reason?: string | null }) {
  const app = env.APP_NAME || "Assistly";
  const lines = [`Выплата на ${formatRub(input.amountKopecks)} ${PAYOUT_WORDS[input.status]}.`];
  if (input.reference) lines.push(`Номер платёжного поручения: ${input.reference}`);
  if (input.reason) lines.push(`Причина: ${input.reason}`);
  lines.push(`Кабинет партнёра: ${appUrl(env, "/partners")}`);
  return send(env, to, `${app}: выплата ${PAYOUT_WORDS[input.status]}`, lines);
}
