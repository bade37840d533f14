import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueries, useQuery } from "@tanstack/react-query";
import { Plus, X } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { Label } from "@/components/ui/label";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { flattenCategories, productApi, productKeys, productQueries } from "@/features/products/api";
import { formatMoney } from "@/features/products/money";

/** The categories a promotion applies to: a checkbox per category of the tree. */
export function CategoryPicker({ accountId, value, onChange }: { accountId: string; value: string[]; onChange: (next: string[]) => void }) {
  const { t } = useTranslation("products");
  const tree = useQuery(productQueries.categories(accountId));
  const items = flattenCategories(tree.data?.data ?? []);
  if (tree.isSuccess && items.length === 0) return <p className="text-sm text-muted-foreground">{t("promotions.form.noCategories")}</p>;
  return (
    <ul className="grid max-h-52 gap-1 overflow-y-auto rounded-md border border-border p-2" data-testid="promotion-categories">
      {items.map(({ category, depth }) => {
        const id = `promo-cat-${category.categoryId}`;
        const on = value.includes(category.categoryId);
        return (
          <li key={category.categoryId} className={depth ? "ms-6 flex items-center gap-2" : "flex items-center gap-2"}>
            <Checkbox id={id} checked={on} onCheckedChange={(c) => onChange(c === true ? [...value, category.categoryId] : value.filter((x) => x !== category.categoryId))} />
            <Label htmlFor={id} className="cursor-pointer font-normal">
              {category.name}
            </Label>
          </li>
        );
      })}
    </ul>
  );
}

/** The products a promotion applies to: chosen ones as chips, more found by name in a popover. */
export function ProductPicker({ accountId, value, onChange }: { accountId: string; value: string[]; onChange: (next: string[]) => void }) {
  const { t } = useTranslation("products");
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState("");
  const found = useQuery({ ...productQueries.search(accountId, q), enabled: open });
  const chosen = useQueries({
    queries: value.map((id) => ({ queryKey: productKeys.detail(accountId, id), queryFn: () => productApi.get(accountId, id), staleTime: 60_000 })),
  });
  return (
    <div className="grid gap-2" data-testid="promotion-products">
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5">
          {value.map((id, i) => (
            <li key={id}>
              <Badge variant="secondary" className="gap-1 pe-1">
                {chosen[i]?.data?.name ?? "…"}
                <button type="button" className="rounded-full p-0.5 hover:bg-muted" aria-label={t("promotions.form.removeProduct", { name: chosen[i]?.data?.name ?? "" })} onClick={() => onChange(value.filter((x) => x !== id))}>
                  <X className="size-3" aria-hidden />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button type="button" variant="outline" size="sm" className="w-fit" data-testid="promotion-product-add">
            <Plus aria-hidden />
            {t("promotions.form.addProduct")}
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-80 p-0" align="start">
          <Command shouldFilter={false}>
            <CommandInput placeholder={t("promotions.form.searchProduct")} value={q} onValueChange={setQ} />
            <CommandList>
              <CommandEmpty>{found.isPending ? t("promotions.form.searching") : t("promotions.form.noProducts")}</CommandEmpty>
              <CommandGroup>
                {(found.data?.data ?? []).map((p) => (
                  <CommandItem key={p.productId} value={p.productId} disabled={value.includes(p.productId)} onSelect={() => onChange([...value, p.productId])} data-testid="promotion-product-option">
                    <span className="min-w-0 flex-1 truncate">{p.name}</span>
                    <span className="text-xs text-muted-foreground tabular-nums">{formatMoney(p.price, p.currency)}</span>
                  </CommandItem>
                ))}
              </CommandGroup>
            </CommandList>
          </Command>
        </PopoverContent>
      </Popover>
    </div>
  );
}
