import { useTranslation } from "react-i18next";
import { ExportMenu } from "@/components/export-menu";
import { productApi, type ProductsFilter } from "../api";

/** «Экспорт»: every product the table's filters match (search included) as a CSV or an XLSX file. */
export function ProductsExportMenu({ accountId, filter, total }: { accountId: string; filter: ProductsFilter; total?: number }) {
  const { t } = useTranslation("products");
  return (
    <ExportMenu
      testId="products-export"
      contentClassName="max-w-72"
      fetchFile={(format) => productApi.export(accountId, format, filter)}
      scope={total !== undefined ? t("export.scope", { count: total }) : undefined}
      labels={{ button: t("export.button"), csv: t("export.csv"), xlsx: t("export.xlsx"), done: (name) => t("export.done", { name }) }}
    />
  );
}
