import type { VideoSource } from "@/features/chat/components/media-dialogs";

/**
 * The video link of help markdown: `video:youtube:ID` (an id, or a YouTube URL) or `video:<URL>`.
 * An empty id or URL still opens the dialog, which then says what is missing (§2.10).
 */
export function videoSourceOf(href: string): VideoSource | null {
  if (!href.startsWith("video:")) return null;
  const rest = href.slice("video:".length).trim();
  if (rest.startsWith("youtube:")) return { youtube: true, id: rest.slice("youtube:".length).trim() || null };
  return { url: /^https?:\/\//i.test(rest) || rest.startsWith("/") ? rest : null };
}

/**
 * Where a link inside help content goes in the app: `app:/connect` is that page of the current
 * account (`/{accountId}/connect`; the account list when there is none yet), a path starting with
 * "/" is a page of the app as written. Anything else (https, mailto) is not ours: null.
 */
export function appLinkTarget(href: string, accountId: string | null): string | null {
  if (href.startsWith("app:/")) {
    const path = href.slice("app:".length);
    return accountId ? `/${accountId}${path}` : "/accounts";
  }
  if (href.startsWith("/") && !href.startsWith("//")) return href;
  return null;
}
