import { useTranslation } from "react-i18next";
import { ImageOff } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { mediaSrc } from "@/features/chat/utils";
import type { Product } from "../api";
import { formatMoney } from "../money";

const AVAILABILITY_VARIANT = { in_stock: "success", out_of_stock: "destructive", on_order: "warning" } as const;

/** «В наличии (12)», «Нет в наличии», «Под заказ» as a tonal badge. */
export function AvailabilityBadge({ product }: { product: Pick<Product, "availability" | "stockCount"> }) {
  const { t } = useTranslation("products");
  const count = product.availability === "in_stock" && product.stockCount !== null ? ` · ${product.stockCount}` : "";
  return (
    <Badge variant={AVAILABILITY_VARIANT[product.availability]} data-testid="availability">
      {t(`availability.${product.availability}`)}
      {count}
    </Badge>
  );
}

/** The price in the interface language's format with the old one struck through beside it (`inline`: on one line, for a phone's row). */
export function PriceCell({ product, inline }: { product: Pick<Product, "price" | "oldPrice" | "currency">; inline?: boolean }) {
  const { t } = useTranslation("products");
  return (
    <span className={cn("flex whitespace-nowrap tabular-nums", inline ? "items-baseline gap-2" : "flex-col items-end")} data-testid="price">
      <span className="font-medium text-heading">{formatMoney(product.price, product.currency)}</span>
      {product.oldPrice !== null && product.oldPrice > product.price && (
        <span className="text-[0.8125rem] text-muted-foreground">
          <span className="sr-only">{t("list.oldPrice")} </span>
          <s>{formatMoney(product.oldPrice, product.currency)}</s>
        </span>
      )}
    </span>
  );
}

/** The cover (the first image) as a square thumbnail, or a placeholder. */
export function Cover({ product, className }: { product: Pick<Product, "images" | "name">; className?: string }) {
  const cover = product.images[0];
  return (
    <span className={cn("flex size-11 shrink-0 items-center justify-center overflow-hidden rounded-md border border-border bg-muted", className)}>
      {cover ? <img src={mediaSrc(cover.url) ?? undefined} alt="" loading="lazy" className="size-full object-cover" /> : <ImageOff className="size-4 text-muted-foreground" aria-hidden />}
    </span>
  );
}
