import { useTranslation } from "react-i18next";
import { ExternalLink, FileText, Film } from "lucide-react";
import { hasNativeButtons, renderBroadcastText, withNumberedButtons, type BroadcastButton, type BroadcastVars } from "@worker/features/broadcasts/contract";
import { PlatformIcon } from "@/features/chat/components/platform-icon";
import type { Platform } from "@/features/chat/api";
import { cn } from "@/lib/utils";

const BUBBLE: Record<Platform, string> = {
  TELEGRAM: "bg-[#effdde] text-[#0f1419] dark:bg-[#2b5278] dark:text-white",
  WHATSAPP: "bg-[#d9fdd3] text-[#111b21] dark:bg-[#005c4b] dark:text-[#e9edef]",
  INSTAGRAM: "bg-gradient-to-br from-[#8134AF] to-[#DD2A7B] text-white",
  WEBCHAT: "bg-primary text-primary-foreground",
};

export interface MessagePreviewProps {
  platform: Platform;
  text: string;
  buttons: readonly BroadcastButton[];
  /** The sample contact's values; `placeholders` (key → label): fields shown as marked places, not as values. */
  vars: BroadcastVars & { placeholders?: Record<string, string> };
  /** The attached file: an image shows itself (its url), a video or a document its name, above the text. */
  media?: { name: string; kind: "image" | "video" | "document"; url?: string } | null;
  className?: string;
}

// Around a placeholder's key in the rendered text, so it can be found again after the renderer's trimming.
const OPEN = "\u0001";
const CLOSE = "\u0002";
const MARKED = /\u0001([^\u0002]*)\u0002/;

/**
 * The message as the contact will see it in this messenger: the text with its variables filled for
 * a sample contact, Telegram's inline keyboard under the bubble, or (WhatsApp, Instagram) the
 * buttons as a numbered list inside the text — the same renderer the pump sends with. A field with
 * no plausible sample value (free text) shows as a marked place named by the field, with a line
 * saying each contact's own value goes there.
 */
export function MessagePreview({ platform, text, buttons, vars, media, className }: MessagePreviewProps) {
  const { t } = useTranslation(["broadcasts", "chat"]);
  const native = hasNativeButtons(platform);
  const filled = buttons.filter((b) => b.label.trim());
  const placeholders = vars.placeholders ?? {};
  const marked = Object.fromEntries(Object.keys(placeholders).map((key) => [key, `${OPEN}${key}${CLOSE}`]));
  const rendered = renderBroadcastText(text, { ...vars, fields: { ...vars.fields, ...marked } });
  const body = native ? rendered : withNumberedButtons(rendered, filled);
  const parts = body.split(MARKED);
  const hasPlaceholders = parts.length > 1;
  return (
    <figure className={cn("rounded-xl border bg-muted/40 p-4", className)} data-testid="broadcast-preview" data-platform={platform}>
      <figcaption className="mb-3 flex items-center gap-2 text-sm font-medium text-heading">
        <PlatformIcon platform={platform} className="size-5" decorative />
        {t("composer.preview.title", { platform: t(`chat:platform.${platform}`) })}
      </figcaption>
      <div className="max-w-[340px]">
        <div className={cn("overflow-hidden rounded-2xl rounded-bl-sm shadow-sm", BUBBLE[platform])}>
          {media && (
            media.kind === "image" && media.url ? (
              <img src={media.url} alt={media.name} className="max-h-48 w-full object-cover" data-testid="broadcast-preview-image" />
            ) : (
              <div className="flex items-center gap-2 border-b border-black/10 px-3 py-2 text-sm dark:border-white/10" data-testid="broadcast-preview-file">
                {media.kind === "video" ? <Film className="size-4 shrink-0" aria-hidden /> : <FileText className="size-4 shrink-0" aria-hidden />}
                <span className="truncate">{media.name}</span>
              </div>
            )
          )}
          <p className="px-3 py-2 text-[0.9375rem] leading-snug break-words whitespace-pre-wrap" data-testid="broadcast-preview-text">
            {body
              ? parts.map((part, i) =>
                  i % 2 === 0 ? (
                    part
                  ) : (
                    <mark
                      key={i}
                      className="rounded-[4px] border border-dashed border-current/50 bg-black/10 px-1 text-inherit dark:bg-white/15"
                      title={t("composer.preview.variable", { label: placeholders[part] ?? part })}
                      data-testid="broadcast-preview-variable"
                      data-key={part}
                    >
                      {placeholders[part] ?? part}
                    </mark>
                  ),
                )
              : <span className="italic opacity-85">{t("composer.preview.empty")}</span>}
          </p>
        </div>
        {native && filled.length > 0 && (
          <ul className="mt-1 grid gap-1" aria-label={t("composer.preview.keyboard")} data-testid="broadcast-preview-keyboard">
            {filled.map((b, i) => (
              <li key={i} className="flex items-center justify-center gap-1 rounded-lg border border-[#0f6aa6]/20 bg-white px-3 py-1.5 text-sm font-medium text-[#0f6aa6] dark:border-transparent dark:bg-white/15 dark:text-white">
                <span className="truncate">{b.label}</span>
                {b.url && <ExternalLink className="size-3.5 shrink-0" aria-hidden />}
              </li>
            ))}
          </ul>
        )}
      </div>
      {hasPlaceholders && (
        <p className="mt-3 text-xs text-muted-foreground" data-testid="broadcast-preview-variables-hint">
          {t("composer.preview.variablesHint")}
        </p>
      )}
      {!native && filled.length > 0 && <p className="mt-3 text-xs text-muted-foreground">{t("composer.preview.numbered")}</p>}
    </figure>
  );
}
