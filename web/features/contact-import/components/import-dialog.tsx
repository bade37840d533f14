import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Table } from "@worker/features/contact-import/import-format";
import { ImportStepper } from "@/components/import/import-stepper";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/utils";
import { contactKeys } from "@/features/contacts/api";
import { importKeys } from "../api";
import { ImportRun } from "./import-run";
import { MappingStep } from "./mapping-step";
import { UploadStep } from "./upload-step";

type Step = { kind: "upload" } | { kind: "mapping"; file: File; table: Table } | { kind: "run"; importId: string };
const STEPS = ["file", "mapping", "run"] as const;

/**
 * The import stepper: file → columns → run (progress, then the report). Closing it does not stop
 * an import; the upload step lists the latest imports, and one can be reopened from there.
 */
export default function ImportDialog({ accountId, open, onOpenChange }: { accountId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("contactImport");
  const qc = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: "upload" });
  const current = step.kind === "upload" ? 0 : step.kind === "mapping" ? 1 : 2;
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      // Contacts the import wrote show up in the list once the dialog closes.
      void qc.invalidateQueries({ queryKey: contactKeys.all(accountId) });
      void qc.invalidateQueries({ queryKey: importKeys.list(accountId) });
      // Opened again, it starts with a new file; a running import is in the latest imports list.
      setStep({ kind: "upload" });
    }
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className={cn("gap-5", step.kind === "mapping" ? "sm:max-w-5xl" : "sm:max-w-2xl")} data-testid="import-dialog" persistent>
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription asChild>
            <div>
              <ImportStepper steps={STEPS.map((s) => t(`steps.${s}`))} current={current} label={t("title")} />
            </div>
          </DialogDescription>
        </DialogHeader>
        {step.kind === "upload" && (
          <UploadStep accountId={accountId} onRead={(file, table) => setStep({ kind: "mapping", file, table })} onOpenImport={(importId) => setStep({ kind: "run", importId })} />
        )}
        {step.kind === "mapping" && (
          <MappingStep accountId={accountId} file={step.file} table={step.table} onBack={() => setStep({ kind: "upload" })} onStarted={(importId) => setStep({ kind: "run", importId })} />
        )}
        {step.kind === "run" && <ImportRun accountId={accountId} importId={step.importId} onAgain={() => setStep({ kind: "upload" })} onClose={() => close(false)} />}
      </DialogContent>
    </Dialog>
  );
}
