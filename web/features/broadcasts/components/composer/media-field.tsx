import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FileText, Film, Paperclip, RefreshCw, X } from "lucide-react";
import { BROADCAST_MEDIA_ACCEPT, BROADCAST_MEDIA_MAX_BYTES, mediaKindOf, mediaMimeOf } from "@worker/features/broadcasts/media-rules";
import { FieldItem } from "@/components/form/field";
import { Button } from "@/components/ui/button";
import { FormControl } from "@/components/ui/form";
import { humanSize } from "@/features/chat/utils";
import { isApiError } from "@/lib/api";
import { broadcastApi, type Broadcast } from "../../api";
import { mediaKeySrc } from "../../media";
import type { UseFormReturn } from "react-hook-form";

type Media = NonNullable<Broadcast["content"]["media"]>;

const MB = 1024 * 1024;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyForm = UseFormReturn<any, unknown, any>;

/**
 * The file a message carries (a broadcast's, a flow's message step): picked, checked here (kind and
 * size), uploaded to the account's storage (`POST …/broadcast-media`) while the button spins, then
 * shown as a thumbnail (images) or its name, replaceable and removable. `name` is the form's field
 * (`{key, type, fileName, mimeType}` or null), `revalidate` the field whose message depends on it.
 */
export function MediaField({
  accountId,
  form,
  disabled,
  name = "media",
  revalidate = "text",
  testId = "broadcast-media",
}: {
  accountId: string;
  form: AnyForm;
  disabled?: boolean;
  name?: string;
  revalidate?: string;
  testId?: string;
}) {
  const { t } = useTranslation("broadcasts");
  const input = useRef<HTMLInputElement | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [size, setSize] = useState<number | null>(null);
  const media = (form.watch(name) as Media | null | undefined) ?? null;

  const problem = (file: File): string | null => {
    const kind = mediaKindOf(mediaMimeOf(file.name, file.type));
    if (!kind) return t("composer.media.badType");
    if (file.size === 0) return t("composer.media.empty");
    if (file.size > BROADCAST_MEDIA_MAX_BYTES[kind]) return t("composer.media.tooBig", { kind: t(`composer.media.kind.${kind}`), mb: BROADCAST_MEDIA_MAX_BYTES[kind] / MB });
    return null;
  };

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    const bad = problem(file);
    if (bad) return form.setError(name, { type: "client", message: bad });
    form.clearErrors(name);
    setUploading(file.name);
    try {
      const { size: bytes, ...uploaded } = await broadcastApi.upload(accountId, file);
      setSize(bytes);
      form.setValue(name, uploaded, { shouldDirty: true, shouldValidate: true });
      if (form.formState.isSubmitted || name !== "media") void form.trigger(revalidate);
    } catch (e) {
      const message = isApiError(e) ? ((e.body.details as { fields?: Record<string, string[]> } | undefined)?.fields?.file?.[0] ?? e.body.message) : t("composer.media.failed");
      form.setError(name, { type: "server", message });
    } finally {
      setUploading(null);
    }
  };

  const remove = () => {
    setSize(null);
    form.setValue(name, null, { shouldDirty: true });
    form.clearErrors(name);
    if (name !== "media") void form.trigger(revalidate);
  };

  const src = media?.type === "image" ? mediaKeySrc(accountId, media.key) : null;
  const Icon = media?.type === "video" ? Film : FileText;
  return (
    <div data-testid={testId}>
      <FieldItem control={form.control} name={name} label={t("composer.media.label")} description={t("composer.media.hint", { image: BROADCAST_MEDIA_MAX_BYTES.image / MB, video: BROADCAST_MEDIA_MAX_BYTES.video / MB, document: BROADCAST_MEDIA_MAX_BYTES.document / MB })}>
        {() => (
          <div className="space-y-3">
            {/* The field's label opens the chooser through this input; people use the button below. */}
            <FormControl>
              <input ref={input} type="file" accept={BROADCAST_MEDIA_ACCEPT} className="hidden" onChange={(e) => void pick(e.target.files?.[0])} data-testid={`${testId}-input`} />
            </FormControl>
            {media && (
              <div className="flex items-center gap-3 rounded-lg border bg-muted/30 p-2 pr-3" data-testid={`${testId}-file`} data-kind={media.type}>
                {src ? (
                  <img src={src} alt={media.fileName} className="size-14 shrink-0 rounded-md border object-cover" data-testid={`${testId}-thumb`} />
                ) : (
                  <span className="flex size-14 shrink-0 items-center justify-center rounded-md bg-primary/12 text-primary">
                    <Icon className="size-6" aria-hidden />
                  </span>
                )}
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-heading" title={media.fileName}>
                    {media.fileName}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {t(`composer.media.kind.${media.type}`)}
                    {size !== null && ` · ${humanSize(size)}`}
                  </p>
                </div>
                <Button type="button" variant="ghost" size="icon" onClick={remove} disabled={disabled || !!uploading} aria-label={t("composer.media.remove", { name: media.fileName })} data-testid={`${testId}-remove`}>
                  <X aria-hidden />
                </Button>
              </div>
            )}
            <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()} loading={!!uploading} disabled={disabled} data-testid={`${testId}-pick`}>
              {media ? <RefreshCw aria-hidden /> : <Paperclip aria-hidden />}
              {media ? t("composer.media.replace") : t("composer.media.attach")}
            </Button>
            {uploading && (
              <p className="text-xs text-muted-foreground" role="status">
                {t("composer.media.uploading", { name: uploading })}
              </p>
            )}
          </div>
        )}
      </FieldItem>
    </div>
  );
}
