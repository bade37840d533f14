// @shared-with-spa: pure code the SPA imports at run time (the inbox tells a flow's listed buttons from its text); no bindings, no server imports.

/**
 * A flow's buttons written under its text where the messenger has none: the reply buttons numbered
 * ("1. Цены"), then the links ("Сайт: https://…"). The runtime writes them so
 * (flows/runtime/engine.ts buttonsMessage); the inbox recognises them so and shows no chips twice.
 */
export function buttonLines(buttons: readonly { label: string; url?: string | null }[]): string[] {
  const replies = buttons.filter((b) => !b.url);
  const links = buttons.filter((b) => b.url);
  return [...replies.map((b, i) => `${i + 1}. ${b.label}`), ...links.map((b) => `${b.label}: ${b.url}`)];
}
