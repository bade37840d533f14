import { GREEN_PARTNER_TOKEN, greenHandler } from "./greenapi";
import { type RunningFake, startFake } from "./index";
import { META_APP_ID, META_APP_SECRET, META_VERIFY_TOKEN, metaHandler } from "./meta";
import { telegramHandler } from "./telegram";

/**
 * Starts the three messenger fakes and returns the Worker bindings pointing at them (plus the
 * test values of the Meta app secret, verify token and the Green API partner token).
 * `ports` pins them (the simulator), otherwise any free port.
 */
export async function startChannelFakes(into: RunningFake[] = [], ports: { telegram?: number; green?: number; meta?: number } = {}): Promise<Record<string, string>> {
  const telegram = await startFake("telegram", telegramHandler, ports.telegram ?? 0);
  const green = await startFake("greenapi", greenHandler, ports.green ?? 0);
  const meta = await startFake("meta", metaHandler, ports.meta ?? 0);
  into.push(telegram, green, meta);
  return {
    TELEGRAM_API_BASE: telegram.url,
    GREEN_API_BASE: green.url,
    GREEN_API_PARTNER_TOKEN: GREEN_PARTNER_TOKEN,
    META_GRAPH_BASE: meta.url,
    META_APP_SECRET: META_APP_SECRET,
    META_VERIFY_TOKEN: META_VERIFY_TOKEN,
    META_APP_ID: META_APP_ID,
    META_OAUTH_BASE: meta.url,
  };
}
