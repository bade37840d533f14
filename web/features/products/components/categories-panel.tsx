import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { FolderPlus, GripVertical, Pencil, Plus, Trash2 } from "lucide-react";
import { ActionsMenu } from "@/components/actions-menu";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DropdownMenuItem, DropdownMenuSeparator } from "@/components/ui/dropdown-menu";
import { Skeleton } from "@/components/ui/skeleton";
import { confirm } from "@/lib/confirm";
import { formatNumber } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { cn } from "@/lib/utils";
import { productApi, productKeys, productQueries, type Category } from "../api";
import { CategoryDialog } from "./category-dialog";

type Editing = { category: Category | null; parent: Category | null } | null;
type Actions = {
  canEdit: boolean;
  selected?: string;
  onSelect: (id: string | undefined) => void;
  onEdit: (e: Editing) => void;
  onDelete: (c: Category) => void;
  onReorder: (parentId: string | null, next: Category[]) => void;
};

function CategoryRow({ category, depth, actions }: { category: Category; depth: number; actions: Actions }) {
  const { t } = useTranslation("products");
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: category.categoryId, disabled: !actions.canEdit });
  const selected = actions.selected === category.categoryId;
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition }} className={cn(isDragging && "relative z-10 rounded-md bg-card shadow-md")} data-testid="category-row">
      <div className={cn("group flex items-center gap-1 rounded-md pe-1", selected ? "bg-primary/10" : "hover:bg-muted", depth && "ms-5")}>
        {actions.canEdit && (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={t("categories.move", { name: category.name })}
            className="flex size-7 shrink-0 cursor-grab touch-none items-center justify-center rounded text-muted-foreground hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none active:cursor-grabbing"
          >
            <GripVertical className="size-3.5" aria-hidden />
          </button>
        )}
        <button
          type="button"
          onClick={() => actions.onSelect(selected ? undefined : category.categoryId)}
          aria-pressed={selected}
          className={cn("flex min-w-0 flex-1 items-center justify-between gap-2 py-1.5 text-start text-sm", !actions.canEdit && "ps-2", selected ? "font-medium text-primary" : "text-foreground")}
          data-testid="category-select"
        >
          <span className="truncate">{category.name}</span>
          <span className="text-xs text-muted-foreground tabular-nums">{formatNumber(category.productCount)}</span>
        </button>
        {actions.canEdit && (
          <ActionsMenu label={t("categories.actions", { name: category.name })} className="size-7" testId="category-actions">
            {depth === 0 && (
              <DropdownMenuItem onSelect={() => actions.onEdit({ category: null, parent: category })} data-testid="category-add-child">
                <FolderPlus aria-hidden />
                {t("categories.addChild")}
              </DropdownMenuItem>
            )}
            <DropdownMenuItem onSelect={() => actions.onEdit({ category, parent: null })} data-testid="category-rename">
              <Pencil aria-hidden />
              {t("categories.rename")}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={() => actions.onDelete(category)} data-testid="category-delete">
              <Trash2 aria-hidden />
              {t("categories.delete")}
            </DropdownMenuItem>
          </ActionsMenu>
        )}
      </div>
      {depth === 0 && category.children?.length > 0 && <Siblings items={category.children} parentId={category.categoryId} depth={1} actions={actions} />}
    </li>
  );
}

