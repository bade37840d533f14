import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { isApiError } from "@/lib/api";

export interface PromptRequest {
  title: string;
  description?: ReactNode;
  label: string;
  initial?: string;
  submitLabel: string;
  inputMode?: "text" | "decimal";
  /** Extra content above the field (a partner picker…). */
  extra?: ReactNode;
  /** What is wrong with the value, checked before the call (null: fine); the sentence shows under the field. */
  validate?: (value: string) => string | null;
  /** The call; its error message is shown under the field. */
  run: (value: string) => Promise<unknown>;
}

/**
 * The server's sentence for the one field: its field message when it sent one (the error's own
 * message starts "Проверьте введённые данные — ratePercent: …", with the API's key in it).
 */
function serverSentence(err: unknown): string | null {
  if (!isApiError(err)) return null;
  return Object.values(err.fieldErrors())[0] ?? err.message;
}

/** One value asked before an admin action (a reason, a rate, a payment reference); the server's message shows under the field. */
export function PromptDialog({ request, onClose }: { request: PromptRequest | null; onClose: () => void }) {
  const { t } = useTranslation("partners");
  const [value, setValue] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setValue(request?.initial ?? "");
    setError("");
  }, [request]);
  if (!request) return null;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return setError(t("admin.required"));
    const problem = request.validate?.(value.trim());
    if (problem) return setError(problem);
    setBusy(true);
    try {
      await request.run(value.trim());
      onClose();
    } catch (err) {
      setError(serverSentence(err) ?? t("admin.failed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <form onSubmit={submit} className="space-y-4">
          <DialogHeader>
            <DialogTitle>{request.title}</DialogTitle>
            {request.description && <DialogDescription>{request.description}</DialogDescription>}
          </DialogHeader>
          {request.extra}
          <div className="grid gap-1.5">
            <Label htmlFor="prompt-value">{request.label}</Label>
            <Input id="prompt-value" value={value} inputMode={request.inputMode} onChange={(e) => setValue(e.target.value)} aria-invalid={!!error} aria-describedby={error ? "prompt-error" : undefined} autoFocus />
            {error && (
              <p id="prompt-error" className="text-sm text-destructive" role="alert">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onClose}>
              {t("admin.cancel")}
            </Button>
            <Button type="submit" loading={busy} data-testid="prompt-submit">
              {request.submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
