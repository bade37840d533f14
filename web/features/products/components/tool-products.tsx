import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import { formatMoney } from "../money";
import { productsOfToolResult, promotionsOfToolResult } from "../tool-result";

const price = (v: number | string, currency: string) => (typeof v === "number" ? formatMoney(v, currency) : v);

/**
 * A catalogue tool's result in a trace, readable at a glance: «Рюкзак · 3 490,00 ₽ (4 190,00 ₽) · В
 * наличии» per product, the first `limit` of them. Renders nothing for other tools.
 */
export function ToolProducts({ name, content, limit = 3, className }: { name: string; content: string; limit?: number; className?: string }) {
  const { t } = useTranslation("common");
  const products = productsOfToolResult(name, content);
  if (!products) return <ToolPromotions name={name} content={content} limit={limit} className={className} />;
  if (products.length === 0) return <p className={cn("text-[0.75rem] text-muted-foreground", className)}>{t("catalogue.nothingFound")}</p>;
  const shown = products.slice(0, limit);
  return (
    <ul className={cn("grid gap-0.5 text-[0.75rem]", className)} data-testid="tool-products">
      {shown.map((p, i) => (
        <li key={i} className="line-clamp-2">
          <span className="font-medium text-foreground">{p.name}</span>
          {p.price !== null && <span className="tabular-nums"> · {price(p.price, p.currency)}</span>}
          {p.oldPrice !== null && (
            <>
              {" "}
              <span className="sr-only">{t("catalogue.oldPrice")}</span>
              <s className="text-muted-foreground tabular-nums">{price(p.oldPrice, p.currency)}</s>
            </>
          )}
          {p.availability && <span className="text-muted-foreground"> · {t(`catalogue.availability.${p.availability}`, { defaultValue: p.availability.toLowerCase() })}</span>}
        </li>
      ))}
      {products.length > shown.length && <li className="text-muted-foreground">{t("catalogue.more", { count: products.length - shown.length })}</li>}
    </ul>
  );
}

/** A list_promotions result: «Весенняя скидка · 10% · SPRING10» per promotion. */
function ToolPromotions({ name, content, limit, className }: { name: string; content: string; limit: number; className?: string }) {
  const { t } = useTranslation("common");
  const promotions = promotionsOfToolResult(name, content);
  if (!promotions) return null;
  if (promotions.length === 0) return <p className={cn("text-[0.75rem] text-muted-foreground", className)}>{t("catalogue.noPromotions")}</p>;
  return (
    <ul className={cn("grid gap-0.5 text-[0.75rem]", className)} data-testid="tool-promotions">
      {promotions.slice(0, limit).map((p, i) => (
        <li key={i} className="line-clamp-2">
          <span className="font-medium text-foreground">{p.name}</span>
          {p.benefit && <span> · {p.benefit}</span>}
          {p.code && <span className="font-mono text-muted-foreground"> · {p.code}</span>}
        </li>
      ))}
      {promotions.length > limit && <li className="text-muted-foreground">{t("catalogue.morePromotions", { count: promotions.length - limit })}</li>}
    </ul>
  );
}
