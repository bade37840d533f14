import { ImagePlus, Loader2 } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FieldPath, FieldValues } from "react-hook-form";
import { FieldItem, type FieldProps } from "@/components/form/field";
import { Button } from "@/components/ui/button";
import { FormControl } from "@/components/ui/form";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { isApiError } from "@/lib/api";
import { notify } from "@/lib/notify";
import { helpApi } from "../../api";
import { HelpMarkdown } from "../help-markdown";

/**
 * A markdown text with "Write" and "Preview" tabs (the preview is the reader's rendering). With
 * `images`, an upload button stores a picture in R2 and inserts `![](…)` at the cursor.
 */
export function MarkdownField<T extends FieldValues, N extends FieldPath<T>>({ images, rows = 8, ...props }: FieldProps<T, N> & { images?: boolean; rows?: number }) {
  const { t } = useTranslation("help");
  const area = useRef<HTMLTextAreaElement | null>(null);
  const file = useRef<HTMLInputElement | null>(null);
  const [uploading, setUploading] = useState(false);
  return (
    <FieldItem {...props} description={props.description ?? t("admin.markdownHint")}>
      {(field) => {
        const insert = (text: string) => {
          const el = area.current;
          const value = String(field.value ?? "");
          const at = el ? el.selectionStart : value.length;
          field.onChange(`${value.slice(0, at)}${text}${value.slice(at)}`);
        };
        const upload = async (f: File | undefined) => {
          if (!f) return;
          setUploading(true);
          try {
            const { url } = await helpApi.uploadImage(f);
            insert(`\n![${f.name.replace(/\.[^.]+$/, "")}](${url})\n`);
          } catch (e) {
            notify({ type: "error", message: isApiError(e) ? e.message : t("admin.uploadFailed") });
          } finally {
            setUploading(false);
            if (file.current) file.current.value = "";
          }
        };
        return (
          <Tabs defaultValue="write" className="gap-2">
            <div className="flex items-center justify-between gap-2">
              <TabsList>
                <TabsTrigger value="write">{t("admin.write")}</TabsTrigger>
                <TabsTrigger value="preview" data-testid="markdown-preview-tab">
                  {t("admin.preview")}
                </TabsTrigger>
              </TabsList>
              {images && (
                <>
                  <input ref={file} type="file" accept="image/png,image/jpeg,image/webp,image/gif" className="sr-only" tabIndex={-1} aria-hidden onChange={(e) => void upload(e.target.files?.[0])} />
                  <Button type="button" variant="outline" size="sm" disabled={uploading} onClick={() => file.current?.click()}>
                    {uploading ? <Loader2 className="animate-spin" aria-hidden /> : <ImagePlus aria-hidden />}
                    {t("admin.insertImage")}
                  </Button>
                </>
              )}
            </div>
            <TabsContent value="write">
              <FormControl>
                <Textarea
                  {...field}
                  ref={(el) => {
                    area.current = el;
                    field.ref(el);
                  }}
                  rows={rows}
                  className="font-mono text-[0.8125rem]"
                />
              </FormControl>
            </TabsContent>
            <TabsContent value="preview" className="min-h-32 rounded-md border border-border p-4" data-testid="markdown-preview">
              {String(field.value ?? "").trim() ? <HelpMarkdown>{String(field.value)}</HelpMarkdown> : <p className="text-sm text-muted-foreground">{t("admin.previewEmpty")}</p>}
            </TabsContent>
          </Tabs>
        );
      }}
    </FieldItem>
  );
}
