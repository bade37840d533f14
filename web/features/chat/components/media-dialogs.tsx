import { AlertTriangle } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { youtubeId } from "../utils";

export interface VideoSource {
  /** Plays an embedded YouTube video from this id (or URL). */
  youtube?: boolean;
  id?: string | null;
  url?: string | null;
  title?: string;
}

/**
 * The video dialog of SPEC §2.10: max width 900; a YouTube video from its id, or any other video
 * from its URL. Without the id / URL it warns ("Missing YouTube video ID" / "Missing non-YouTube
 * video URL", logged in English for developers, shown translated).
 */
export function VideoDialog({ open, onOpenChange, source }: { open: boolean; onOpenChange: (o: boolean) => void; source: VideoSource }) {
  const { t } = useTranslation("chat");
  const ytId = source.youtube ? youtubeId(source.id ?? source.url) : null;
  const missing = source.youtube ? (ytId ? null : "missingYoutubeId") : source.url ? null : "missingUrl";
  useEffect(() => {
    if (!open || !missing) return;
    console.warn(missing === "missingYoutubeId" ? "Missing YouTube video ID" : "Missing non-YouTube video URL");
  }, [open, missing]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-[900px] gap-4 p-4 sm:p-6"
        data-testid="video-dialog"
        // The dialog itself takes the focus, not its first tabbable element: that is the player's frame,
        // and a key pressed inside a frame stays in the frame's document, so Escape would not close it.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          (e.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{source.title || t("video.title")}</DialogTitle>
          <DialogDescription className="sr-only">{t("video.title")}</DialogDescription>
        </DialogHeader>
        {missing ? (
          <Alert variant="warning" data-testid="video-warning">
            <AlertTriangle aria-hidden />
            <AlertDescription>{t(`video.${missing}`)}</AlertDescription>
          </Alert>
        ) : ytId ? (
          <div className="aspect-video w-full overflow-hidden rounded-md bg-black">
            <iframe
              className="size-full"
              src={`https://www.youtube-nocookie.com/embed/${ytId}?autoplay=1`}
              title={source.title || t("video.title")}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
            />
          </div>
        ) : (
          <video className="max-h-[70vh] w-full rounded-md bg-black" src={source.url ?? undefined} controls autoPlay playsInline />
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * A function's result as it reads best: JSON pretty-printed (a result that is JSON inside a string
 * unwrapped first), a plain string as itself, anything else as stored.
 */
export function readableResult(content: string): { text: string; json: boolean } {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return { text: content, json: false };
  }
  if (typeof value === "string") {
    try {
      const inner: unknown = JSON.parse(value);
      if (inner && typeof inner === "object") return { text: JSON.stringify(inner, null, 2), json: true };
    } catch {
      /* a plain string */
    }
    return { text: value, json: false };
  }
  return { text: JSON.stringify(value, null, 2), json: true };
}

/**
 * The function-result dialog (SPEC §2.9): max width 500, max height 400, the result pretty-printed in
 * monospace, its long lines and words wrapped within the dialog, the rest scrolled inside it.
 */
export function FunctionResultDialog({ open, onOpenChange, name, content }: { open: boolean; onOpenChange: (o: boolean) => void; name?: string; content: string }) {
  const { t } = useTranslation("chat");
  const { text, json } = readableResult(content);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[400px] max-w-[500px] flex-col gap-3 overflow-hidden p-5 sm:p-6" data-testid="function-result-dialog">
        <DialogHeader className="min-w-0">
          <DialogTitle>{t("functionResult.title")}</DialogTitle>
          <DialogDescription className="font-mono text-[0.8125rem] [overflow-wrap:anywhere]">
            {name ? <bdi dir="ltr">{name}</bdi> : "\u00a0"}
          </DialogDescription>
        </DialogHeader>
        <pre
          dir={json ? "ltr" : "auto"}
          className="min-h-0 min-w-0 flex-1 overflow-auto rounded-md bg-muted p-3 text-start font-mono text-[0.8125rem] leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere] dark:bg-white/6"
          data-testid="function-result"
        >
          {text || t("functionResult.empty")}
        </pre>
      </DialogContent>
    </Dialog>
  );
}

/** Full-size image viewer. */
export function ImageDialog({ open, onOpenChange, src, alt }: { open: boolean; onOpenChange: (o: boolean) => void; src: string; alt: string }) {
  const { t } = useTranslation("chat");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="w-auto max-w-[calc(100vw-2rem)] bg-transparent p-0 shadow-none sm:p-0" data-testid="image-dialog">
        <DialogTitle className="sr-only">{t("message.image")}</DialogTitle>
        <DialogDescription className="sr-only">{alt}</DialogDescription>
        <img src={src} alt={alt} className="max-h-[calc(100dvh-4rem)] max-w-full rounded-md object-contain" />
      </DialogContent>
    </Dialog>
  );
}
