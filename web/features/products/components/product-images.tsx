import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from "@dnd-kit/core";
import { arrayMove, horizontalListSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ImagePlus, X } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { isApiError } from "@/lib/api";
import { cn } from "@/lib/utils";
import { mediaSrc } from "@/features/chat/utils";
import { productApi } from "../api";

export type ProductImage = { key: string; url: string };

export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"];
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES = 10;

function Thumb({ image, index, onRemove }: { image: ProductImage; index: number; onRemove: () => void }) {
  const { t } = useTranslation("products");
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: image.key });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn("group relative size-24 shrink-0 overflow-hidden rounded-md border border-border bg-muted", isDragging && "z-10 shadow-lg")}
      data-testid="product-image"
    >
      <button type="button" className="size-full cursor-grab touch-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none active:cursor-grabbing" aria-label={t("form.images.move", { n: index + 1 })} {...attributes} {...listeners}>
        <img src={mediaSrc(image.url) ?? undefined} alt="" className="size-full object-cover" draggable={false} />
      </button>
      {index === 0 && (
        <Badge variant="solid" className="pointer-events-none absolute start-1 bottom-1 px-1.5 py-0 text-[0.6875rem]">
          {t("form.images.cover")}
        </Badge>
      )}
      <Button type="button" variant="secondary" size="icon" className="absolute end-1 top-1 size-6 rounded-full opacity-90" aria-label={t("form.images.remove", { n: index + 1 })} onClick={onRemove} data-testid="product-image-remove">
        <X className="size-3.5" aria-hidden />
      </Button>
    </li>
  );
}

/**
 * The product's images: upload several (JPEG, PNG, WebP up to 5 MB each), drag to reorder (the
 * first is the cover; the keyboard works too: Space, arrows, Space), remove.
 */
export function ProductImages({ accountId, value, onChange }: { accountId: string; value: ProductImage[]; onChange: (next: ProductImage[]) => void }) {
  const { t } = useTranslation("products");
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const latest = useRef(value);
  latest.current = value;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = value.findIndex((i) => i.key === active.id);
    const to = value.findIndex((i) => i.key === over.id);
    if (from >= 0 && to >= 0) onChange(arrayMove(value, from, to));
  };

  const upload = async (files: File[]) => {
    setError(null);
    const room = MAX_IMAGES - value.length;
    if (files.length > room) setError(t("form.images.tooMany", { max: MAX_IMAGES }));
    for (const file of files.slice(0, Math.max(0, room))) {
      if (!IMAGE_TYPES.includes(file.type)) {
        setError(t("form.images.type", { name: file.name }));
        continue;
      }
      if (file.size > MAX_IMAGE_BYTES) {
        setError(t("form.images.size", { name: file.name }));
        continue;
      }
      setUploading((n) => n + 1);
      try {
        const image = await productApi.uploadImage(accountId, file);
        latest.current = [...latest.current, image];
        onChange(latest.current);
      } catch (e) {
        setError(isApiError(e) ? e.message : t("form.images.failed", { name: file.name }));
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  return (
    <div className="grid gap-2">
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={value.map((i) => i.key)} strategy={horizontalListSortingStrategy}>
          <ul className="flex flex-wrap gap-2" aria-label={t("form.images.label")}>
            {value.map((image, i) => (
              <Thumb key={image.key} image={image} index={i} onRemove={() => onChange(value.filter((x) => x.key !== image.key))} />
            ))}
            {value.length < MAX_IMAGES && (
              <li>
                <button
                  type="button"
                  onClick={() => input.current?.click()}
                  className="flex size-24 flex-col items-center justify-center gap-1 rounded-md border-2 border-dashed border-border text-xs text-muted-foreground transition-colors hover:border-primary hover:text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  data-testid="product-image-add"
                >
                  {uploading > 0 ? <Spinner className="size-5" /> : <ImagePlus className="size-5" aria-hidden />}
                  {uploading > 0 ? t("form.images.uploading") : t("form.images.add")}
                </button>
              </li>
            )}
          </ul>
        </SortableContext>
      </DndContext>
      <input
        ref={input}
        type="file"
        multiple
        accept={IMAGE_TYPES.join(",")}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = "";
          void upload(files);
        }}
        data-testid="product-image-input"
      />
      <p className="text-xs text-muted-foreground">{t("form.images.hint", { max: MAX_IMAGES })}</p>
      {error && (
        <p className="text-sm text-destructive" role="alert" data-testid="product-image-error">
          {error}
        </p>
      )}
    </div>
  );
}
