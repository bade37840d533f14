import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Upload } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Can } from "@/lib/ability";

// The dialog (with the CSV and XLSX readers) loads when it is first opened.
const ImportDialog = lazy(() => import("./import-dialog"));

/** «Импорт» on the contacts page header (admins and owners): opens the import stepper. */
export function ImportContactsButton({ accountId }: { accountId: string }) {
  const { t } = useTranslation("contactImport");
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return (
    <Can I="create" a="Contact">
      <Button
        variant="outline"
        data-testid="contacts-import"
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <Upload aria-hidden />
        {t("button")}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <ImportDialog accountId={accountId} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </Can>
  );
}