/** One level of the tree; its rows are dragged among themselves (a child stays under its parent). */
function Siblings({ items, parentId, depth, actions }: { items: Category[]; parentId: string | null; depth: number; actions: Actions }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((c) => c.categoryId === active.id);
    const to = items.findIndex((c) => c.categoryId === over.id);
    if (from >= 0 && to >= 0) actions.onReorder(parentId, arrayMove(items, from, to));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={items.map((c) => c.categoryId)} strategy={verticalListSortingStrategy}>
        <ul className="grid gap-0.5">
          {items.map((c) => (
            <CategoryRow key={c.categoryId} category={c} depth={depth} actions={actions} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

/** The order change applied to the cached tree at once (the server's answer follows). */
function reordered(tree: Category[], parentId: string | null, next: Category[]): Category[] {
  if (!parentId) return next;
  return tree.map((c) => (c.categoryId === parentId ? { ...c, children: next } : c));
}

/**
 * The categories beside the products table: the tree (two levels) with product counts; a click
 * filters the table. Editors add, rename, delete (after a confirmation) and drag to reorder.
 */
export function CategoriesPanel({ accountId, canEdit, selected, onSelect }: { accountId: string; canEdit: boolean; selected?: string; onSelect: (id: string | undefined) => void }) {
  const { t } = useTranslation("products");
  const qc = useQueryClient();
  const tree = useQuery(productQueries.categories(accountId));
  const [editing, setEditing] = useState<Editing>(null);

  const onReorder = async (parentId: string | null, next: Category[]) => {
    qc.setQueryData<{ data: Category[] }>(productKeys.categories(accountId), (cur) => (cur ? { ...cur, data: reordered(cur.data, parentId, next) } : cur));
    try {
      await productApi.reorderCategories(accountId, parentId, next.map((c) => c.categoryId));
    } finally {
      void qc.invalidateQueries({ queryKey: productKeys.categories(accountId) });
    }
  };
  const onDelete = async (c: Category) => {
    // The server refuses a category with subcategories (a click never empties a whole branch): say so before asking.
    if (c.children?.length) return notify({ type: "info", message: t("categories.hasChildren", { name: c.name }) });
    const ok = await confirm({ title: t("categories.deleteTitle", { name: c.name }), message: t("categories.deleteMessage", { count: c.productCount }), confirmText: t("categories.deleteConfirm") });
    if (!ok) return;
    try {
      await productApi.removeCategory(accountId, c.categoryId);
      notify({ type: "success", message: t("categories.deleted", { name: c.name }) });
      if (selected === c.categoryId) onSelect(undefined);
      await Promise.all([productKeys.categories(accountId), productKeys.all(accountId)].map((queryKey) => qc.invalidateQueries({ queryKey })));
    } catch {
      /* the snackbar said why (e.g. it still has subcategories) */
    }
  };
  const actions = { canEdit, selected, onSelect, onEdit: setEditing, onDelete: (c: Category) => void onDelete(c), onReorder: (p: string | null, n: Category[]) => void onReorder(p, n) };
  const data = tree.data?.data ?? [];

  return (
    <section aria-labelledby="categories-title" data-testid="categories-panel" className="lg:sticky lg:top-20">
      <Card className="gap-3 p-3">
      <div className="flex items-center justify-between gap-2 px-1">
        <h2 id="categories-title" className="text-sm font-semibold text-heading">
          {t("categories.title")}
        </h2>
        {canEdit && (
          <Button variant="ghost" size="sm" className="h-7 px-2" onClick={() => setEditing({ category: null, parent: null })} data-testid="category-create">
            <Plus aria-hidden />
            {t("categories.add")}
          </Button>
        )}
      </div>
      <button
        type="button"
        onClick={() => onSelect(undefined)}
        aria-pressed={!selected}
        className={cn("rounded-md px-2 py-1.5 text-start text-sm", !selected ? "bg-primary/10 font-medium text-primary" : "hover:bg-muted")}
      >
        {t("categories.all")}
      </button>
      {tree.isPending && Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="h-6 w-full" />)}
      {tree.isError && <p className="px-2 text-sm text-destructive">{t("categories.loadError")}</p>}
      {tree.isSuccess && data.length === 0 && <p className="px-2 text-sm text-muted-foreground">{canEdit ? t("categories.emptyEditor") : t("categories.empty")}</p>}
      {data.length > 0 && <Siblings items={data} parentId={null} depth={0} actions={actions} />}
      {editing && <CategoryDialog accountId={accountId} category={editing.category} parent={editing.parent} roots={data} onClose={() => setEditing(null)} />}
      </Card>
    </section>
  );
}
