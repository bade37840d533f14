import type { Env } from "../../env";

const DAY_MS = 86_400_000;

function positive(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw !== undefined && raw !== "" && Number.isFinite(n) && n >= 0 ? n : fallback;
}

/** The programme's settings (README "Configuration"): the attribution window, the default rate, the hold and the payout minimum. */
export function partnerConfig(env: Env) {
  const holdDays = positive(env.PARTNER_HOLD_DAYS, 14);
  const windowDays = positive(env.PARTNER_ATTRIBUTION_DAYS, 90);
  return {
    windowDays,
    windowMs: windowDays * DAY_MS,
    defaultRatePercent: Math.min(100, positive(env.PARTNER_DEFAULT_RATE_PERCENT, 20)),
    holdDays,
    holdMs: holdDays * DAY_MS,
    payoutMinKopecks: Math.round(positive(env.PARTNER_PAYOUT_MIN_KOPECKS, 100_000)),
  };
}
