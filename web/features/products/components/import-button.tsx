import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Upload } from "lucide-react";
import { Button } from "@/components/ui/button";

// The dialog (with the CSV and XLSX readers) loads when it is first opened.
const ProductImportDialog = lazy(() => import("./import-dialog"));

/** «Импорт» on the products page header (editors): opens the import stepper. */
export function ImportProductsButton({ accountId }: { accountId: string }) {
  const { t } = useTranslation("products");
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        data-testid="products-import"
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <Upload aria-hidden />
        {t("import.button")}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <ProductImportDialog accountId={accountId} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
