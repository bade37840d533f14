import { useTranslation } from "react-i18next";
import { useFormContext } from "react-hook-form";
import { Link, useParams } from "react-router";
import { Package } from "lucide-react";
import { SwitchField } from "@/components/form/switch-field";
import type { AssistantFormValues } from "../schemas";

/**
 * «Знает каталог»: with it on, the assistant gets the catalogue tools (search_products, get_product,
 * list_promotions) and answers about prices, stock and current promotions from the account's data.
 */
export function CatalogueField({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation("assistants");
  const { accountId = "" } = useParams();
  const form = useFormContext<AssistantFormValues>();
  const on = form.watch("knowsCatalogue");
  return (
    <div className="grid gap-2">
      <SwitchField
        control={form.control}
        name="knowsCatalogue"
        label={
          <span className="inline-flex items-center gap-2">
            <Package className="size-4 text-primary" aria-hidden />
            {t("editor.catalogue.label")}
          </span>
        }
        description={t("editor.catalogue.hint")}
        disabled={disabled}
        data-testid="knows-catalogue"
      />
      {on && (
        <p className="text-[0.8125rem] text-muted-foreground">
          {t("editor.catalogue.on")}{" "}
          <Link to={`/${accountId}/products`} className="text-primary underline underline-offset-4">
            {t("editor.catalogue.products")}
          </Link>
          {" · "}
          <Link to={`/${accountId}/promotions`} className="text-primary underline underline-offset-4">
            {t("editor.catalogue.promotions")}
          </Link>
        </p>
      )}
    </div>
  );
}
