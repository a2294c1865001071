import {
  BLOG_LIMITS,
  BLOG_MESSAGES,
  type BlogCategory,
  blogCategoryBodySchema,
  categorySlugFromName,
} from "@common/contract/blog";
import { useQuery } from "@tanstack/react-query";
import { FormActions } from "@web/components/ui/form-actions";
import { IconButton } from "@web/components/ui/icon-button";
import { Modal } from "@web/components/ui/modal";
import { TextAreaField } from "@web/components/ui/text-area-field";
import { TextField } from "@web/components/ui/text-field";
import { useConfirmedAction } from "@web/components/ui/use-confirmed-action";
import { ApiError } from "@web/lib/api-client";
import { Pencil, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { blogCategoriesQuery } from "../api/blog-categories";
import { useDeleteCategory } from "../api/use-delete-category";
import { useSaveCategory } from "../api/use-save-category";
import { BlogCategoriesStates } from "./blog-categories-states";

type CategoryForm = {
  id: number | null;
  name: string;
  slug: string;
  description: string;
  meta_description: string;
  /** The slug was typed by hand: the name no longer writes it. */
  slugEdited: boolean;
};

const EMPTY_FORM: CategoryForm = {
  id: null,
  name: "",
  slug: "",
  description: "",
  meta_description: "",
  slugEdited: false,
};

const formOf = (category: BlogCategory): CategoryForm => ({
  id: category.id,
  name: category.name,
  slug: category.slug,
  description: category.description ?? "",
  meta_description: category.meta_description ?? "",
  slugEdited: true,
});

/** Spec 8: the server's error, else the fallback (a request that never arrived, a crash). */
const serverError = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status > 0 && error.status < 500 && typeof error.body?.error === "string"
    ? error.body.error
    : fallback;

const count = new Intl.NumberFormat("pt-BR");

/** 'Gerenciar Categorias' (spec 2): the categories with edit and delete, and the form to add or edit one. */
export function BlogCategoryModal({ onClose }: { onClose: () => void }) {
  const categories = useQuery(blogCategoriesQuery);
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const confirmed = useConfirmedAction();
  const [form, setForm] = useState<CategoryForm>(EMPTY_FORM);
  const ready = form.name.trim() !== "" && form.slug.trim() !== "";

  const onName = (name: string) =>
    setForm((current) => ({
      ...current,
      name,
      slug: current.slugEdited ? current.slug : categorySlugFromName(name),
    }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || save.isPending) return;
    const parsed = blogCategoryBodySchema.safeParse(form);
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? BLOG_MESSAGES.categorySaveFailed);
      return;
    }
    save.mutate(
      {
        id: form.id,
        body: {
          name: parsed.data.name,
          slug: parsed.data.slug,
          description: parsed.data.description,
          meta_description: parsed.data.meta_description,
        },
      },
      {
        onSuccess: () => {
          toast.success(BLOG_MESSAGES.categorySaved);
          setForm(EMPTY_FORM);
        },
        onError: (error) => toast.error(serverError(error, BLOG_MESSAGES.categorySaveFailed)),
      },
    );
  };

  const onDelete = async (category: BlogCategory) => {
    const posts = category.post_count;
    const deleted = await confirmed({
      title: `Excluir a categoria “${category.name}”?`,
      body: (
        <>
          <p>{BLOG_MESSAGES.confirmDeleteCategory}</p>
          {posts > 0 && (
            <p>
              {posts === 1 ? "O post dela continua" : `Os ${posts} posts dela continuam`} no blog, sem esta
              categoria.
            </p>
          )}
        </>
      ),
      confirmLabel: "Excluir categoria",
      danger: true,
      action: () => remove.mutateAsync(category.id),
      errorFallback: BLOG_MESSAGES.categoryDeleteFailed,
      success: BLOG_MESSAGES.categoryDeleted,
    });
    if (deleted) setForm((current) => (current.id === category.id ? EMPTY_FORM : current));
  };

  return (
    <Modal title="Gerenciar Categorias" onClose={onClose} width="max-w-2xl">
      <div className="space-y-6">
        <section aria-label="Categorias">
          <h3 className="mb-2 text-sm font-semibold text-gray-900">
            Categorias {categories.data ? `(${categories.data.length})` : ""}
          </h3>
          <div className="max-h-48 overflow-y-auto rounded-lg border border-gray-200">
            <BlogCategoriesStates>
              {(list) =>
                list.length === 0 ? (
                  <p className="p-4 text-center text-sm text-gray-500">Nenhuma categoria ainda.</p>
                ) : (
                  <ul className="divide-y divide-gray-100">
                    {list.map((category) => (
                      <li
                        key={category.id}
                        className={`flex items-center gap-3 px-3 py-2 ${form.id === category.id ? "bg-brand-50" : ""}`}
                      >
                        <div className="min-w-0 flex-1">
                          <p className="truncate text-sm font-medium text-gray-900">{category.name}</p>
                          <p className="truncate text-xs text-gray-500">
                            /{category.slug} ·{" "}
                            {category.post_count === 1
                              ? "1 post"
                              : `${count.format(category.post_count)} posts`}
                          </p>
                        </div>
                        <IconButton
                          icon={Pencil}
                          label={`Editar ${category.name}`}
                          title="Editar"
                          onClick={() => setForm(formOf(category))}
                          tone="brand"
                        />
                        <IconButton
                          icon={Trash2}
                          label={`Excluir ${category.name}`}
                          title="Excluir"
                          onClick={() => void onDelete(category)}
                          disabled={remove.isPending && remove.variables === category.id}
                          tone="danger"
                        />
                      </li>
                    ))}
                  </ul>
                )
              }
            </BlogCategoriesStates>
          </div>
        </section>

        <form onSubmit={onSubmit} noValidate className="space-y-4 border-t border-gray-100 pt-5">
          <h3 className="text-sm font-semibold text-gray-900">
            {form.id === null ? "Nova categoria" : "Editar categoria"}
          </h3>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Nome"
              value={form.name}
              maxLength={BLOG_LIMITS.categoryName}
              onChange={(event) => onName(event.target.value)}
            />
            <TextField
              label="Slug"
              value={form.slug}
              maxLength={BLOG_LIMITS.slugMax}
              hint="Gerado a partir do nome"
              onChange={(event) =>
                setForm((current) => ({
                  ...current,
                  slug: event.target.value,
                  // Cleared by hand: the name writes it again.
                  slugEdited: event.target.value !== "",
                }))
              }
            />
          </div>
          <TextAreaField
            label="Descrição"
            rows={2}
            value={form.description}
            maxLength={BLOG_LIMITS.categoryDescription}
            onChange={(event) => setForm((current) => ({ ...current, description: event.target.value }))}
          />
          <TextField
            label="Meta description"
            value={form.meta_description}
            maxLength={BLOG_LIMITS.metaDescription}
            hint={`${form.meta_description.length}/${BLOG_LIMITS.metaDescription}`}
            onChange={(event) => setForm((current) => ({ ...current, meta_description: event.target.value }))}
          />
          <FormActions
            submitLabel={form.id === null ? "Criar categoria" : "Salvar categoria"}
            onCancel={() => setForm(EMPTY_FORM)}
            pending={save.isPending}
            submitDisabled={!ready}
            divided={false}
          />
        </form>
      </div>
    </Modal>
  );
}
