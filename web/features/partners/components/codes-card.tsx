import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { Copy, Link2, Plus, QrCode, Trash2 } from "lucide-react";
import QRCode from "qrcode";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { partnerKeys, partnerLink, partnersApi, type PartnerCode } from "@/features/partners/api";
import { isApiError } from "@/lib/api";
import { confirm } from "@/lib/confirm";
import { notify } from "@/lib/notify";

function QrDialog({ code, onClose }: { code: PartnerCode; onClose: () => void }) {
  const { t } = useTranslation("partners");
  const [src, setSrc] = useState("");
  useEffect(() => {
    QRCode.toDataURL(partnerLink(code.code), { width: 280, margin: 1 }).then(setSrc, () => setSrc(""));
  }, [code.code]);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-sm">
        <DialogHeader>
          <DialogTitle>{t("codes.qrTitle", { code: code.code })}</DialogTitle>
          <DialogDescription>{t("codes.qrText")}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col items-center gap-3">
          {src && <img src={src} alt={t("codes.qrAlt", { code: code.code })} width={280} height={280} className="rounded-md bg-white p-2" data-testid="partner-qr" />}
          {src && (
            <Button asChild variant="outline">
              <a href={src} download={`partner-${code.code}.png`}>
                {t("codes.qrDownload")}
              </a>
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function NewCodeForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("partners");
  const queryClient = useQueryClient();
  const [code, setCode] = useState("");
  const [label, setLabel] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(code.trim())) return setError(t("codes.codeRule"));
    setBusy(true);
    setError("");
    try {
      await partnersApi.createCode({ code: code.trim(), label: label.trim() || undefined });
      notify({ type: "success", message: t("codes.created") });
      await queryClient.invalidateQueries({ queryKey: partnerKeys.all() });
      onDone();
    } catch (err) {
      setError(isApiError(err) ? err.message : t("codes.createFailed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="grid gap-3 rounded-lg border bg-muted/30 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end" data-testid="partner-code-form">
      <div className="grid gap-1.5">
        <Label htmlFor="partner-code">{t("codes.code")}</Label>
        <Input id="partner-code" value={code} onChange={(e) => setCode(e.target.value)} placeholder="spring_sale" aria-invalid={!!error} aria-describedby={error ? "partner-code-error" : undefined} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="partner-label">{t("codes.label")}</Label>
        <Input id="partner-label" value={label} onChange={(e) => setLabel(e.target.value)} placeholder={t("codes.labelPlaceholder")} />
      </div>
      <Button type="submit" loading={busy}>
        {t("codes.add")}
      </Button>
      {error && (
        <p id="partner-code-error" className="text-sm text-destructive sm:col-span-3" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** The partner's links: the default code and campaign codes, each with copy, a QR code, on/off and removal. */
export function CodesCard({ codes, canEdit }: { codes: PartnerCode[]; canEdit: boolean }) {
  const { t } = useTranslation("partners");
  const queryClient = useQueryClient();
  const [qr, setQr] = useState<PartnerCode | null>(null);
  const [adding, setAdding] = useState(false);
  const copy = async (c: PartnerCode) => {
    try {
      await navigator.clipboard.writeText(partnerLink(c.code));
      notify({ type: "success", message: t("codes.copied") });
    } catch {
      notify({ type: "error", message: t("codes.copyFailed") });
    }
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: partnerKeys.all() });
  const toggle = async (c: PartnerCode, active: boolean) => {
    await partnersApi.updateCode(c.id, { active });
    await refresh();
  };
  const remove = async (c: PartnerCode) => {
    if (!(await confirm({ title: t("codes.deleteTitle"), message: t("codes.deleteMessage", { code: c.code }), confirmText: t("codes.delete") }))) return;
    await partnersApi.deleteCode(c.id);
    notify({ type: "success", message: t("codes.deleted") });
    await refresh();
  };
  return (
    <Card>
      <CardHeader className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle>{t("codes.title")}</CardTitle>
          <CardDescription>{t("codes.description")}</CardDescription>
        </div>
        {canEdit && !adding && (
          <Button variant="outline" onClick={() => setAdding(true)} data-testid="partner-code-add">
            <Plus aria-hidden />
            {t("codes.add")}
          </Button>
        )}
      </CardHeader>
      <CardContent className="space-y-3">
        {adding && <NewCodeForm onDone={() => setAdding(false)} />}
        <ul className="divide-y rounded-lg border" data-testid="partner-codes">
          {codes.map((c) => (
            <li key={c.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
              <Link2 className="hidden size-5 shrink-0 text-muted-foreground sm:block" aria-hidden />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-mono font-medium text-heading">{c.code}</span>
                  {c.isDefault && <Badge variant="secondary">{t("codes.default")}</Badge>}
                  {!c.active && <Badge variant="warning">{t("codes.off")}</Badge>}
                  {c.label && <span className="text-sm text-muted-foreground">{c.label}</span>}
                </div>
                <p className="truncate text-sm text-muted-foreground" data-testid={`partner-link-${c.code}`}>
                  {partnerLink(c.code)}
                </p>
              </div>
              <div className="flex items-center gap-1">
                <Button variant="ghost" size="icon" aria-label={t("codes.copy", { code: c.code })} onClick={() => copy(c)}>
                  <Copy aria-hidden />
                </Button>
                <Button variant="ghost" size="icon" aria-label={t("codes.qr", { code: c.code })} onClick={() => setQr(c)}>
                  <QrCode aria-hidden />
                </Button>
                {canEdit && !c.isDefault && (
                  <>
                    <Switch checked={c.active} onCheckedChange={(v) => toggle(c, v)} aria-label={t("codes.toggle", { code: c.code })} className="mx-2" />
                    <Button variant="ghost" size="icon" aria-label={t("codes.deleteLabel", { code: c.code })} onClick={() => remove(c)}>
                      <Trash2 aria-hidden />
                    </Button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
      {qr && <QrDialog code={qr} onClose={() => setQr(null)} />}
    </Card>
  );
}
